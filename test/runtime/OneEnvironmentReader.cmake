# Fails when a host-runtime source other than src/HostConfig.cpp calls
# getenv: every SOFTATOMIC_* variable is read there, once, and parsed
# strictly (runtime/host/internal/softatomic/HostConfig.h).
# Input: ROOT, the host runtime's directory.
file(GLOB_RECURSE sources "${ROOT}/*.cpp" "${ROOT}/*.h")
set(readers)
foreach(source IN LISTS sources)
  file(STRINGS "${source}" calls REGEX "getenv[ \t]*\\(")
  if(calls AND NOT source MATCHES "/src/HostConfig\\.cpp$")
    list(APPEND readers "${source}")
  endif()
endforeach()
if(readers)
  list(JOIN readers "\n  " readers)
  message(FATAL_ERROR "these host-runtime sources read the environment "
                      "themselves; read it through hostConfig() "
                      "(HostConfig.h) instead:\n  ${readers}")
endif()
