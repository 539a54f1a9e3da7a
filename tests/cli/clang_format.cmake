# Issue 16: the committed .clang-format is enforced. Every C++ and CUDA source of the project
# must already be formatted (clang-format --dry-run -Werror prints each difference).
set(files)
foreach(dir app sim render bench tests python)
  file(GLOB_RECURSE more ${SOURCE_DIR}/${dir}/*.h ${SOURCE_DIR}/${dir}/*.cpp
       ${SOURCE_DIR}/${dir}/*.cu ${SOURCE_DIR}/${dir}/*.cuh)
  list(APPEND files ${more})
endforeach()
list(FILTER files EXCLUDE REGEX "/tests/fuzz/corpus/")
execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror --style=file ${files}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "not formatted (run clang-format -i on these files):\n${err}")
endif()
list(LENGTH files n)
message(STATUS "checked ${n} files: formatted")
