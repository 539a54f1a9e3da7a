# docs/parameters.md carries the table `pbd-sandbox --list-params` prints (the parameter
# table, sim/core/params.h): a setting added or changed without regenerating the docs fails.
execute_process(COMMAND ${EXE} --list-params RESULT_VARIABLE rc OUTPUT_VARIABLE table)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--list-params exited ${rc}")
endif()
file(READ ${DOC} doc)
string(FIND "${doc}" "${table}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "docs/parameters.md is stale; regenerate its table with:\n"
                      "  pbd-sandbox --list-params")
endif()
