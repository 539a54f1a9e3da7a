# A requested file that cannot be written makes the run exit non-zero at the end (issue 15):
# --record and --screenshot into a folder that does not exist.
foreach(output "--record;/nonexistent/x.mp4" "--screenshot;/nonexistent/x.png")
  execute_process(
    COMMAND ${XVFB_RUN} -a -s "-screen 0 320x240x24" ${EXE} --width 320 --height 240 --frames 5 ${output}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "pbd-sandbox --frames 5 ${output}: exit ${rc}\n${out}${err}")
  if(rc EQUAL 0)
    message(FATAL_ERROR "pbd-sandbox ${output} exited 0 although the file could not be written")
  endif()
  string(FIND "${err}" "/nonexistent/x" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "the message does not name the file")
  endif()
endforeach()
