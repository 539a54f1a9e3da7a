# Precompiled headers: the standard-library and Eigen headers nearly every source includes (and
# GoogleTest for the tests) are parsed once per target instead of once per source. On
# sim/world/world.cpp this takes a compile from 8.6 s to 4.8 s; CI builds the tree twice (ci, and
# asan, which holds the fuzz targets too). -DPBD_PCH=OFF builds without them, to check that every
# source still includes what it uses (no CI job does this).
option(PBD_PCH "Precompile the common standard-library, Eigen and GoogleTest headers" ON)

set(PBD_PCH_HEADERS
  <Eigen/Core> <Eigen/Geometry>
  <algorithm> <array> <chrono> <cmath> <cstdint> <cstdio> <filesystem> <fstream> <functional>
  <map> <memory> <optional> <random> <span> <sstream> <string> <vector>)

# pbd_precompile(TARGET [EXTRA_HEADER...]): C++ sources of TARGET get the common headers. Used
# on the targets with many sources; the header itself takes ~10 s to build, so pbd_cli (one
# source) and pbd_app_core (three: 57.2 -> 47.9 s of compiling, for 10.4 s of header) go without.
function(pbd_precompile target)
  if(NOT PBD_PCH)
    return()
  endif()
  set(headers ${PBD_PCH_HEADERS} ${ARGN})
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
