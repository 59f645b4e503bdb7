# Assembles the device runtime into one self-contained OpenCL C text (the
# layout header inlined where it is included) and writes it both as a .cl
# file and as a C++ raw string literal for the rewriter to embed.
# Inputs: LAYOUT, RUNTIME, OUT_CL, OUT_INC.
file(READ "${LAYOUT}" layout)
file(READ "${RUNTIME}" runtime)
string(REPLACE "#include \"softatomic_layout.h\"\n" "${layout}" text "${runtime}")
string(FIND "${text}" ")sa_runtime\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "the device runtime contains the raw-string delimiter")
endif()
file(WRITE "${OUT_CL}" "${text}")
file(WRITE "${OUT_INC}" "R\"sa_runtime(${text})sa_runtime\"\n")
