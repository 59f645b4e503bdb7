# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# softatomic_rewrite_kernels(<target> SOURCES a.cl ... [EMBED]
#                            [OPTIONS <softatomic-rewrite options>...]
#                            [CL_STD <CL1.2|CL2.0|CL3.0>] [DEFINES N=4 ...]
#                            [INCLUDE_DIRECTORIES dir ...])
#
# Rewrites each kernel at build time into
# ${CMAKE_CURRENT_BINARY_DIR}/softatomic/<target>/<name>.sa.cl (its manifest
# in its first line, which is all the host runtime reads). A kernel is
# rewritten again only when it, a header it #includes (the rewriter's
# --depfile) or the rewriter changes. The outputs are attached to <target>
# (built before it) and listed in its SOFTATOMIC_KERNELS property. Called
# in another directory than <target>'s, a target <target>-softatomic-<n>
# of that directory runs the rewrite. A kernel's name is used once per
# target, over all calls.
#
# EMBED also compiles each rewritten kernel into <target>, as bytes:
# `#include "<name>.sa.h"` declares `extern const char softatomic_<name>[]`
# (name made a C identifier), ready for clCreateProgramWithSource, and
# defines SOFTATOMIC_<NAME>_BUILD_OPTIONS, the CL_STD and DEFINES the kernel
# was rewritten with, for clBuildProgram. Every user header the kernel
# includes is inlined into it (softatomic-rewrite --inline-headers), so the
# program builds with those options alone.
#
# The rewriter is SoftAtomic::rewrite (installed package) or the
# softatomic-rewrite target (softatomic's own build).
set(_SOFTATOMIC_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/SoftAtomicEmbedKernel.cmake)

