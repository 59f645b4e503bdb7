#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs everything softatomic needs to build and test, from Debian's
# packages. Idempotent: packages already present are not fetched again.
set -euo pipefail

packages=(
  cmake make g++ python3
  libclang-16-dev llvm-16-dev llvm-16-tools clang-16 # rewriter, lit, FileCheck
  libclang-19-dev llvm-19-dev llvm-19-tools clang-19 # the same with Clang 19
  opencl-c-headers opencl-clhpp-headers ocl-icd-opencl-dev # OpenCL API
  pocl-opencl-icd clinfo # the OpenCL device every machine has (CPU)
  nlohmann-json3-dev # the host runtime reads the kernel manifest
  libgtest-dev # the host runtime API tests
  clang-tools-16 clang-tools-19 python3-yaml # --export-fixes round trips (clang-apply-replacements)
  pkg-config # the package test (softatomic.pc)
  python3-matplotlib # scripts/plot-evaluation.py (the evaluation's plots)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
