#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/setup.sh where there is no apt-get (ctest: setup-without-apt):
# it fails (status 1), installs nothing and says which systems it supports
# and what to install by hand; with SOFTATOMIC_SKIP_SETUP=1 it goes on
# (status 0). PATH holds one folder with `cat` alone, so that nothing can
# be installed whatever the script does. Usage: setup-without-apt.sh SRC
set -uo pipefail
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "setup-without-apt: $*" >&2; exit 1; }

mkdir "$tmp/bin"
ln -s "$(command -v cat)" "$tmp/bin/cat"
run() { env -i PATH="$tmp/bin" HOME="$tmp" "$@" /bin/bash "$src/scripts/setup.sh" \
  >"$tmp/out" 2>"$tmp/err"; }

run
status=$?
[ "$status" -eq 1 ] || { cat "$tmp/out" "$tmp/err"; fail "status $status, not 1"; }
[ ! -s "$tmp/out" ] || { cat "$tmp/out"; fail "stdout is not empty"; }
for words in "setup: error: apt-get (or dpkg-query) not found" \
  "Debian 12 and Ubuntu (apt) only" "installed nothing" "Clang/LLVM 16 to 19" \
  "lit, FileCheck" "cmake 3.20" "PoCL" "ICD loader" "SOFTATOMIC_SKIP_SETUP=1"; do
  grep -qF "$words" "$tmp/err" || { cat "$tmp/err"; fail "the message lacks '$words'"; }
done

run SOFTATOMIC_SKIP_SETUP=1
status=$?
[ "$status" -eq 0 ] || { cat "$tmp/out" "$tmp/err"; fail "SOFTATOMIC_SKIP_SETUP=1: status $status, not 0"; }
grep -q "setup: skipped" "$tmp/out" || { cat "$tmp/out"; fail "SOFTATOMIC_SKIP_SETUP=1 did not say it skipped"; }
echo "setup-without-apt: OK"
