# Issue 20: --record=-version is a file name, not an ffmpeg option: the video lands in
# ./-version and ffprobe reads it (before, ffmpeg printed its version and wrote nothing).
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 320x240x24" ${EXE} --width 320 --height 240 --frames 5 --record=-version
  WORKING_DIRECTORY ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "pbd-sandbox --record=-version:\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pbd-sandbox under xvfb-run exited with ${rc}")
endif()
execute_process(
  COMMAND ${FFPROBE} -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames
          -of csv=p=0 ./-version
  WORKING_DIRECTORY ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE frames ERROR_VARIABLE err)
string(STRIP "${frames}" frames)
if(NOT rc EQUAL 0 OR NOT frames STREQUAL "5")
  message(FATAL_ERROR "expected 5 frames in ${OUT}/-version, ffprobe says '${frames}' ${err}")
endif()
message(STATUS "${OUT}/-version holds ${frames} frames")
