# The default scene for 60 frames with --screenshot: the PNG has the window size, is not one
# colour, and differs from a frame-1 screenshot in the box between the panels where the
# cloth hangs (Scene panel ends at x = 310, Stats starts at x = 630 in a 960 x 540 window).
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(960 540 --frames 1 --screenshot ${OUT}/frame1.png)
run_window(960 540 --frames 60 --screenshot ${OUT}/frame60.png)
check(png ${OUT}/frame60.png 960 540 ${OUT}/frame1.png 320 40 620 320)
# --panels hidden starts without the panels: the same third frame (ImGui shows its windows
# from the second) differs where the Scene panel is drawn.
run_window(960 540 --frames 3 --screenshot ${OUT}/shown.png)
run_window(960 540 --frames 3 --panels hidden --screenshot ${OUT}/hidden.png)
check(png ${OUT}/hidden.png 960 540 ${OUT}/shown.png 20 30 300 200)
