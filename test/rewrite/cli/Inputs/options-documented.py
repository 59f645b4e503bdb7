"""Fails when an option that `softatomic-rewrite --help` lists (read from
stdin) is not named in the page given as the argument (docs/REWRITER.md)."""
import re
import sys

page = open(sys.argv[1]).read()
options = set(re.findall(r"^\s+(--?[a-z][a-z0-9-]*)", sys.stdin.read(), re.M))
missing = sorted(o for o in options
                 if not re.search(re.escape(o) + r"(?![a-z0-9-])", page))
for option in missing:
    print(f"{option}: listed by --help, not in {sys.argv[1]}")
if len(options) < 10:
    print(f"only {len(options)} options read from --help: the pattern is stale")
    sys.exit(1)
sys.exit(1 if missing else 0)
