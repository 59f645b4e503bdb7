# Fails when a source of the host runtime or the layer other than
# EnvironmentReader.h calls getenv: every variable either reads goes
# through that one reader (runtime/host/internal/softatomic/
# EnvironmentReader.h), the host runtime's once, parsed strictly
# (HostConfig.h), the layer's once (layer/LayerConfig.cpp).
# Input: HOST and LAYER, the host runtime's and the layer's directories.
set(sources)
foreach(root IN ITEMS "${HOST}" "${LAYER}")
  file(GLOB_RECURSE found "${root}/*.cpp" "${root}/*.h")
  list(APPEND sources ${found})
endforeach()
set(readers)
foreach(source IN LISTS sources)
  file(STRINGS "${source}" calls REGEX "getenv[ \t]*\\(")
  if(calls AND NOT source MATCHES "/softatomic/EnvironmentReader\\.h$")
    list(APPEND readers "${source}")
  endif()
endforeach()
if(readers)
  list(JOIN readers "\n  " readers)
  message(FATAL_ERROR "these sources read the environment themselves; "
                      "read it through EnvironmentReader.h instead:\n  "
                      "${readers}")
endif()
