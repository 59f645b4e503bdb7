#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The runtime-speed microbenchmarks (bench/microbench): the paper's
# Figure 8 and Figure 9 kernels and a memory-bound copy, each run native and
# rewritten on one OpenCL device, every run verified; prints the table and
# writes a CSV.
#
# Usage:
#   scripts/bench.sh [--csv FILE] [build-dir] [-- MICROBENCH-ARGS...]
#       Installs what is missing (scripts/setup.sh), builds (default build
#       dir: build), runs every benchmark on SA_PLATFORM / SA_DEVICE (default
#       PoCL) and writes bench-results/<platform>.csv (or FILE). On PoCL it
#       runs smaller sizes unless told otherwise (it says which).
#   scripts/bench.sh --bundle DIR [build-dir]
#       Here, for a machine without Clang: rewrites the kernels into
#       DIR/kernels (NAME.cl and NAME.sa.cl) and copies the JSON library the
#       host runtime needs into DIR/deps. Runs nothing.
#   scripts/bench.sh --from-bundle DIR [--csv FILE] [build-dir] [-- MICROBENCH-ARGS...]
#       There (NVIDIA driver, CUDA's OpenCL headers, no Clang, no package
#       registry): builds the host side only (default build dir:
#       build-bench-gpu) against DIR, registers NVIDIA's OpenCL platform
#       where no ICD file names it, runs on SA_PLATFORM (default NVIDIA) and
#       writes ${OUT:-bench-results}/<platform>.csv (or FILE).
# MICROBENCH-ARGS go to the program last, so they override the defaults
# above, e.g. -- --bench fig8 --groups 128,4096 --repeat 9 (see
# bench/microbench/README.md).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
mode=run bundle= csv= build=
extra=()
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&"$(($1 ? 2 : 1))"
  exit "$1"
}
while [ $# -gt 0 ]; do
  case $1 in
  --bundle) [ $# -ge 2 ] || usage 2; mode=bundle bundle=$2; shift 2 ;;
  --from-bundle) [ $# -ge 2 ] || usage 2; mode=gpu bundle=$2; shift 2 ;;
  --csv) [ $# -ge 2 ] || usage 2; csv=$2; shift 2 ;;
  -h | --help) usage 0 ;;
  --) shift; extra=("$@"); break ;;
  -*) echo "bench.sh: unknown option $1" >&2; usage 2 ;;
  *) [ -z "$build" ] || usage 2; build=$1; shift ;;
  esac
done
abspath() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
# build_with_progress COMMAND...: runs a cmake --build, its whole output
# on stdout (which scripts/evaluate.sh keeps in its log), and on stderr a
# line per target finished with the build's percentage: a build of minutes
# is not silent, and a line per target is no flood (Ninja, which prints no
# target lines, gets a line per tenth of its steps).
build_with_progress() {
  echo "bench.sh: building (the first build takes minutes; each target is" \
    "listed as it is done)" >&2
  local line tenth last=-1
  "$@" 2>&1 | while IFS= read -r line; do
    printf '%s\n' "$line"
    case $line in
    "["*"%] Built target "*) echo "bench.sh: build ${line%%]*}] ${line#*] }" >&2 ;;
    "["[0-9]*/[0-9]*"]"*)
      line=${line#[}; line=${line%%]*}
      tenth=$((10 * ${line%/*} / ${line#*/}))
      [ "$tenth" = "$last" ] || echo "bench.sh: build $((10 * tenth))%" >&2
      last=$tenth ;;
    esac
  done
}
[ -z "$bundle" ] || bundle=$(abspath "$bundle")
[ -z "$csv" ] || csv=$(abspath "$csv")
[ -z "$build" ] || build=$(abspath "$build")

