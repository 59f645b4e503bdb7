#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks docs/HOST-RUNTIME.md's environment table against the code.

Fails when the code reads a variable the table lacks, or the table lists
one no code reads. A variable is read where a C or C++ source outside
test/ passes its name, as a string literal, to getenv, GetEnv, the layer's
environment() or the host runtime's Env.flag/number/choice/limit, or
writes it as a string literal of its own ("SOFTATOMIC_..."); or where
a shell script (scripts/, bench/, test/stress/) expands it with a default,
${NAME:-...}. A table row may also name a variable that such a script
expands without a default ($NAME).
Usage: check-env-table.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

READERS = re.compile(
    r'(?:getenv|GetEnv|environment|Env\.(?:flag|number|choice|limit))'
    r'\(\s*"([A-Z][A-Z0-9_]*)"'
    r'|"(SOFTATOMIC_[A-Z0-9_]*)"')
SCRIPT_USE = re.compile(r'\$\{?([A-Z][A-Z0-9_]*)')
SCRIPT_READ = re.compile(r'\$\{([A-Z][A-Z0-9_]*):-')
SCRIPT_DIRS = ["scripts", "bench", "test/stress"]
SOURCE_DIRS = ["lib", "tool", "runtime", "layer", "examples", "bench", "scripts"]
TABLE_ROW = re.compile(r'^\| (`[A-Z][A-Z0-9_]*`(?:, `[A-Z][A-Z0-9_]*`)*) \|')


def scripts(root):
    for folder in SCRIPT_DIRS:
        yield from (root / folder).rglob("*.sh")


def read_in_code(root):
    names = set()
    for folder in SOURCE_DIRS:
        for path in (root / folder).rglob("*"):
            if path.suffix in (".c", ".cpp", ".h"):
                text = path.read_text(errors="replace")
                names |= {a or b for a, b in READERS.findall(text)}
    for path in scripts(root):
        names |= set(SCRIPT_READ.findall(path.read_text(errors="replace")))
    return names


def expanded_by_scripts(root):
    names = set()
    for path in scripts(root):
        names |= set(SCRIPT_USE.findall(path.read_text(errors="replace")))
    return names


def in_table(root):
    names = set()
    for line in (root / "docs/HOST-RUNTIME.md").read_text().splitlines():
        match = TABLE_ROW.match(line)
        if match:
            names |= set(re.findall(r'`([A-Z0-9_]+)`', match.group(1)))
    return names


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parent.parent)
    code, table = read_in_code(root), in_table(root)
    problems = [f"{name}: read by the code, missing from docs/HOST-RUNTIME.md's "
                "environment table" for name in sorted(code - table)]
    unread = table - code - expanded_by_scripts(root)
    problems += [f"{name}: in docs/HOST-RUNTIME.md's environment table, read "
                 "by no code" for name in sorted(unread)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if not code:
        print("no variable found in the code: the readers' pattern is stale",
              file=sys.stderr)
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
