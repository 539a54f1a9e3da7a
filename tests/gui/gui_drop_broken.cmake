# Issue 17: dropping a broken mesh (tests/data/broken_face.obj: a face names vertex 9 of 4)
# through the drop handler gives a message naming the file and the problem, and the running
# scene is untouched: it keeps running, the run exits 0, and its last state_hash equals that
# of the same run with nothing dropped.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gui_csv.cmake)
file(WRITE ${OUT}/drop.json
     "{\"events\": [{\"frame\": 10, \"type\": \"drop\", \"path\": \"${DATA}/broken_face.obj\"}]}")
file(WRITE ${OUT}/none.json "{\"events\": []}")
run_window(640 360 --input ${OUT}/drop.json --frames 40 --stats ${OUT}/drop.csv)
if(NOT err MATCHES "cannot load [^\n]*broken_face.obj[^\n]*vertex")
  message(FATAL_ERROR "no message naming broken_face.obj and its bad vertex index")
endif()
run_window(640 360 --input ${OUT}/none.json --frames 40 --stats ${OUT}/none.csv)
csv_last(${OUT}/drop.csv state_hash dropped)
csv_last(${OUT}/none.csv state_hash untouched)
csv_last(${OUT}/drop.csv frame frame)
if(NOT frame EQUAL 40 OR NOT dropped STREQUAL untouched)
  message(FATAL_ERROR "after the broken drop: frame ${frame}, state_hash ${dropped}; "
                      "without it: frame 40, ${untouched}")
endif()
message(STATUS "broken drop: named, and the scene ran on to the same state_hash ${untouched}")
