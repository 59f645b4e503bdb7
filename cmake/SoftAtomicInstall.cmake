# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What `cmake --install` puts in the prefix: the rewriter, the host runtime
# (shared and static) and its header, the device runtime, the CMake package
# SoftAtomic (components runtime: SoftAtomic::runtime and
# SoftAtomic::runtime_static; rewrite: SoftAtomic::rewrite and
# softatomic_rewrite_kernels(); layer: SoftAtomic::layer) and softatomic.pc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SOFTATOMIC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/SoftAtomic)
set(SOFTATOMIC_DATA_DIR ${CMAKE_INSTALL_DATADIR}/softatomic)

set_target_properties(softatomic PROPERTIES EXPORT_NAME runtime)
set_target_properties(softatomic-static PROPERTIES EXPORT_NAME runtime_static)
install(TARGETS softatomic softatomic-static EXPORT SoftAtomicTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/host/include/softatomic
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${SOFTATOMIC_VERSION_HEADER}
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/softatomic)
# The device runtime, assembled (layout inlined): what every rewritten file
# carries, for reading and for hosts that build their own kernels with it.
install(FILES ${SOFTATOMIC_DEVICE_RUNTIME} DESTINATION ${SOFTATOMIC_DATA_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/runtime/common/softatomic_layout.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/softatomic)

if(TARGET softatomic-rewrite)
  # libclang-cpp and libLLVM stay where the build found them.
  set_target_properties(softatomic-rewrite PROPERTIES
    EXPORT_NAME rewrite INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS softatomic-rewrite EXPORT SoftAtomicRewriteTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(EXPORT SoftAtomicRewriteTargets NAMESPACE SoftAtomic::
    DESTINATION ${SOFTATOMIC_CMAKE_DIR})
  # The query that writes a device's profile for --device-profile.
  install(TARGETS softatomic-device-profile
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # What atomics cost one kernel (tool/softatomic-run.cpp): it finds
  # libsoftatomic beside it in the prefix, and, like softatomic-rewrite,
  # libclang-cpp and libLLVM where the build did.
  # Its rewriter module goes to the library directory, where it looks.
  set_target_properties(softatomic-run softatomic-run-rewriter PROPERTIES
    INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR}"
    INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS softatomic-run RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(TARGETS softatomic-run-rewriter
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()

# One file of targets per component (runtime, rewrite, layer): the package
# finds a component by its file, so an installation without the rewriter
# (or one split into parts) is still a package, and says what it lacks.
install(EXPORT SoftAtomicTargets NAMESPACE SoftAtomic::
  DESTINATION ${SOFTATOMIC_CMAKE_DIR})
install(EXPORT SoftAtomicLayerTargets NAMESPACE SoftAtomic::
  DESTINATION ${SOFTATOMIC_CMAKE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/SoftAtomicConfig.cmake.in
  ${PROJECT_BINARY_DIR}/SoftAtomicConfig.cmake
  INSTALL_DESTINATION ${SOFTATOMIC_CMAKE_DIR}
  PATH_VARS SOFTATOMIC_DATA_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/SoftAtomicConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/SoftAtomicConfig.cmake
  ${PROJECT_BINARY_DIR}/SoftAtomicConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/SoftAtomicRewriteKernels.cmake
  ${PROJECT_SOURCE_DIR}/cmake/SoftAtomicEmbedKernel.cmake
  DESTINATION ${SOFTATOMIC_CMAKE_DIR})

# pkg-config: the prefix is taken from the .pc file's own place, so the
# installed tree can be moved (pkg-config's ${pcfiledir}).
file(RELATIVE_PATH SOFTATOMIC_PC_TO_PREFIX
  /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" SOFTATOMIC_PC_TO_PREFIX "${SOFTATOMIC_PC_TO_PREFIX}")
# Libs.private: the C++ runtime libsoftatomic.a needs where a C compiler
# links it (`pkg-config --static`); OpenCL comes through Requires.
set(SOFTATOMIC_PC_LIBS_PRIVATE)
foreach(lib IN LISTS SOFTATOMIC_CXX_RUNTIME_LIBRARIES)
  if(IS_ABSOLUTE "${lib}" OR lib MATCHES "^-")
    list(APPEND SOFTATOMIC_PC_LIBS_PRIVATE "${lib}")
  else()
    list(APPEND SOFTATOMIC_PC_LIBS_PRIVATE "-l${lib}")
  endif()
endforeach()
list(JOIN SOFTATOMIC_PC_LIBS_PRIVATE " " SOFTATOMIC_PC_LIBS_PRIVATE)
configure_file(${PROJECT_SOURCE_DIR}/cmake/softatomic.pc.in
  ${PROJECT_BINARY_DIR}/softatomic.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/softatomic.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The licence, beside the package's documentation.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")
