# --record writes an H.264 MP4 that ffprobe reads with one video frame per displayed frame.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(320 240 --frames 30 --record ${OUT}/clip.mp4)
execute_process(
  COMMAND ${FFPROBE} -v error -count_frames -select_streams v:0
          -show_entries stream=codec_name,nb_read_frames,r_frame_rate -of csv=p=0 ${OUT}/clip.mp4
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${out}" out)
message(STATUS "ffprobe: ${out} ${err}")
if(NOT rc EQUAL 0 OR NOT out STREQUAL "h264,60/1,30")
  message(FATAL_ERROR "expected an h264 stream at 60/1 fps with 30 frames, ffprobe says '${out}'")
endif()
