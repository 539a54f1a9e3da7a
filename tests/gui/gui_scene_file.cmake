# Issue 17: the Scene panel's Save and Load. tests/data/scene_file.json drags
# cloth_on_sphere's sphere aside, sets iterations to 13, tries to load missing.json (refused
# with its name, the scene runs on), saves scene.json and loads it back. The saved file holds
# the moved sphere and the setting; the loaded world's 60 frames end on the state_hash of the
# same file run headless (--scene-file).
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
run_window(640 360 --scene cloth_on_sphere --input ${DATA}/scene_file.json --frames 101
           --stats ${OUT}/window.csv)
if(NOT err MATCHES "cannot load the scene file missing.json \\(the running scene is kept\\)")
  message(FATAL_ERROR "the refused load did not name missing.json")
endif()
# Display frame 40 still runs the scene the bad load left alone: its frame 41.
file(STRINGS ${OUT}/window.csv rows)
list(GET rows 41 row40)
string(REPLACE "," ";" row40 "${row40}")
list(GET row40 0 frame40)
if(NOT frame40 EQUAL 41)
  message(FATAL_ERROR "row 41 of the stats is frame ${frame40}, expected 41: the bad load "
                      "disturbed the running scene")
endif()
file(READ ${OUT}/scene.json saved)
string(JSON iterations GET "${saved}" settings iterations)
string(JSON sphereX GET "${saved}" colliders 1 center 0)
if(NOT iterations EQUAL 13 OR sphereX LESS 0.15)
  message(FATAL_ERROR "scene.json: iterations ${iterations}, sphere x ${sphereX}; expected 13 "
                      "and the sphere dragged at least 0.15 m to +x")
endif()
execute_process(COMMAND ${EXE} --headless --scene-file ${OUT}/scene.json --frames 60
                        --stats ${OUT}/headless.csv RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the headless run of scene.json exited with ${rc}")
endif()
csv_last(${OUT}/window.csv state_hash window)
csv_last(${OUT}/window.csv frame frame)
csv_last(${OUT}/headless.csv state_hash headless)
if(NOT frame EQUAL 60 OR NOT window STREQUAL headless)
  message(FATAL_ERROR "loaded in the window: frame ${frame} state_hash ${window}; "
                      "headless --scene-file: frame 60 ${headless}")
endif()
message(STATUS "scene file: sphere saved at x = ${sphereX}, iterations ${iterations}; "
               "state_hash ${window} at frame 60 in the window and headless")
