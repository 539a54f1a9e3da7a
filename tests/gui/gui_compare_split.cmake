# Issue 56, compare mode from a running window: tests/data/compare_split.json presses V at
# frame 20 (split into the running PBD and MGPBD) and then drags particle 1054.
# - The new pane continues from the first pane's state: its --stats rows carry the same world
#   frames as the first pane's rows of the same display frames.
# - One hand: both panes hold the same grab index in every frame after the split.
# - The session records the split as a "compare" event and replays to the same state hashes.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
run_window(1280 720 --frames 120 --input ${DATA}/compare_split.json --stats ${OUT}/run.csv
           --record-session ${OUT}/session.json)
file(READ ${OUT}/session.json recording)
string(FIND "${recording}" [["type":"compare","solvers":"pbd,mgpbd"]] at)
if(at EQUAL -1)
  message(FATAL_ERROR "the recorded session has no compare event:\n${recording}")
endif()
foreach(column frame grab_index)
  csv_column(${OUT}/run.csv ${column} first)
  csv_column(${OUT}/run-mgpbd.csv ${column} second)
  list(LENGTH second rows)
  list(LENGTH first all)
  math(EXPR skip "${all} - ${rows}")
  list(SUBLIST first ${skip} ${rows} first)
  if(rows LESS 90 OR NOT first STREQUAL second)
    message(FATAL_ERROR "${column} after the split (${rows} rows) differs:\n${first}\n${second}")
  endif()
endforeach()
list(FILTER second EXCLUDE REGEX "^-1$")
list(LENGTH second held)
if(held LESS 60)
  message(FATAL_ERROR "the grab was held ${held} frames in both panes (70 expected)")
endif()
csv_last(${OUT}/run.csv state_hash pbd)
csv_last(${OUT}/run-mgpbd.csv state_hash mgpbd)
run_window(1280 720 --frames 120 --input ${OUT}/session.json --stats ${OUT}/replay.csv)
csv_same_last_hash(${OUT}/run.csv ${OUT}/replay.csv)
csv_same_last_hash(${OUT}/run-mgpbd.csv ${OUT}/replay-mgpbd.csv)
message(STATUS "compare split: ${rows} frames in both panes, grab held ${held}; the replay "
               "ends on ${pbd} (PBD) and ${mgpbd} (MGPBD) as recorded")
