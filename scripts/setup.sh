#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs everything softatomic needs to build and test, from Debian's
# packages. Idempotent: packages already present are not fetched again.
# Debian 12 and Ubuntu (apt) only: elsewhere it installs nothing, says what
# to install by hand and fails (status 1), unless SOFTATOMIC_SKIP_SETUP=1
# says that was done (then scripts/demo.sh and scripts/test.sh go on).
set -euo pipefail

if [ "${SOFTATOMIC_SKIP_SETUP:-}" = 1 ]; then
  echo "setup: skipped (SOFTATOMIC_SKIP_SETUP=1): the packages are taken as installed"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
  cat >&2 <<'EOF_HELP'
setup: error: apt-get (or dpkg-query) not found: scripts/setup.sh installs
packages on Debian 12 and Ubuntu (apt) only, and installed nothing here.
On another system, install by hand (docs/BUILDING.md, "Supported systems"):
  - Clang/LLVM 16 to 19 (16 and 19 are tested; scripts/test.sh wants both)
    with its development files: libclang and the CMake packages
    (ClangConfig.cmake), clang, and LLVM's lit, FileCheck and not
  - cmake 3.20 or newer, make or ninja, a C++17 compiler, python3
  - OpenCL: the C and C++ headers, an ICD loader (libOpenCL) and a device:
    PoCL (CPU) or your GPU's driver; clinfo to check it
  - nlohmann-json, GoogleTest, pkg-config, python3-yaml,
    clang-apply-replacements (clang-tools), python3-matplotlib (plots)
Then run the scripts with SOFTATOMIC_SKIP_SETUP=1, or build by hand:
  cmake -S . -B build -DClang_DIR=<llvm>/lib/cmake/clang && cmake --build build
EOF_HELP
  exit 1
fi

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
