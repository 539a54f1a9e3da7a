# Issue 17: a collider moved with the mouse pushes the cloth. tests/data/drag_sphere.json
# presses on cloth_on_sphere's sphere below the falling cloth, holds it while the cloth lands
# on it, drags it about 0.7 m sideways and releases it. From the --stats CSV (gui_check
# collider): the held collider moved, the cloth's mean moved along with it, and no particle was
# inside a collider in any frame (penetrations 0). A session recorded during the run replays
# to the same state_hash.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
set(common --scene cloth_on_sphere --frames 150)
run_window(1280 720 --input ${DATA}/drag_sphere.json --stats ${OUT}/drag.csv
           --record-session ${OUT}/session.json ${common})
check(collider ${OUT}/drag.csv)
file(READ ${OUT}/session.json recording)
foreach(want [["type": "collider_grab", "collider":]] [["type": "collider_move"]] [["type": "collider_end"]])
  string(REPLACE " " "" want "${want}")
  string(FIND "${recording}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the recorded session has no ${want}:\n${recording}")
  endif()
endforeach()
run_window(1280 720 --input ${OUT}/session.json --stats ${OUT}/replayed.csv ${common})
check(collider ${OUT}/replayed.csv)
csv_last(${OUT}/drag.csv state_hash recorded)
csv_last(${OUT}/replayed.csv state_hash replayed)
if(NOT recorded STREQUAL replayed)
  message(FATAL_ERROR "state_hash at frame 150: recorded ${recorded}, replayed ${replayed}")
endif()
message(STATUS "collider drag: state_hash ${replayed} at frame 150, recorded and replayed")
