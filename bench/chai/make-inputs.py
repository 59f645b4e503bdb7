#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Deterministic synthetic inputs for the Chai benchmarks (OpenCL 1.2 versions).

Chai's own inputs (the NYR road graph, the Van Hateren image, the task-queue
pattern file) are not redistributed with softatomic; this writes files in the
exact formats that each benchmark's read_input() (and, for BFS/SSSP, its
verify()) parses, at sizes that run in seconds on a 2-core CPU OpenCL device.

    make-inputs.py [--bench NAME ...] [--side N] [--force] CHAI_BENCH_DIR ...

CHAI_BENCH_DIR is a benchmark's folder (e.g. chai/OpenCL-D/BFS); the bench is
taken from its name unless --bench is given.  Files already present are kept
unless --force.  Python 3 standard library only; the same arguments always
write the same bytes.
"""

import argparse
import os
import struct
import sys
from collections import deque
import heapq

INF = -2147483647  # Chai's graph common.h: an unreached node's cost


class Lcg:
    """A fixed 64-bit LCG, so that the files do not depend on Python's random."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self, bound):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % bound


def grid_graph(side, seed):
    """A side x side 4-neighbour grid (a road network's shape), both directions,
    weights 1..100, no self loops or duplicate edges; source in the middle."""
    rng = Lcg(seed)
    weight = {}
    adjacency = [[] for _ in range(side * side)]
    for r in range(side):
        for c in range(side):
            u = r * side + c
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < side and cc < side:
                    v = rr * side + cc
                    w = 1 + rng.next(100)
                    weight[(u, v)] = weight[(v, u)] = w
                    adjacency[u].append(v)
                    adjacency[v].append(u)
    source = (side // 2) * side + side // 2
    return adjacency, weight, source


def write_graph(path, adjacency, weight, source):
    """Chai BFS/SSSP read_input: "n_nodes n_edges", "source", then per node
    "start degree", then per edge "id cost"."""
    n_edges = sum(len(a) for a in adjacency)
    lines = ["%d %d" % (len(adjacency), n_edges), "%d" % source]
    start = 0
    for a in adjacency:
        lines.append("%d %d" % (start, len(a)))
        start += len(a)
    for u, a in enumerate(adjacency):
        for v in a:
            lines.append("%d %d" % (v, weight[(u, v)]))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_costs(path, costs):
    """Chai BFS/SSSP verify: "n_nodes", then "i cost" per node."""
    with open(path, "w") as f:
        f.write("%d\n" % len(costs))
        f.write("".join("%d %d\n" % (i, c) for i, c in enumerate(costs)))


def bfs_levels(adjacency, source):
    # BFS stores the level at which a node is visited (cost[pid] = iter).
    costs = [INF] * len(adjacency)
    costs[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if costs[v] == INF:
                costs[v] = costs[u] + 1
                queue.append(v)
    return costs


def sssp_costs(adjacency, weight, source):
    # SSSP stores negated distances (edges hold -cost, atomic_max relaxes).
    dist = [None] * len(adjacency)
    dist[source] = 0
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d != dist[u]:
            continue
        for v in adjacency[u]:
            nd = d + weight[(u, v)]
            if dist[v] is None or nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return [INF if d is None else -d for d in dist]


def make_graph_bench(directory, args, output_name, costs_of):
    graph = os.path.join(directory, "input", "NYR_input.dat")
    expected = os.path.join(directory, "output", output_name)
    if not args.force and os.path.exists(graph) and os.path.exists(expected):
        return []
    adjacency, weight, source = grid_graph(args.side, args.seed)
    os.makedirs(os.path.dirname(graph), exist_ok=True)
    os.makedirs(os.path.dirname(expected), exist_ok=True)
    write_graph(graph, adjacency, weight, source)
    write_costs(expected, costs_of(adjacency, weight, source))
    return [graph, expected]


def make_bfs(directory, args):
    return make_graph_bench(directory, args, "NYR_bfs_BFS.out", lambda a, w, s: bfs_levels(a, s))


def make_sssp(directory, args):
    return make_graph_bench(directory, args, "NYR_bfs.out", sssp_costs)


def make_hsti(directory, args):
    """HSTI read_input: big-endian unsigned 16-bit pixels (12-bit values, it
    clamps at 4095) from ./input/image_VanHateren.iml, 1536x1024 of them (the
    default -n)."""
    path = os.path.join(directory, "input", "image_VanHateren.iml")
    if not args.force and os.path.exists(path):
        return []
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = Lcg(args.seed)
    count = 1536 * 1024
    # A smooth gradient plus noise: a skewed, image-like histogram.
    pixels = [(((i % 1536) * 2 + (i // 1536)) + rng.next(512)) % 4096 for i in range(count)]
    with open(path, "wb") as f:
        f.write(struct.pack(">%dH" % count, *pixels))
    return [path]


def make_tq(directory, args):
    """TQ read_input: rows of 512 integers (it reads rows 0..-k and uses row
    -k); 1 marks a heavy task.  The others are written as 2
    (SIGNAL_NOTWORK_KERNEL), so that Chai's verify() checks every task, not
    only the heavy ones (it skips values other than 1 and 2)."""
    path = os.path.join(directory, "input", "patternsNP100NB512FB25.txt")
    if not args.force and os.path.exists(path):
        return []
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = Lcg(args.seed)
    rows = []
    for _ in range(100):
        rows.append(" ".join("1" if rng.next(100) < 25 else "2" for _ in range(512)))
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")
    return [path]


def make_nothing(directory, args):
    return []  # SC and TRNS generate their input in main.cpp


MAKERS = {"BFS": make_bfs, "SSSP": make_sssp, "HSTI": make_hsti, "TQ": make_tq,
          "SC": make_nothing, "TRNS": make_nothing}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", metavar="CHAI_BENCH_DIR")
    parser.add_argument("--bench", help="benchmark name (default: the folder's name)")
    parser.add_argument("--side", type=int, default=128, help="BFS/SSSP grid side (default 128)")
    parser.add_argument("--seed", type=int, default=20161, help="generator seed")
    parser.add_argument("--force", action="store_true", help="overwrite existing files")
    args = parser.parse_args()
    status = 0
    for directory in args.dirs:
        bench = (args.bench or os.path.basename(os.path.normpath(directory))).upper()
        if bench not in MAKERS:
            print("make-inputs.py: unknown benchmark '%s' (known: %s)" % (bench, " ".join(sorted(MAKERS))),
                  file=sys.stderr)
            status = 1
            continue
        for path in MAKERS[bench](directory, args):
            print("make-inputs.py: wrote %s" % path)
    return status


if __name__ == "__main__":
    sys.exit(main())
