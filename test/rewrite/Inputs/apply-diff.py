"""Applies the first file's hunks of a unified diff without context (what
softatomic-rewrite --dry-run prints) to FILE and prints the result.
Usage: apply-diff.py FILE DIFF"""
import re
import sys

lines = open(sys.argv[1], newline="").read().splitlines(keepends=True)
diff = open(sys.argv[2], newline="").read().splitlines()
out, at, i = [], 0, 0
while i < len(diff) and not diff[i].startswith("@@"):
    i += 1
while i < len(diff) and diff[i].startswith("@@"):
    old_start = int(re.match(r"@@ -(\d+)", diff[i]).group(1)) - 1
    out += lines[at:old_start]
    at = old_start
    i += 1
    while i < len(diff) and diff[i][:1] in ("-", "+", "\\"):
        if diff[i].startswith("-"):
            at += 1
        elif diff[i].startswith("+"):
            out.append(diff[i][1:] + "\n")
        elif out:  # "\ No newline at end of file" after a + line
            out[-1] = out[-1].rstrip("\n")
        i += 1
out += lines[at:]
sys.stdout.write("".join(out))
