# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Assembles the device runtime into one self-contained OpenCL C text (its
# parts joined in order, the layout header inlined where it is included)
# and writes it both as a .cl file and as a C++ raw string literal for the
# rewriter to embed.
# Each part opens with a comment on what it holds, then a blank line; the
# text leaves that comment and blank line out (it is for readers of the
# parts, not of rewritten files) and puts one blank line between two parts.
# The layout header includes softatomic_version.h for the host; the text
# gets the runtime version as a literal in that line's place, so that it
# stays self-contained.
# Inputs: LAYOUT, VERSION, RUNTIME_PARTS (a list, in order), OUT_CL, OUT_INC.
if(NOT RUNTIME_PARTS)
  message(FATAL_ERROR "RUNTIME_PARTS names no part of the device runtime")
endif()
file(READ "${LAYOUT}" layout)
if(NOT VERSION)
  message(FATAL_ERROR "VERSION (the project's version) is not set")
endif()
set(version_include "#include \"softatomic_version.h\"\n")
string(FIND "${layout}" "${version_include}" version_at)
if(version_at EQUAL -1)
  message(FATAL_ERROR "${LAYOUT} does not include softatomic_version.h on a "
                      "line of its own: the device runtime would carry no version")
endif()
string(REPLACE "${version_include}" "#define SA_RUNTIME_VERSION \"${VERSION}\"\n"
       layout "${layout}")
set(runtime "")
foreach(part IN LISTS RUNTIME_PARTS)
  file(READ "${part}" source)
  string(SUBSTRING "${source}" 0 2 opening)
  string(FIND "${source}" "*/" comment_end)
  string(FIND "${source}" "*/\n\n" header_end)
  if(NOT opening STREQUAL "/*" OR header_end EQUAL -1 OR
     NOT comment_end EQUAL header_end)
    message(FATAL_ERROR "${part}: a part of the device runtime opens with "
                        "a comment and a blank line")
  endif()
  math(EXPR body_start "${header_end} + 4")
  string(SUBSTRING "${source}" ${body_start} -1 body)
  if(NOT body MATCHES "\n$")
    message(FATAL_ERROR "${part}: a part of the device runtime ends with a "
                        "newline")
  endif()
  if(NOT runtime STREQUAL "")
    string(APPEND runtime "\n")
  endif()
  string(APPEND runtime "${body}")
endforeach()
string(REPLACE "#include \"softatomic_layout.h\"\n" "${layout}" text "${runtime}")
string(FIND "${text}" ")sa_runtime\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "the device runtime contains the raw-string delimiter")
endif()
file(WRITE "${OUT_CL}" "${text}")
file(WRITE "${OUT_INC}" "R\"sa_runtime(${text})sa_runtime\"\n")
