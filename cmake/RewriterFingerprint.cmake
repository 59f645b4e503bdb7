# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes a header that names the rewriter's behaviour: the SHA-256 of the
# sources that decide what it emits (the rewriter library, the device
# runtime it embeds, the layer's entry into it). The interception layer's
# cache keys on it, so that a layer built without Clang (it only answers
# from the cache) and one built with it agree on what an entry means.
# Inputs: OUT (the header), SOURCES_LIST (a file naming the files, one a
# line).
file(STRINGS "${SOURCES_LIST}" SOURCES)
set(material "")
foreach(file IN LISTS SOURCES)
  file(SHA256 "${file}" hash)
  get_filename_component(name "${file}" NAME)
  string(APPEND material "${name} ${hash}\n")
endforeach()
string(SHA256 fingerprint "${material}")
set(text "#define SOFTATOMIC_REWRITER_FINGERPRINT \"${fingerprint}\"\n")
# Rewritten only when it changes, so that nothing rebuilds for nothing.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE "${OUT}" "${text}")
endif()
