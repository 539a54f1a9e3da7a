# The optional CUDA path (sim/cuda, issue 19). PBD_CUDA=AUTO builds it when nvcc works,
# ON requires it, OFF leaves it out; the CPU build, its tests and CI are the same either way.
# nvcc is looked up as CMake does (CUDACXX, PATH), then at /usr/local/cuda/bin/nvcc, where
# the CUDA Toolkit installs it and where it is off PATH.
set(PBD_CUDA AUTO CACHE STRING "Build the CUDA kernels: AUTO (when nvcc is found), ON, OFF")
set_property(CACHE PBD_CUDA PROPERTY STRINGS AUTO ON OFF)
set(PBD_HAVE_CUDA OFF)
if(NOT PBD_CUDA MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "PBD_CUDA='${PBD_CUDA}' is invalid: use AUTO, ON or OFF")
endif()
if(NOT PBD_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(ENV{CUDACXX} /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    # H100 (sm_90) machine code plus PTX, which the driver compiles for newer GPUs.
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90-real 90-virtual)
    endif()
    enable_language(CUDA)
    # The kernels are C++17 (CMake 3.25 does not know nvcc's C++20 dialect flag).
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    find_package(CUDAToolkit)
    if(CUDAToolkit_FOUND AND TARGET CUDA::cudart AND TARGET CUDA::cusparse AND TARGET CUDA::cusolver)
      set(PBD_HAVE_CUDA ON)
    endif()
  endif()
  if(PBD_CUDA STREQUAL "ON" AND NOT PBD_HAVE_CUDA)
    message(FATAL_ERROR "PBD_CUDA=ON but no working nvcc with cudart, cuSPARSE and cuSOLVER was found "
                        "(set CUDACXX or CMAKE_CUDA_COMPILER, or configure with -DPBD_CUDA=OFF)")
  endif()
endif()
if(PBD_HAVE_CUDA)
  message(STATUS "CUDA path: ON (${CMAKE_CUDA_COMPILER}, toolkit ${CUDAToolkit_VERSION}, "
                 "architectures ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "CUDA path: OFF (PBD_CUDA=${PBD_CUDA}); --device cuda reports that it is not built")
endif()
