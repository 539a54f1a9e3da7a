# The default scene for 60 frames with --screenshot: the PNG has the window size, is not one
# colour, and differs from a frame-1 screenshot in the middle of the view, where the cloth is.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(800 450 --frames 1 --screenshot ${OUT}/frame1.png)
run_window(800 450 --frames 60 --screenshot ${OUT}/frame60.png)
check(png ${OUT}/frame60.png 800 450 ${OUT}/frame1.png)
