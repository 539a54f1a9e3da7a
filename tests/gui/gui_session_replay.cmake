# Issue 17: a recorded session replays exactly. tests/data/session_demo.json (a drag, two
# Solver-panel edits as "set" events, a knife stroke) runs in the window with
# --record-session; the recording must hold the drag, the panel edits and the knife, and
# replaying the recording (not the original script) must end on the same state_hash, with the
# cloth cut in two. A run without the panel edits must end elsewhere, so the hash compares
# something the edits changed.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
set(common --frames 200)
run_window(1280 720 --input ${DATA}/session_demo.json --record-session ${OUT}/session.json
           --stats ${OUT}/recorded.csv ${common})
file(READ ${OUT}/session.json recording)
foreach(want [["type": "set", "name": "iterations", "value": 20]]
             [["type": "set", "name": "substeps", "value": 3]] [["type": "key", "key": "K"]]
             [["type": "grab", "particle":]] [["type": "grab_end"]] [["type": "cut", "eye":]])
  string(REPLACE " " "" want "${want}")
  string(FIND "${recording}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the recorded session has no ${want}:\n${recording}")
  endif()
endforeach()
run_window(1280 720 --input ${OUT}/session.json --stats ${OUT}/replayed.csv ${common})
csv_last(${OUT}/recorded.csv state_hash recorded)
csv_last(${OUT}/replayed.csv state_hash replayed)
csv_last(${OUT}/replayed.csv components pieces)
csv_last(${OUT}/replayed.csv frame frame)
if(NOT frame EQUAL 200 OR NOT pieces EQUAL 2)
  message(FATAL_ERROR "replay: frame ${frame}, ${pieces} pieces; expected frame 200, 2 pieces")
endif()
if(NOT recorded STREQUAL replayed)
  message(FATAL_ERROR "state_hash at frame 200: recorded ${recorded}, replayed ${replayed}")
endif()
# The same session without its panel edits.
file(READ ${OUT}/session.json text)
string(REGEX REPLACE "\n  {[^\n]*\"type\":\"set\"[^\n]*}," "" text "${text}")
file(WRITE ${OUT}/no_set.json "${text}")
run_window(1280 720 --input ${OUT}/no_set.json --stats ${OUT}/no_set.csv ${common})
csv_last(${OUT}/no_set.csv state_hash other)
if(other STREQUAL replayed)
  message(FATAL_ERROR "the panel edits changed nothing: state_hash ${other} without them too")
endif()
message(STATUS "session replay: state_hash ${replayed} at frame 200 in both runs "
               "(${other} without the panel edits)")
