"""Applies the first file's hunks of a unified diff (what softatomic-rewrite
--dry-run prints), context lines included, to FILE and prints the result.
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
    last = None
    while i < len(diff) and diff[i][:1] in (" ", "-", "+", "\\"):
        sign = diff[i][:1]
        if sign == " ":  # context: the input's own line, which must match
            assert lines[at].rstrip("\n") == diff[i][1:], (at, diff[i])
            out.append(lines[at])
            at += 1
        elif sign == "-":
            at += 1
        elif sign == "+":
            out.append(diff[i][1:] + "\n")
        elif last == "+":  # "\ No newline at end of file" after a + line
            out[-1] = out[-1].rstrip("\n")
        if sign != "\\":
            last = sign
        i += 1
out += lines[at:]
sys.stdout.write("".join(out))
