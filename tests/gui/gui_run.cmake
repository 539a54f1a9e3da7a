# Shared by the gui_*.cmake tests: runs the real pbd-sandbox window under Xvfb (Mesa's
# software OpenGL) at W x H with the given arguments, in the folder ${OUT} (files a key or a
# panel names, such as the Scene panel's scene.json, land there), and fails the test if it fails.
function(run_window W H)
  execute_process(
    COMMAND ${XVFB_RUN} -a -s "-screen 0 ${W}x${H}x24" ${EXE} --width ${W} --height ${H} ${ARGN}
    WORKING_DIRECTORY ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "pbd-sandbox ${ARGN}:\n${out}${err}")
  set(out "${out}" PARENT_SCOPE)  # for tests that check what the program said
  set(err "${err}" PARENT_SCOPE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pbd-sandbox under xvfb-run exited with ${rc}")
  endif()
endfunction()

function(check)
  execute_process(COMMAND ${CHECK} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "gui_check ${ARGN}:\n${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gui_check ${ARGV0} failed")
  endif()
endfunction()

file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
