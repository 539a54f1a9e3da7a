# The window stays responsive while the simulation lags (issue 14): bunny_squash under MGPBD
# (res 12: a step of several hundred ms) paced in real time, with tests/data/
# responsive_orbit.json orbiting the camera and pressing 1 (PBD) and Space (pause). The
# --stats rows (one per simulated frame) show frames drawn while each step ran, the camera
# moving meanwhile, and both keys taking effect.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
# The paper preset: the live preset's frame budget keeps MGPBD's step near 15 ms, too short.
# Three outer iterations: a step of 0.4-0.6 s here under load 6 (the full ten took 3-11 s, so
# a loaded machine drew too few simulated frames before the solver key at frame 160).
run_window(640 360 --scene bunny_squash --res 12 --solver mgpbd --mgpbd-preset paper
           --mgpbd-max-iterations 3 --pace realtime
           --input ${DATA}/responsive_orbit.json --frames 400 --stats ${OUT}/responsive.csv)
check(responsive ${OUT}/responsive.csv 330)
