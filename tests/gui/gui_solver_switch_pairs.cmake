# tests/data/switch_pairs.json on hanging_cloth at its defaults: the solver keys pressed
# mid-drag cover all 12 ordered pairs of PBD, XPBD, HPBD and MGPBD; in every switch frame the
# largest free-particle move is at most 1.5x the frame before (the --stats max_displacement
# and solver_kind columns).
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
run_window(1280 720 --input ${DATA}/switch_pairs.json --frames 360 --stats ${OUT}/switch.csv)
check(switch ${OUT}/switch.csv 12)
