# lit configuration for softatomic (configured by lit.site.cfg.py).
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "softatomic"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".cl", ".test"]
# (helper-project, c-project: outside CMake projects, whose kernels the
# package test builds; not lit tests.)
config.excludes = ["Inputs", "CMakeLists.txt", "helper-project", "c-project"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.softatomic_obj_root, "test")

llvm_config.use_default_substitutions()
# RUN lines start failing commands with `not`, which LLVM installs beside
# FileCheck; the external shell finds it only on PATH. Appended, so that no
# other tool changes meaning.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    [ToolSubst("softatomic-rewrite", unresolved="fatal"),
     ToolSubst("softatomic-device-profile", unresolved="fatal"),
     ToolSubst("sa-difftest", unresolved="fatal"),
     ToolSubst("softatomic-run", unresolved="fatal")],
    [config.softatomic_tools_dir])
llvm_config.add_tool_substitutions(
    [ToolSubst("FileCheck", config.filecheck, unresolved="fatal")])

# The Clang release the rewriter is built with (clang-16, clang-19): for the
# few tests of how Clang itself behaves on an input.
config.available_features.add("clang-" + config.clang_version_major)

# A second Clang release, without running the kernels twice (scripts/
# test.sh): with --param second_rewriter=PATH (softatomic-rewrite built with
# that release), the execution and stress tests rewrite each kernel with
# both rewriters, fail unless the two write the same bytes
# (both-rewriters.py), and run it once. Their lit.local.cfg puts
# config.both_rewriters before the other substitutions.
config.both_rewriters = None
if lit_config.params.get("second_rewriter"):
    for key, value in config.substitutions:
        if value.endswith(os.sep + "softatomic-rewrite"):
            config.environment["SA_FIRST_REWRITER"] = value
            config.environment["SA_SECOND_REWRITER"] = os.path.abspath(
                lit_config.params["second_rewriter"])
            config.both_rewriters = (key, os.path.join(
                config.softatomic_src_root, "test", "both-rewriters.py"))
    if not config.both_rewriters:
        lit_config.fatal("second_rewriter: no softatomic-rewrite to pair it with")

# The version manifests name (project(VERSION) in CMakeLists.txt), for
# FileCheck -DVERSION=%sa_version and [[VERSION]] in the checks.
config.substitutions.append(("%sa_version", config.softatomic_version))

# Every rewrite test also compiles what the rewriter wrote, as OpenCL C, with
# clang's own OpenCL declarations: %clang_cl_check -cl-std=CL1.2 file.cl
config.substitutions.append(
    ("%clang_cl_check",
     "%s -x cl -target spir64 -Xclang -finclude-default-header -fsyntax-only"
     % config.clang))

# ... and, to look at what the output does, lowers it to LLVM IR for SPIR
# (address space 1 is __global, 3 is __local, 4 is generic).
config.substitutions.append(
    ("%clang_cl_ir",
     "%s -x cl -target spir64 -Xclang -finclude-default-header -emit-llvm -S -O0"
     % config.clang))

# ... and to PTX, as NVIDIA's OpenCL compiles it (the warp fast path's
# inline PTX).
config.substitutions.append(
    ("%clang_cl_ptx",
     "%s -x cl -target nvptx64-nvidia-nvcl -Xclang -finclude-default-header -S"
     % config.clang))

# What follows the device runtime in a rewritten file: the user's code,
# without the kernels' copies for the warp program. The runtime defines
# every entry point by name, so a test that counts the calls a rewrite made
# reads this part alone: %sa_user_code %t.sa.cl | grep
config.substitutions.append(
    ("%sa_user_code",
     "sed -e '1,/^#endif \\/\\* SOFTATOMIC_RUNTIME/d'"
     " -e '/^#else \\/\\* SA_WARP_PROGRAM \\*\\/$/,"
     "/^#endif \\/\\* SA_WARP_PROGRAM \\*\\/$/d'"))

# What the rewriter wraps every rewritten kernel's body in (docs/REWRITE.md,
# "The edits"), written once for the rewrite tests: their CHECK lines say
# [[PROLOGUE]] and [[EPILOGUE]] (FileCheck variables, matched as the literal
# text), read by %filecheck_kernel, FileCheck with the two defined.
kernel_prologue = ("__sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; "
                   "if (__sa_kernel_begin(__sa_ctx, __sa_scratch, __sa_state)) return;")
kernel_epilogue = ("} while (__sa_next_group(__sa_ctx)); "
                   "__sa_kernel_end(__sa_ctx);")
config.substitutions.append(
    ("%filecheck_kernel", "%s '-DPROLOGUE=%s' '-DEPILOGUE=%s'"
     % (config.filecheck, kernel_prologue, kernel_epilogue)))

# --export-fixes round trips: through clang-apply-replacements where it is
# installed (Debian: clang-tools-N), and through a small applier in Python
# where PyYAML is.
import shutil
apply_replacements = shutil.which(
    "clang-apply-replacements",
    path=os.pathsep.join([config.llvm_tools_dir, os.environ.get("PATH", "")]))
if apply_replacements:
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang_apply_replacements", apply_replacements))
try:
    import yaml  # noqa: F401
    config.available_features.add("pyyaml")
except ImportError:
    pass

# Execution tests spin on a real OpenCL device; on a 2-core machine two of
# them at once would fight for the cores the coordinator needs.
lit_config.parallelism_groups["opencl-device"] = 1

# Tests that rely on PoCL's scheduling (one work-group per thread) say
# REQUIRES: pocl.
if "portable" in os.environ.get("SA_PLATFORM", "Portable Computing Language").lower():
    config.available_features.add("pocl")

# One command runs the suite on any platform: SA_PLATFORM / SA_DEVICE pick
# the OpenCL platform and device by name (docs/HOST-RUNTIME.md, "Environment").
for var in ["SA_PLATFORM", "SA_DEVICE", "OCL_ICD_VENDORS", "POCL_MAX_PTHREAD_COUNT",
            "POCL_CPU_MAX_CU_COUNT", "SOFTATOMIC_SPIN_LIMIT", "HOME"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
