#!/usr/bin/env python3
"""softatomic-rewrite, twice: the execution and stress tests' rewriter when
lit runs with --param second_rewriter=PATH (lit.cfg.py).

Usage: both-rewriters.py [options] INPUT -o OUTPUT [--manifest FILE] [-- flags]
with SA_FIRST_REWRITER and SA_SECOND_REWRITER set. Runs the first rewriter
as asked, then the second with each output file next to the first one's
(OUTPUT.second), and fails unless both end with the same status, print the
same and write the same bytes. The first one's outputs are what the test
goes on with; the second one's are removed when they match.
"""
import os
import re
import subprocess
import sys

# Where Clang's notes point into its scratch buffer (the text a `##` or a
# macro argument made): its line numbers are Clang's bookkeeping, and
# differ between Clang 16 and 19 for the same input.
SCRATCH = re.compile(rb"<scratch space>:\d+:\d+:")


def comparable(stderr):
    """stderr with the scratch buffer's positions left out."""
    return SCRATCH.sub(b"<scratch space>:", stderr)


def second_outputs(args):
    """args with each output file (-o FILE, --manifest FILE) renamed
    FILE.second, and the pairs of names."""
    out, pairs = list(args), []
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg in ("-o", "--manifest") and i + 1 < len(args):
            pairs.append((args[i + 1], args[i + 1] + ".second"))
            out[i + 1] += ".second"
        elif arg == "-i" or arg.startswith(
                ("-o=", "--manifest=", "--depfile", "--export-fixes")):
            sys.exit("both-rewriters.py: outputs are named by -o FILE and "
                     "--manifest FILE here, not by %s" % arg)
    return out, pairs


def main():
    first = os.environ["SA_FIRST_REWRITER"]
    second = os.environ["SA_SECOND_REWRITER"]
    args = sys.argv[1:]
    renamed, pairs = second_outputs(args)
    a = subprocess.run([first] + args, capture_output=True)
    b = subprocess.run([second] + renamed, capture_output=True)
    sys.stdout.buffer.write(a.stdout)
    sys.stderr.buffer.write(a.stderr)
    problems = []
    if a.returncode != b.returncode:
        problems.append("exit status %d, %d" % (a.returncode, b.returncode))
    if a.stdout != b.stdout:
        problems.append("stdout differs")
    if comparable(a.stderr) != comparable(b.stderr):
        problems.append("stderr differs:\n" + b.stderr.decode(errors="replace"))
    for mine, theirs in pairs:
        if os.path.exists(mine) != os.path.exists(theirs):
            problems.append("only one of them wrote %s" % mine)
        elif os.path.exists(mine):
            with open(mine, "rb") as f, open(theirs, "rb") as g:
                if f.read() != g.read():
                    problems.append("%s and %s differ" % (mine, theirs))
    if problems:
        sys.stderr.write("both-rewriters.py: %s and %s disagree: %s\n"
                         % (first, second, "; ".join(problems)))
        return 1
    for _, theirs in pairs:
        if os.path.exists(theirs):
            os.remove(theirs)
    return a.returncode


if __name__ == "__main__":
    sys.exit(main())
