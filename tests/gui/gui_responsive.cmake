# The window stays responsive while the simulation lags (issue 14): bunny_squash under MGPBD
# (res 12: a step of several hundred ms) paced in real time, with tests/data/
# responsive_orbit.json orbiting the camera and pressing 1 (PBD) and Space (pause). The
# --stats rows (one per simulated frame) show frames drawn while each step ran, the camera
# moving meanwhile, and both keys taking effect.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
# The paper preset: the live preset's frame budget keeps MGPBD's step near 15 ms, too short.
# Four outer iterations: 270-280 ms a step on the 2-core AMD EPYC at load 1.4 (three gave
# 194-195 ms there, under the 200 ms the check asks); three were 0.4-0.6 s under load 6 on the
# Xeon (the full ten took 3-11 s, so a loaded machine drew too few simulated frames before the
# solver key at frame 160).
run_window(640 360 --scene bunny_squash --res 12 --solver mgpbd --mgpbd-preset paper
           --mgpbd-max-iterations 4 --pace realtime
           --input ${DATA}/responsive_orbit.json --frames 400 --stats ${OUT}/responsive.csv)
check(responsive ${OUT}/responsive.csv 330)
