# Issue 17: the session-recording key. tests/data/session_key.json presses F8 at frame 30
# (the recording starts from a reset of the scene), drags, edits two settings, cuts, and
# presses F8 again at frame 215: session-000.json appears in the working directory, and
# replaying it for the 186 frames since the reset ends on the live run's state_hash. Issue 60:
# at the scene's defaults (no flags) and at two window sizes; the recording holds the grab
# and the knife in world space, so the camera's following does not enter the replay.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
foreach(size 640x360 1280x720)
  string(REPLACE "x" ";" wh ${size})
  list(GET wh 0 W)
  list(GET wh 1 H)
  set(dir ${OUT}/${size})
  file(MAKE_DIRECTORY ${dir})
  execute_process(
    COMMAND ${XVFB_RUN} -a -s "-screen 0 ${W}x${H}x24" ${EXE} --width ${W} --height ${H}
            --input ${DATA}/session_key.json --frames 216 --stats ${dir}/live.csv
    WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "live run at ${size}:\n${out}${err}")
  if(NOT rc EQUAL 0 OR NOT EXISTS ${dir}/session-000.json)
    message(FATAL_ERROR "the live run at ${size} exited with ${rc} and left no session-000.json")
  endif()
  file(READ ${dir}/session-000.json recording)
  if(NOT recording MATCHES "\"type\":\"set\",\"name\":\"iterations\"" OR
     NOT recording MATCHES "\"type\":\"key\",\"key\":\"K\"" OR
     NOT recording MATCHES "\"type\":\"grab\",\"particle\":[0-9]+" OR
     NOT recording MATCHES "\"type\":\"cut\"" OR recording MATCHES "\"f8\"")
    message(FATAL_ERROR "session-000.json at ${size} lacks the panel edit, the grab or the "
                        "knife, or holds F8:\n${recording}")
  endif()
  set(OUT ${dir})  # run_window works in ${OUT}
  run_window(${W} ${H} --input ${dir}/session-000.json --frames 186 --stats ${dir}/replay.csv)
  csv_last(${dir}/live.csv state_hash live)
  csv_last(${dir}/live.csv components livePieces)
  csv_last(${dir}/replay.csv state_hash replayed)
  csv_last(${dir}/replay.csv components pieces)
  if(NOT live STREQUAL replayed OR NOT pieces EQUAL livePieces OR pieces LESS 2)
    message(FATAL_ERROR "${size}: state_hash live ${live} (${livePieces} pieces), replayed "
                        "${replayed} (${pieces} pieces)")
  endif()
  message(STATUS "F8 session at ${size}: replay ends on the live run's state_hash ${live} "
                 "(${pieces} pieces)")
endforeach()
