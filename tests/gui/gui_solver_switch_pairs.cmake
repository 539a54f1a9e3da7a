# tests/data/switch_pairs.json on hanging_cloth (res 10, so MGPBD steps stay short): the
# solver keys pressed mid-drag cover all 12 ordered pairs of PBD, XPBD, HPBD and MGPBD; in
# every switch frame the largest free-particle move is under 2x the frame before (the
# --stats max_displacement and solver_kind columns).
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
# The cursor path follows the cloth under PBD at 10 iterations without tethers (as written).
run_window(640 360 --res 10 --input ${DATA}/switch_pairs.json --frames 360 --stats ${OUT}/switch.csv
           --iterations 10 --tethers false)
check(switch ${OUT}/switch.csv 12)
