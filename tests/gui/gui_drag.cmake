# tests/data/drag_corner.json at the scene's defaults, for the 250 frames its script
# describes: the grabbed particle followed the scripted cursor, and the solver switches it
# makes mid-drag (key 2: XPBD at frame 100, key 1: PBD at frame 176) caused no jump. Both are
# read from the --stats CSV's grab and max_displacement columns. The script presses on a
# particle where it is drawn (input_script_file.h), so it holds whatever the defaults are.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(1280 720 --input ${DATA}/drag_corner.json --frames 250 --stats ${OUT}/drag.csv)
check(grab ${OUT}/drag.csv)
check(switch ${OUT}/drag.csv 2)
