# Issue 18: a headless run's total vertex-triangle crossings (the --stats check) stay at or
# below LIMIT. ARGS: the pbd-sandbox arguments, ';'-separated.
execute_process(COMMAND ${EXE} --headless ${ARGS} --stats ${CSV}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "run failed (${rc}): ${out} ${err}")
endif()
if(NOT out MATCHES "total crossings ([0-9]+)")
  message(FATAL_ERROR "no crossing count in the output: ${out}")
endif()
set(crossings ${CMAKE_MATCH_1})
if(out MATCHES "lower bound")
  message(FATAL_ERROR "the crossing check reached its work limit: ${out}")
endif()
if(crossings GREATER LIMIT)
  message(FATAL_ERROR "${crossings} crossings, more than ${LIMIT}: ${out}")
endif()
message(STATUS "${crossings} crossings (limit ${LIMIT}): ${out}")
