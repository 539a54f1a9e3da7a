# Issue 56, compare mode: hanging_cloth under PBD and MGPBD side by side, dragged by
# tests/data/compare_drag.json with the session recorded.
# - The same hand in every pane: each pane's --stats (run-pbd.csv, run-mgpbd.csv) holds the
#   same grab index over the same frames, and the grab is held for the drag's frames.
# - The panes differ: the solvers leave different state hashes.
# - The recorded session replays to the same state hash in every pane.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
set(common --compare pbd,mgpbd --frames 120)
run_window(1280 720 ${common} --input ${DATA}/compare_drag.json --stats ${OUT}/run.csv
           --record-session ${OUT}/session.json)
csv_column(${OUT}/run-pbd.csv grab_index first)
csv_column(${OUT}/run-mgpbd.csv grab_index second)
if(NOT first STREQUAL second)
  message(FATAL_ERROR "the panes held different particles:\n${first}\n${second}")
endif()
list(FILTER first EXCLUDE REGEX "^-1$")
list(LENGTH first held)
list(REMOVE_DUPLICATES first)
list(LENGTH first grabbed)
if(held LESS 60 OR NOT grabbed EQUAL 1)
  message(FATAL_ERROR "expected one particle held for the drag's 70 frames: ${held} frames, "
                      "particles ${first}")
endif()
csv_last(${OUT}/run-pbd.csv state_hash pbd)
csv_last(${OUT}/run-mgpbd.csv state_hash mgpbd)
if(pbd STREQUAL mgpbd)
  message(FATAL_ERROR "both panes end on state_hash ${pbd}: the solvers did not both run")
endif()
run_window(1280 720 ${common} --input ${OUT}/session.json --stats ${OUT}/replay.csv)
csv_same_last_hash(${OUT}/run-pbd.csv ${OUT}/replay-pbd.csv)
csv_same_last_hash(${OUT}/run-mgpbd.csv ${OUT}/replay-mgpbd.csv)
message(STATUS "compare: particle ${first} held ${held} frames in both panes; replay ends on "
               "${pbd} (PBD) and ${mgpbd} (MGPBD) as recorded")
