#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs on the GPU machine (NVIDIA driver, CUDA's OpenCL headers, no Clang),
# after scripts/gpu-run.sh has built build-gpu/ (the layer without its
# rewriter): the Chai benchmarks of .gpu-chai/src, built there beforehand
# as bench/chai/README.md says (this script builds nothing of Chai),
# natively and under the layer in both modes (or those CHAI_MODES names:
# profile writes each benchmark's profile report), the layer answering from the
# cache in .gpu-chai/cache that bench/chai/run-chai.sh filled on the machine
# with Clang (docs/BENCHMARKS-HISTORY.md, "Chai under the interception layer"), with
# SOFTATOMIC_LAYER_OPTIONS="$(scripts/device-profile-options.sh
# scripts/nvidia-device-profile.json)" so that its keys hold this device's
# profile. Results
# in $OUT/chai (or ./gpu-out/chai). Chai picks its platform by index (-p):
# the NVIDIA platform's is looked up by name.
set -euo pipefail
out=${OUT:-$PWD/gpu-out}/chai
. "$(dirname "$0")/nvidia-opencl.sh"
include=${CUDA_INCLUDE:-/usr/local/cuda/include}
cat >/tmp/platform-index.c <<'C'
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>
/* The index of the first platform whose name contains argv[1]. */
int main(int argc, char **argv) {
  cl_platform_id p[16];
  cl_uint n = 0;
  clGetPlatformIDs(16, p, &n);
  for (cl_uint i = 0; argc > 1 && i < n; ++i) {
    char name[256] = {0};
    clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
    if (strstr(name, argv[1])) {
      printf("%u\n", i);
      return 0;
    }
  }
  return 1;
}
C
cc -I"$include" /tmp/platform-index.c -o /tmp/platform-index "$OPENCL_LOADER"
platform=$(/tmp/platform-index "${SA_PLATFORM:-NVIDIA}")
args=()
# CHAI_EXTRA: more of Chai's arguments for every benchmark (-r 10: more
# launches, for the profile's rounds).
for b in BFS HSTI SC SSSP TQ TRNS; do args+=(--args "$b=-p $platform ${CHAI_EXTRA:-}"); done
for mode in ${CHAI_MODES:-coordinator combine}; do
  bench/chai/run-chai.sh --chai .gpu-chai/src --layer build-gpu/lib/libsoftatomic-layer.so \
    --cache .gpu-chai/cache --out "$out" --mode "$mode" --timeout "${CHAI_TIMEOUT:-60}" "${args[@]}"
done
cat "$out"/results-*.md
