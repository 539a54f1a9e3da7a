# Issue 60: seven recorded sessions with drags, at the scene's defaults, on every solver
# (tests/data/sessions/: PBD drag, XPBD drag with a Ctrl-click pin and Clear pins, HPBD drag
# and a slider, MGPBD drag and a knife stroke, a drag through all four solver keys, a dropped
# mesh dragged, two balls thrown with B under MGPBD and a drag). Each script presses F8 at
# frame 10 (the recording resets the scene) and again at its end; replaying session-000.json
# ends on the live run's state_hash.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
set(root ${OUT})
# name, the frame of the closing F8
foreach(entry pbd_drag:140 xpbd_drag_pin:140 hpbd_drag_set:140 mgpbd_drag_knife:160
              switch_all_drag:170 drop_drag:130 throw_drag:140)
  string(REPLACE ":" ";" entry ${entry})
  list(GET entry 0 name)
  list(GET entry 1 stop)
  math(EXPR live_frames "${stop} + 1")
  math(EXPR replay_frames "${stop} + 1 - 10")
  set(OUT ${root}/${name})
  file(MAKE_DIRECTORY ${OUT})
  file(COPY ${DATA}/cube.obj DESTINATION ${OUT})  # drop_drag drops it by a relative path
  run_window(1280 720 --input ${DATA}/sessions/${name}.json --frames ${live_frames}
             --stats ${OUT}/live.csv)
  if(NOT EXISTS ${OUT}/session-000.json)
    message(FATAL_ERROR "${name}: the live run left no session-000.json")
  endif()
  file(READ ${OUT}/session-000.json recording)
  if(NOT recording MATCHES "\"type\":\"grab\",\"particle\":[0-9]+")
    message(FATAL_ERROR "${name}: the recording holds no grab:\n${recording}")
  endif()
  if(name STREQUAL "xpbd_drag_pin" AND NOT recording MATCHES "\"type\":\"clear_pins\"")
    message(FATAL_ERROR "${name}: the recording holds no clear_pins:\n${recording}")
  endif()
  if(name STREQUAL "throw_drag" AND NOT recording MATCHES "\"type\":\"throw\",\"from\"")
    message(FATAL_ERROR "${name}: the recording holds no throw:\n${recording}")
  endif()
  run_window(1280 720 --input ${OUT}/session-000.json --frames ${replay_frames}
             --stats ${OUT}/replay.csv)
  csv_last(${OUT}/live.csv state_hash live)
  csv_last(${OUT}/replay.csv state_hash replayed)
  if(NOT live STREQUAL replayed)
    message(FATAL_ERROR "${name}: state_hash live ${live}, replayed ${replayed}")
  endif()
  message(STATUS "${name}: replay ends on the live run's state_hash ${live}")
endforeach()
