#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fails when a source file of the project (code, build and scripts, not
the tests' inputs, whose line numbers the tests check, nor the benchmarks'
kernels) lacks its SPDX line, so that LICENSE's terms stay stated where
the code is.

Usage: check-licence.py [ROOT]   (default: this repository)
"""
import os
import subprocess
import sys

TAG = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
SUFFIXES = (".cpp", ".h", ".def", ".c", ".py", ".sh", ".cmake", ".in")


def needs_tag(path):
    if path.split("/")[0] in ("test", "docs") or path.startswith("fuzz/corpus"):
        return False
    if path.startswith("runtime/device/") and path.endswith(".cl"):
        return True
    return path.endswith(SUFFIXES) or os.path.basename(path) == "CMakeLists.txt"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True,
                           text=True, check=True).stdout.split()
    missing = []
    for path in filter(needs_tag, files):
        with open(os.path.join(root, path), errors="replace") as f:
            if TAG not in "".join(f.readline() for _ in range(3)):
                missing.append(path)
    for path in missing:
        print("%s:1: no '%s' in its first lines" % (path, TAG))
    print("licence: %d of %d files without the SPDX line"
          % (len(missing), len(list(filter(needs_tag, files)))))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
