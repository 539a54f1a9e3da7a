# Issue 56, compare mode recorded: mgpbd_cloth under four solvers in four panes, --record and
# --screenshot with the panels hidden: the MP4 has one frame per simulated frame, the
# screenshot the window's size and more than one colour, each pane framed by its dark border
# and cleared to the sky, and one summary line per pane is printed.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
set(common --scene mgpbd_cloth --res 16 --frames 30 --panels hidden)
run_window(640 360 ${common} --compare pbd,xpbd,hpbd,mgpbd --record ${OUT}/compare.mp4
           --screenshot ${OUT}/compare.png)
foreach(k 1 2 3 4)
  string(REGEX MATCH "pane ${k} solver=[a-z]+: 30 frames" line "${out}")
  if(line STREQUAL "")
    message(FATAL_ERROR "no summary line for pane ${k} at frame 30:\n${out}")
  endif()
endforeach()
execute_process(
  COMMAND ${FFPROBE} -v error -count_frames -select_streams v:0
          -show_entries stream=nb_read_frames -of csv=p=0 ${OUT}/compare.mp4
  RESULT_VARIABLE rc OUTPUT_VARIABLE frames ERROR_VARIABLE err)
string(STRIP "${frames}" frames)
if(NOT rc EQUAL 0 OR NOT frames EQUAL 30)
  message(FATAL_ERROR "expected 30 video frames (30 simulated), ffprobe says '${frames}' ${err}")
endif()
check(png ${OUT}/compare.png 640 360)
check(panes ${OUT}/compare.png 2 2)