if [ "$mode" = bundle ]; then
  build=${build:-$here/build}
  "$here/scripts/setup.sh"
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=ON \
    -DSOFTATOMIC_BUILD_TESTS=ON -DMICROBENCH_KERNEL_DIR= >/dev/null
  build_with_progress cmake --build "$build" -j "$(nproc)" --target microbench-kernels
  rm -rf "$bundle"
  mkdir -p "$bundle/kernels" "$bundle/deps/include" "$bundle/deps/share/cmake"
  cp "$build"/bench/microbench/kernels/*.cl "$bundle/kernels/"
  cp -r /usr/include/nlohmann "$bundle/deps/include/"
  cp -r /usr/share/cmake/nlohmann_json "$bundle/deps/share/cmake/"
  echo "bench.sh: $(ls "$bundle/kernels" | tr '\n' ' ')in $bundle/kernels; carry $bundle" \
    "and run scripts/bench.sh --from-bundle ${bundle#"$here"/} there"
  exit 0
fi

if [ "$mode" = gpu ]; then
  build=${build:-$here/build-bench-gpu}
  [ -f "$bundle/kernels/fig8.sa.cl" ] ||
    { echo "bench.sh: no $bundle/kernels/fig8.sa.cl: make it with --bundle first" >&2; exit 1; }
  # NVIDIA's OpenCL platform, registered by hand where no ICD file names it
  # (as scripts/gpu-run.sh does).
  lib=$(ldconfig -p | awk '/libnvidia-opencl.so.1/ {print $NF; exit}')
  if [ -n "$lib" ]; then
    mkdir -p /tmp/icd && echo "$lib" >/tmp/icd/nvidia.icd
    export OCL_ICD_VENDORS=/tmp/icd
  fi
  export SA_PLATFORM=${SA_PLATFORM:-NVIDIA}
  loader=$(ldconfig -p | awk '/libOpenCL.so.1/ {print $NF; exit}')
  command -v nvidia-smi >/dev/null &&
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=OFF \
    -DOpenCL_INCLUDE_DIR="${CUDA_INCLUDE:-/usr/local/cuda/include}" -DOpenCL_LIBRARY="$loader" \
    -DCMAKE_PREFIX_PATH="$bundle/deps" -DMICROBENCH_KERNEL_DIR="$bundle/kernels" >/dev/null
  build_with_progress cmake --build "$build" -j "$(nproc)" --target microbench >/dev/null
  results=${OUT:-$here/bench-results}
else
  build=${build:-$here/build}
  "$here/scripts/setup.sh"
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=ON \
    -DSOFTATOMIC_BUILD_TESTS=ON -DMICROBENCH_KERNEL_DIR= >/dev/null
  build_with_progress cmake --build "$build" -j "$(nproc)" --target microbench
  results=$here/bench-results
fi

platform=${SA_PLATFORM:-pocl}
name=$(echo "$platform" | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9]\{1,\}/-/g' -e 's/^-//' -e 's/-$//')
csv=${csv:-$results/${name:-pocl}.csv}
mkdir -p "$(dirname "$csv")"

defaults=()
case " ${extra[*]-} " in
*" --preset "*) ;; # scripts/evaluate.sh: the program's preset chooses the sizes
*)
  case $(echo "$platform" | tr 'A-Z' 'a-z') in
  *pocl* | *portable*)
    # A CPU runs each software atomic as a hand-off between two threads
    # (about 1 us): every GPU size would take minutes. The paper's range, the
    # issue's 4096 groups, and a smaller copy.
    defaults=(--groups 2,4,8,16,32,64,128,4096 --copy-mb 16)
    echo "bench.sh: PoCL: fig8/fig9 at 2..128 and 4096 groups (not 256..2048) and a 16 MiB" \
      "copy (not 256 MiB), to keep the run short; -- --groups LIST --copy-mb N changes it"
    ;;
  esac
  ;;
esac

echo
status=0
"$build/bin/microbench" --csv "$csv" ${defaults[@]+"${defaults[@]}"} \
  ${extra[@]+"${extra[@]}"} || status=$?
exit "$status"
