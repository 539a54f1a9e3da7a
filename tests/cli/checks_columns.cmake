# The solver-independent check columns through the real command line: a short
# self_collision_fold run writes penetrations, crossings, components, volume_ratio and
# edge_crossings: zero penetrations and crossings of either kind, one component, volume
# ratio 0 (no pressure surface); then the solver's name and its figures.
file(MAKE_DIRECTORY ${OUT})
set(csv ${OUT}/checks.csv)
file(REMOVE ${csv})
execute_process(COMMAND ${EXE} --headless --scene self_collision_fold --res 10 --frames 60 --stats ${csv}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "headless run failed (${rc}): ${out} ${err}")
endif()
if(NOT out MATCHES "checks: max penetrations 0, total crossings 0, components 1")
  message(FATAL_ERROR "unexpected checks summary: ${out}")
endif()
file(STRINGS ${csv} lines)
list(GET lines 0 header)
if(NOT header MATCHES ",penetrations,crossings,components,volume_ratio,edge_crossings,solver,solver_details$")
  message(FATAL_ERROR "check columns missing from header: ${header}")
endif()
list(GET lines 60 last)
if(NOT last MATCHES "^60,.*,0,0,1,0,0,[a-z]+,[^,]*$")
  message(FATAL_ERROR "last row does not end with 0,0,1,0,0: ${last}")
endif()
