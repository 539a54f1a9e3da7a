# curtain with --dt 1.0 in the window (issue 15): the step that goes non-finite is undone,
# the simulation pauses on the last finite state with a message naming the stage and the
# setting to change, and the --frames run exits non-zero. The last --stats row (the last
# simulated frame) is finite.
include(${CMAKE_CURRENT_LIST_DIR}/gui_run.cmake)
execute_process(
  COMMAND ${XVFB_RUN} -a -s "-screen 0 320x240x24" ${EXE} --width 320 --height 240 --scene curtain
          --dt 1.0 --frames 420 --stats ${OUT}/nan.csv
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "pbd-sandbox --scene curtain --dt 1.0: exit ${rc}\n${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the run exited 0 although a step went non-finite")
endif()
foreach(needed "went non-finite after stage '" "Paused on the last finite state" "raise substeps"
               "a simulation step failed")
  string(FIND "${err}" "${needed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "stderr does not say '${needed}'")
  endif()
endforeach()
file(STRINGS ${OUT}/nan.csv lines)
list(LENGTH lines count)
math(EXPR last "${count} - 1")
list(GET lines ${last} row)
string(TOLOWER "${row}" lower)
string(FIND "${lower}" "nan" nan)
string(FIND "${lower}" "inf" inf)
if(count LESS 3 OR NOT nan EQUAL -1 OR NOT inf EQUAL -1)
  message(FATAL_ERROR "expected finite simulated frames before the failure; last row: ${row}")
endif()
message(STATUS "${count} rows; last simulated frame finite: ${row}")
