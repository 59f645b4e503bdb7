#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that the documentation pages the tree names exist.

Two kinds of reference: a path such as docs/HOST-RUNTIME.md or
layer/README.md in any tracked text file (taken from the repository's
root), and a relative Markdown link [text](target) in a .md file (taken
from that file's folder, its #anchor, when it has one, checked against the
target page's headings as GitHub spells them).
Usage: check-doc-links.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import subprocess
import sys

ROOTED = re.compile(r'(?<![\w./-])((?:docs|layer|bench|examples|fuzz|test)/[\w./-]*\.md|README\.md)')
LINK = re.compile(r'\]\(([^)\s]+)\)')


def anchors(page):
    found = set()
    for line in page.read_text(errors="replace").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parent.parent)
    files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True,
                           text=True, check=True).stdout.split()
    problems = []
    for name in files:
        path = root / name
        if name.startswith("docs/evaluation/") or not path.is_file():
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for ref in set(ROOTED.findall(text)):
            if not (root / ref).exists() and not (path.parent / ref).exists():
                problems.append(f"{name}: names {ref}, which does not exist")
        if path.suffix != ".md":
            continue
        for target in set(LINK.findall(text)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            file, _, anchor = target.partition("#")
            page = (path.parent / file) if file else path
            if not page.exists():
                problems.append(f"{name}: links to {target}, which does not exist")
            elif anchor and page.suffix == ".md" and anchor not in anchors(page):
                problems.append(f"{name}: links to {target}, a heading {page.name} lacks")
    for problem in sorted(problems):
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
