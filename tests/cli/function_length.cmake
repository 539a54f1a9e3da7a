# Issues 16 and 55: no function in sim/, app/, python/ or render/ is over 80 lines (signature
# to closing brace), as universal-ctags sees them (--fields=+ne gives each function's first and
# last line).
execute_process(
  COMMAND ${CTAGS} -R --languages=C++ --fields=+ne --kinds-C++=f -x
          "--_xformat=%{line} %{end} %N %F" sim app python render
  WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctags failed (${rc}): ${err}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(long "")
set(count 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^([0-9]+) ([0-9]+) ([^ ]+) (.+)$")
    math(EXPR length "${CMAKE_MATCH_2} - ${CMAKE_MATCH_1} + 1")
    math(EXPR count "${count} + 1")
    if(length GREATER 80)
      string(APPEND long "  ${CMAKE_MATCH_4}:${CMAKE_MATCH_1} ${CMAKE_MATCH_3}: ${length} lines\n")
    endif()
  endif()
endforeach()
if(count LESS 100)
  message(FATAL_ERROR "ctags listed only ${count} functions: is it universal-ctags?\n${err}")
endif()
if(NOT long STREQUAL "")
  message(FATAL_ERROR "functions over 80 lines (split them):\n${long}")
endif()
message(STATUS "checked ${count} functions in sim/, app/, python/ and render/: none over 80 lines")