function(softatomic_rewrite_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 SA "EMBED" "CL_STD"
    "SOURCES;OPTIONS;DEFINES;INCLUDE_DIRECTORIES")
  if(SA_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "softatomic_rewrite_kernels: unknown arguments: ${SA_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT SA_SOURCES)
    message(FATAL_ERROR "softatomic_rewrite_kernels: no SOURCES")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "softatomic_rewrite_kernels: no target ${target}")
  endif()
  if(TARGET SoftAtomic::rewrite)
    set(tool SoftAtomic::rewrite)
  elseif(TARGET softatomic-rewrite)
    set(tool softatomic-rewrite)
  else()
    message(FATAL_ERROR "softatomic_rewrite_kernels: softatomic-rewrite was not "
                        "installed with this SoftAtomic package")
  endif()

  set(flags)
  if(SA_CL_STD)
    list(APPEND flags -cl-std=${SA_CL_STD})
  endif()
  foreach(define IN LISTS SA_DEFINES)
    list(APPEND flags -D${define})
  endforeach()
  # The same flags as one C string literal, for clBuildProgram.
  list(JOIN flags " " build_options)
  string(REPLACE "\\" "\\\\" build_options "${build_options}")
  string(REPLACE "\"" "\\\"" build_options "${build_options}")
  foreach(dir IN LISTS SA_INCLUDE_DIRECTORIES)
    get_filename_component(dir ${dir} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND flags -I${dir})
  endforeach()

  # An embedded kernel is built from its string with its build options
  # alone: no -I reaches its headers there.
  set(options ${SA_OPTIONS})
  if(SA_EMBED)
    list(APPEND options --inline-headers)
  endif()

  set(outdir ${CMAKE_CURRENT_BINARY_DIR}/softatomic/${target})
  # The rewriter writes into it; Ninja makes an output's folder, Make does
  # not.
  file(MAKE_DIRECTORY ${outdir})
  set(outputs)
  set(embedded_sources)
  foreach(source IN LISTS SA_SOURCES)
    get_filename_component(source ${source} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    # A missing kernel stops the configure, naming it, rather than the build
    # later with make's "No rule to make target". A kernel made by a custom
    # command of this directory (GENERATED) comes at build time.
    get_source_file_property(generated ${source} GENERATED)
    if(NOT EXISTS ${source} AND NOT generated)
      message(FATAL_ERROR "softatomic_rewrite_kernels(${target}): the kernel "
        "${source} (SOURCES) does not exist")
    endif()
    get_filename_component(name ${source} NAME_WE)
    set(output ${outdir}/${name}.sa.cl)
    # A name is an output file and an embedded symbol of the target, in
    # this call or any other on it.
    string(MAKE_C_IDENTIFIER "softatomic_${name}" symbol)
    get_property(used_symbols TARGET ${target} PROPERTY _SOFTATOMIC_KERNEL_SYMBOLS)
    list(FIND used_symbols ${symbol} used)
    if(used GREATER -1)
      get_property(used_sources TARGET ${target} PROPERTY _SOFTATOMIC_KERNEL_SOURCES)
      list(GET used_sources ${used} other)
      message(FATAL_ERROR "softatomic_rewrite_kernels(${target}): kernel ${source} "
        "has the name of ${other}, already rewritten for ${target}: a name "
        "(${symbol}) is one output and one embedded symbol of a target. "
        "Rename one of them, or rewrite it for another target")
    endif()
    set_property(TARGET ${target} APPEND PROPERTY _SOFTATOMIC_KERNEL_SYMBOLS ${symbol})
    set_property(TARGET ${target} APPEND PROPERTY _SOFTATOMIC_KERNEL_SOURCES ${source})
    file(RELATIVE_PATH shown ${CMAKE_BINARY_DIR} ${output})
    add_custom_command(OUTPUT ${output}
      COMMAND ${tool} --quiet ${options} ${source} -o ${output}
              --depfile=${output}.d -- ${flags}
      DEPENDS ${source} ${tool}
      DEPFILE ${output}.d
      COMMENT "Rewriting ${shown}"
      VERBATIM)
    list(APPEND outputs ${output})

    if(SA_EMBED)
      string(TOUPPER "${symbol}_BUILD_OPTIONS" options_macro)
      # Compiled as C++ where the target's project has it, else as C.
      get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
      if("CXX" IN_LIST languages)
        set(embedded ${outdir}/${name}.sa.cpp)
      else()
        set(embedded ${outdir}/${name}.sa.c)
      endif()
      file(CONFIGURE OUTPUT ${outdir}/include/${name}.sa.h CONTENT
"/* Generated by softatomic_rewrite_kernels: ${name} rewritten by softatomic. */
#ifndef ${symbol}_H
#define ${symbol}_H
#ifdef __cplusplus
extern \"C\" {
#endif
/* The rewritten OpenCL C source, for clCreateProgramWithSource. */
extern const char ${symbol}[];
/* The flags it was rewritten with, for clBuildProgram. */
#define ${options_macro} \"${build_options}\"
#ifdef __cplusplus
}
#endif
#endif
" @ONLY)
      add_custom_command(OUTPUT ${embedded}
        COMMAND ${CMAKE_COMMAND} -DIN=${output} -DOUT=${embedded} -DSYMBOL=${symbol}
                -P ${_SOFTATOMIC_EMBED_SCRIPT}
        DEPENDS ${output} ${_SOFTATOMIC_EMBED_SCRIPT}
        COMMENT "Embedding ${name}.sa.cl"
        VERBATIM)
      list(APPEND embedded_sources ${embedded})
      target_include_directories(${target} PRIVATE ${outdir}/include)
    endif()
  endforeach()
  get_property(target_dir TARGET ${target} PROPERTY BINARY_DIR)
  if(target_dir STREQUAL CMAKE_CURRENT_BINARY_DIR)
    # As sources, the outputs are built before the target (the .sa.cl
    # compile to nothing: .cl has no language here).
    target_sources(${target} PRIVATE ${outputs} ${embedded_sources})
  else()
    # A custom command's rule goes only to the targets of the directory
    # that adds it (Make finds none for <target>): a target of this
    # directory runs them, before <target>.
    get_property(steps TARGET ${target} PROPERTY _SOFTATOMIC_STEPS)
    math(EXPR steps "${steps} + 1")
    set_property(TARGET ${target} PROPERTY _SOFTATOMIC_STEPS ${steps})
    add_custom_target(${target}-softatomic-${steps} DEPENDS ${outputs} ${embedded_sources})
    add_dependencies(${target} ${target}-softatomic-${steps})
    if(embedded_sources)
      set_source_files_properties(${embedded_sources} TARGET_DIRECTORY ${target}
                                  PROPERTIES GENERATED TRUE)
      target_sources(${target} PRIVATE ${embedded_sources})
    endif()
  endif()
  set_property(TARGET ${target} APPEND PROPERTY SOFTATOMIC_KERNELS ${outputs})
endfunction()
