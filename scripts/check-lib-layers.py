#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that lib/'s folders depend on each other one way only.

lib/ is drawn as the rewriter's pipeline (docs/ARCHITECTURE.md): a folder
may include its own headers and those of the folders before it, never one
after it, so that no cycle can form. Prints each include that breaks the
order as file:line: error: ..., and exits 1 if there is one.
"""
import pathlib
import re
import sys

ORDER = ["support", "model", "analysis", "edits", "driver", "output"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z]+)/[^"]+"')


def main() -> int:
    lib = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                       pathlib.Path(__file__).resolve().parent.parent / "lib")
    problems = 0
    folders = sorted(p.name for p in lib.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in ORDER:
            print(f"{lib / folder}: error: folder '{folder}' has no place in "
                  f"the order {' < '.join(ORDER)} (scripts/check-lib-layers.py)")
            problems += 1
    for path in sorted(lib.glob("*/*")):
        if path.parent.name not in ORDER or path.suffix not in (".h", ".cpp", ".def"):
            continue
        rank = ORDER.index(path.parent.name)
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if not match or match.group(1) not in ORDER:
                continue
            if ORDER.index(match.group(1)) > rank:
                print(f"{path}:{number}: error: {path.parent.name}/ includes "
                      f"{match.group(1)}/, which comes after it in "
                      f"{' < '.join(ORDER)}")
                problems += 1
    print(f"lib layers: {problems} problem(s) in {len(folders)} folders")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
