"""Runs softatomic-rewrite on two inputs at once, again and again, all of
them writing the same -o and --manifest files, and fails unless the two
files written last describe the same input after each round.

Usage: concurrent-pairs.py REWRITER DIR ROUNDS
DIR gets the inputs a.cl (kernel ka) and b.cl (kernel kb), and the shared
out.cl and out.json.
"""
import json
import os
import subprocess
import sys

rewriter, folder, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
RUNS_PER_ROUND = 8
for name in ("a", "b"):
    with open(os.path.join(folder, name + ".cl"), "w") as source:
        source.write("__kernel void k%s(__global uint *c) { atomic_inc(c); }\n"
                     % name)
output = os.path.join(folder, "out.cl")
manifest = os.path.join(folder, "out.json")


def kernel_of_output():
    with open(output) as text:
        rewritten = text.read()
    found = [k for k in ("ka", "kb") if "void " + k + "(" in rewritten]
    return found[0] if len(found) == 1 else "?"


def kernel_of_manifest():
    with open(manifest) as text:
        kernels = json.load(text)["kernels"]
    return kernels[0]["name"] if len(kernels) == 1 else "?"


for round in range(rounds):
    runs = [subprocess.Popen([rewriter, os.path.join(folder, "ab"[i % 2] + ".cl"),
                              "-o", output, "--manifest", manifest])
            for i in range(RUNS_PER_ROUND)]
    if any(run.wait() != 0 for run in runs):
        sys.exit("round %d: a run failed" % round)
    if kernel_of_output() != kernel_of_manifest():
        sys.exit("round %d: out.cl has kernel %s, out.json kernel %s"
                 % (round, kernel_of_output(), kernel_of_manifest()))
print("concurrent-pairs: %d rounds, every pair of one input" % rounds)
