# Project-wide warning and sanitizer flags, applied through an interface target.
# CUDA sources (sim/cuda) get the same host-compiler warnings through nvcc's -Xcompiler.
add_library(pbd_warnings INTERFACE)
target_compile_options(pbd_warnings INTERFACE
  "$<$<COMPILE_LANGUAGE:CXX>:-Wall;-Wextra;-Wno-unknown-pragmas>"
  "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra,-Wno-unknown-pragmas>")
if(PBD_WERROR)
  # The ci preset: warnings are errors, and two more that catch real mistakes here
  # (a local hiding another local or a parameter; deleting through a base without a virtual
  # dtor). -Wshadow=local, since plain -Wshadow also flags enumerators named like types.
  target_compile_options(pbd_warnings INTERFACE
    "$<$<COMPILE_LANGUAGE:CXX>:-Werror;-Wshadow=local;-Wnon-virtual-dtor>"
    "$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Werror;--Werror=all-warnings>")
endif()
if(PBD_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(PBD_FUZZ)
  # libFuzzer's coverage instrumentation goes only where a fuzz target's input is parsed
  # (sim/io, the mesh readers, the targets; sim/CMakeLists.txt and tests/fuzz): on the
  # solvers it guides no fuzzer and made the sanitizer run of the tests, in the same build,
  # over twice as slow. Its main() only in the fuzz targets.
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PBD_FUZZ needs clang (libFuzzer); use the asan preset (clang++-14)")
  endif()
  set(PBD_FUZZ_COVERAGE -fsanitize=fuzzer-no-link)
endif()
