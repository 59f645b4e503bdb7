"""Applies a clang-apply-replacements YAML file (what softatomic-rewrite
--export-fixes writes) to the files it names, in place, the way
clang-apply-replacements does. Usage: apply-fixes.py FIXES.yaml"""
import collections
import sys

import yaml

doc = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
by_file = collections.defaultdict(list)
for r in doc["Replacements"]:
    by_file[r["FilePath"]].append(r)
for path, edits in by_file.items():
    data = open(path, "rb").read()
    # From the end, so earlier offsets stay valid; at one offset, the
    # replacement of text before the insertion in front of it.
    for r in sorted(edits, key=lambda r: (r["Offset"], r["Length"]), reverse=True):
        text = r["ReplacementText"].encode("utf-8")
        data = data[:r["Offset"]] + text + data[r["Offset"] + r["Length"]:]
    open(path, "wb").write(data)
