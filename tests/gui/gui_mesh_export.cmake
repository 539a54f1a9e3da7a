# Issue 17: the mesh export from the window. tests/data/mesh_export.json presses E before
# simulated frame 10 and again before frame 30: the Scene panel's default folder, meshes/ in
# the working directory, holds one OBJ per simulated frame in between (frame_000011.obj to
# frame_000030.obj), each with the cloth's vertices and faces, and the window says how many
# it wrote. An export folder that cannot be made stops the run with a message naming it.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(640 360 --input ${DATA}/mesh_export.json --frames 40)
file(GLOB written RELATIVE ${OUT}/meshes ${OUT}/meshes/*.obj)
list(LENGTH written count)
list(SORT written)
list(GET written 0 firstFile)
list(GET written -1 lastFile)
if(NOT count EQUAL 20 OR NOT firstFile STREQUAL "frame_000011.obj" OR
   NOT lastFile STREQUAL "frame_000030.obj")
  message(FATAL_ERROR "meshes/ holds ${count} OBJ files from ${firstFile} to ${lastFile}; "
                      "expected 20, frame_000011.obj to frame_000030.obj")
endif()
file(STRINGS ${OUT}/meshes/frame_000011.obj vertices REGEX "^v ")
file(STRINGS ${OUT}/meshes/frame_000011.obj faces REGEX "^f ")
list(LENGTH vertices nv)
list(LENGTH faces nf)
if(nv LESS 100 OR nf LESS 100)
  message(FATAL_ERROR "frame_000011.obj has ${nv} vertices and ${nf} faces")
endif()
if(NOT err MATCHES "mesh export stopped: 20 OBJ files in meshes/")
  message(FATAL_ERROR "the window did not say how many files it wrote")
endif()
# A folder that cannot be made (a file is in the way): the run stops and names it.
file(WRITE ${OUT}/blocker "a file, not a folder")
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 320x240x24" ${EXE} --width 320 --height 240 --frames 5
          --export-meshes ${OUT}/blocker/meshes
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "--export-meshes into a file: exit ${rc}\n${out}${err}")
if(rc EQUAL 0 OR NOT err MATCHES "cannot export meshes: ${OUT}/blocker/meshes")
  message(FATAL_ERROR "an export folder that cannot be made was not refused by name")
endif()
message(STATUS "mesh export: ${count} files, ${firstFile} to ${lastFile}, ${nv} vertices each")
