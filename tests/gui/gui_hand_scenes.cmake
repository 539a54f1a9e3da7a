# Issue 54, a hard yank of every cloth scene at its defaults (tests/data/yank_scene_*.json:
# press at frame 60, 500 px right and 300 px up over 6 frames, hold to frame 140): every
# frame finite and under 3x the run's median plus 20 ms, and max strain at most 2 while held
# where tearing is off (rotating_barrel too: the hand yields to the cloth the turning barrel
# carries away; docs/notes/hands-on.md). Then a knife stroke across tearable_cloth
# (tests/data/knife_tearable.json) under the same frame bound, on every solver.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
# Pressed where the scene is drawn at the window's centre, or on a named particle where the
# centre is not cloth at frame 60.
foreach(scene curtain cloth_on_sphere softbody_on_cloth mgpbd_cloth self_collision_fold
        cloth_on_mesh rigid_stack hanging_cloth moving_sphere balloon tearable_cloth
        rotating_barrel)
  set(script ${DATA}/yank_scene_${scene}.json)
  if(NOT EXISTS ${script})
    set(script ${DATA}/yank_scene_centre.json)
  endif()
  run_window(1280 720 --scene ${scene} --input ${script} --frames 180
             --stats ${OUT}/yank_${scene}.csv)
  if(scene STREQUAL "tearable_cloth")
    check(hand ${OUT}/yank_${scene}.csv)
  else()
    check(hand ${OUT}/yank_${scene}.csv 2)
  endif()
endforeach()
foreach(solver pbd xpbd hpbd mgpbd)
  run_window(1280 720 --scene tearable_cloth --solver ${solver} --input ${DATA}/knife_tearable.json
             --frames 300 --stats ${OUT}/knife_${solver}.csv)
  check(cut ${OUT}/knife_${solver}.csv)
endforeach()
