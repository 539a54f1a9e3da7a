# Issue 17: the session-recording key. tests/data/session_key.json presses F8 at frame 30
# (the recording starts from a reset of the scene), drags, edits two settings, cuts, and
# presses F8 again at frame 215: session-000.json appears in the working directory, and
# replaying it for the 186 frames since the reset ends on the live run's state_hash.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
set(flags --width 640 --height 360 --iterations 10 --tethers false)
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 640x360x24" ${EXE} ${flags} --input ${DATA}/session_key.json
          --frames 216 --stats ${OUT}/live.csv
  WORKING_DIRECTORY ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "live run:\n${out}${err}")
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT}/session-000.json)
  message(FATAL_ERROR "the live run exited with ${rc} and left no session-000.json")
endif()
file(READ ${OUT}/session-000.json recording)
if(NOT recording MATCHES "\"type\":\"set\",\"name\":\"iterations\"" OR
   NOT recording MATCHES "\"type\":\"key\",\"key\":\"K\"" OR recording MATCHES "\"f8\"")
  message(FATAL_ERROR "session-000.json lacks the panel edit or the knife, or holds F8:\n"
                      "${recording}")
endif()
run_window(640 360 --input ${OUT}/session-000.json --frames 186 --stats ${OUT}/replay.csv
           --iterations 10 --tethers false)
csv_last(${OUT}/live.csv state_hash live)
csv_last(${OUT}/replay.csv state_hash replayed)
csv_last(${OUT}/replay.csv components pieces)
if(NOT live STREQUAL replayed OR NOT pieces EQUAL 2)
  message(FATAL_ERROR "state_hash live ${live}, replayed ${replayed} (${pieces} pieces)")
endif()
message(STATUS "F8 session: replay ends on the live run's state_hash ${live}")
