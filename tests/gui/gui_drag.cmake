# tests/data/drag_corner.json for 120 frames: the grabbed particle followed the scripted
# cursor, and the solver switch it makes mid-drag (key 2: XPBD) caused no jump. Both are read
# from the --stats CSV's grab and max_displacement columns.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
# The script's cursor path follows the cloth's pose under PBD at 1 substep x 10 iterations
# without tethers (the scene's defaults when it was written), so those settings are given here.
run_window(640 360 --input ${DATA}/drag_corner.json --frames 120 --stats ${OUT}/drag.csv
           --substeps 1 --iterations 10 --tethers false)
check(grab ${OUT}/drag.csv)
check(switch ${OUT}/drag.csv)
