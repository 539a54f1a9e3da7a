# Issue 17: a file dropped on the window goes through the drop handler (onDrop, what GLFW's
# drop callback calls), here through the scripted "drop" event. tests/data/cube.obj is a
# closed surface: it becomes a soft body (TetGen) that replaces the hanging cloth, falls and
# lands on the ground; the run exits 0 and its last frame is saved.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
file(WRITE ${OUT}/drop.json
     "{\"events\": [{\"frame\": 10, \"type\": \"drop\", \"path\": \"${DATA}/cube.obj\"}]}")
run_window(640 360 --input ${OUT}/drop.json --frames 90 --stats ${OUT}/drop.csv
           --screenshot ${OUT}/drop.png)
if(NOT err MATCHES "loaded [^\n]*cube.obj" OR NOT out MATCHES "imported particles=")
  message(FATAL_ERROR "the dropped cube was not loaded as the scene")
endif()
if(NOT err MATCHES "as a softbody \\(closed surface\\)")
  message(FATAL_ERROR "the closed cube was not taken for a soft body")
endif()
# The imported world starts at t = 0 when the drop lands (frame 10), so after 80 more
# displayed frames of 1/60 s its clock reads 1.33 s (the hanging cloth's would read 1.5 s).
csv_last(${OUT}/drop.csv time time)
if(NOT time MATCHES "^1\\.3[234]")
  message(FATAL_ERROR "the imported scene's clock reads ${time} s, expected 1.33 (80 frames)")
endif()
check(png ${OUT}/drop.png 640 360)
message(STATUS "drop: cube.obj loaded as a soft body and ran 80 frames")
