# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fails when the host runtime as the layer builds it (LIBRARY) still calls
# an OpenCL function by name: RuntimeOpenCL.h lacks its line, and the call
# would reach the layer's own entry point, or the ICD loader, instead of the
# next implementation. Touches STAMP when there is none.
#   cmake -DNM=... -DLIBRARY=... -DSTAMP=... -P CheckRuntimeOpenCLCalls.cmake
execute_process(COMMAND ${NM} --undefined-only ${LIBRARY}
  OUTPUT_VARIABLE Undefined RESULT_VARIABLE Status)
if(NOT Status EQUAL 0)
  message(FATAL_ERROR "${NM} --undefined-only ${LIBRARY} failed (${Status})")
endif()
string(REGEX MATCHALL "[ \t]U cl[A-Z][A-Za-z0-9_]*" Calls "${Undefined}")
string(REGEX REPLACE "[ \t]U " "" Calls "${Calls}")
list(REMOVE_DUPLICATES Calls)
if(Calls)
  string(REPLACE ";" ", " Calls "${Calls}")
  message(FATAL_ERROR "the host runtime built for the layer calls ${Calls} "
    "by name: add a line for each to layer/RuntimeOpenCL.h")
endif()
file(TOUCH ${STAMP})
