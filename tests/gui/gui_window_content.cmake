# Issue 17: the window builds its world the way the headless runner does (app/load_world.h):
# a state saved headless at frame 40 and loaded by the window (--state) continues to the
# state_hash of a straight 80-frame headless run; --softbody FILE opens the imported body.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
execute_process(COMMAND ${EXE} --headless --frames 80 --stats ${OUT}/straight.csv
                RESULT_VARIABLE rc1 OUTPUT_QUIET)
execute_process(COMMAND ${EXE} --headless --frames 40 --save-state ${OUT}/s40.json
                RESULT_VARIABLE rc2 OUTPUT_QUIET)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "headless runs exited with ${rc1} and ${rc2}")
endif()
run_window(640 360 --state ${OUT}/s40.json --frames 40 --stats ${OUT}/window.csv)
csv_last(${OUT}/straight.csv state_hash straight)
csv_last(${OUT}/window.csv state_hash window)
csv_last(${OUT}/window.csv frame frame)
if(NOT frame EQUAL 80 OR NOT window STREQUAL straight)
  message(FATAL_ERROR "window from the frame-40 state: frame ${frame} state_hash ${window}; "
                      "straight headless run: frame 80 ${straight}")
endif()
run_window(640 360 --softbody ${DATA}/cube.obj --frames 10)
if(NOT out MATCHES "imported particles=8 ")
  message(FATAL_ERROR "--softbody cube.obj did not open the imported cube")
endif()
message(STATUS "window --state: state_hash ${window} at frame 80 as the straight run; "
               "--softbody opens the cube")
