#!/usr/bin/env python3
"""ctest chai-inputs: checks bench/chai/make-inputs.py's files against the
formats Chai's read_input()/verify() parse and against independent
expectations (grid BFS levels are Manhattan distances; SSSP costs satisfy
the shortest-path conditions), and that the same arguments write the same
bytes.  Also that run-chai.sh parses and answers --help.

    check-inputs.py BENCH_CHAI_DIR
"""

import os
import struct
import subprocess
import sys
import tempfile

INF = -2147483647
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def make(tool, directory, bench, *extra):
    return subprocess.run([sys.executable, tool, "--bench", bench, *extra, directory],
                          capture_output=True, text=True)


def read_graph(path):
    numbers = [int(x) for x in open(path).read().split()]
    n_nodes, n_edges, source = numbers[0], numbers[1], numbers[2]
    nodes = [(numbers[3 + 2 * i], numbers[4 + 2 * i]) for i in range(n_nodes)]
    rest = numbers[3 + 2 * n_nodes:]
    edges = [(rest[2 * i], rest[2 * i + 1]) for i in range(n_edges)]
    check(len(rest) == 2 * n_edges, "graph: %d numbers after the nodes, want %d" % (len(rest), 2 * n_edges))
    return n_nodes, source, nodes, edges


def read_costs(path, n_nodes):
    numbers = [int(x) for x in open(path).read().split()]
    check(numbers[0] == n_nodes, "costs: %d nodes, want %d" % (numbers[0], n_nodes))
    pairs = numbers[1:]
    check(pairs[0::2] == list(range(n_nodes)), "costs: node ids are not 0..n-1 in order")
    return pairs[1::2]


def check_graph_benches(tool, root, side):
    bfs, sssp = os.path.join(root, "BFS"), os.path.join(root, "SSSP")
    for directory, bench in ((bfs, "BFS"), (sssp, "SSSP")):
        result = make(tool, directory, bench, "--side", str(side))
        check(result.returncode == 0, "%s: make-inputs.py failed: %s" % (bench, result.stderr))
    n_nodes, source, nodes, edges = read_graph(os.path.join(bfs, "input", "NYR_input.dat"))
    check(n_nodes == side * side, "graph: %d nodes for side %d" % (n_nodes, side))
    check(source == (side // 2) * side + side // 2, "graph: source %d is not the middle" % source)
    # CSR: node i's edges are edges[start : start + degree], contiguous.
    adjacency = []
    expected_start = 0
    for u, (start, degree) in enumerate(nodes):
        check(start == expected_start, "graph: node %d starts at %d, want %d" % (u, start, expected_start))
        expected_start += degree
        targets = [v for v, _ in edges[start:start + degree]]
        check(u not in targets, "graph: self loop at %d" % u)
        check(len(set(targets)) == len(targets), "graph: duplicate edge from %d" % u)
        adjacency.append(edges[start:start + degree])
    weight = {}
    for u, out in enumerate(adjacency):
        for v, w in out:
            check(1 <= w <= 100, "graph: weight %d out of 1..100" % w)
            weight[(u, v)] = w
    check(all(weight.get((v, u)) == w for (u, v), w in weight.items()), "graph: not symmetric")

    levels = read_costs(os.path.join(bfs, "output", "NYR_bfs_BFS.out"), n_nodes)
    sr, sc = divmod(source, side)
    manhattan = [abs(r - sr) + abs(c - sc) for r in range(side) for c in range(side)]
    check(levels == manhattan, "BFS: expected levels are not the grid's Manhattan distances")

    costs = read_costs(os.path.join(sssp, "output", "NYR_bfs.out"), n_nodes)
    check(costs[source] == 0, "SSSP: source cost %d" % costs[source])
    check(all(c != INF and c <= 0 for c in costs), "SSSP: a grid node unreached or a positive cost")
    dist = [-c for c in costs]
    for (u, v), w in weight.items():
        check(dist[v] <= dist[u] + w, "SSSP: edge %d->%d relaxes further" % (u, v))
    for v in range(n_nodes):
        if v != source:
            check(any(dist[u] + w == dist[v] for (u, x), w in weight.items() if x == v),
                  "SSSP: node %d has no tight predecessor" % v)


def check_hsti_tq(tool, root):
    hsti, tq = os.path.join(root, "HSTI"), os.path.join(root, "TQ")
    check(make(tool, hsti, "HSTI").returncode == 0, "HSTI: make-inputs.py failed")
    image = open(os.path.join(hsti, "input", "image_VanHateren.iml"), "rb").read()
    check(len(image) == 1536 * 1024 * 2, "HSTI: %d bytes, want 1536x1024 16-bit pixels" % len(image))
    pixels = struct.unpack(">%dH" % (len(image) // 2), image)
    check(max(pixels) < 4096 and len(set(pixels)) > 1000, "HSTI: not 12-bit varied pixels")
    check(make(tool, tq, "TQ").returncode == 0, "TQ: make-inputs.py failed")
    rows = open(os.path.join(tq, "input", "patternsNP100NB512FB25.txt")).read().splitlines()
    check(len(rows) == 100 and all(len(r.split()) == 512 for r in rows), "TQ: not 100 rows of 512")
    values = [v for r in rows for v in r.split()]
    check(set(values) == {"1", "2"}, "TQ: values other than 1 and 2")
    heavy = values.count("1") / len(values)
    check(0.2 < heavy < 0.3, "TQ: %.2f heavy tasks, want about 0.25" % heavy)


def snapshot(root):
    files = {}
    for base, _, names in os.walk(root):
        for name in names:
            path = os.path.join(base, name)
            files[os.path.relpath(path, root)] = open(path, "rb").read()
    return files


def main():
    bench_chai = sys.argv[1]
    tool = os.path.join(bench_chai, "make-inputs.py")
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        check_graph_benches(tool, first, 9)
        check_hsti_tq(tool, first)
        check_graph_benches(tool, second, 9)
        check_hsti_tq(tool, second)
        check(snapshot(first) == snapshot(second), "the same arguments wrote different bytes")
        # Existing files are kept unless --force.
        path = os.path.join(first, "TQ", "input", "patternsNP100NB512FB25.txt")
        open(path, "w").write("kept\n")
        make(tool, os.path.join(first, "TQ"), "TQ")
        check(open(path).read() == "kept\n", "an existing input was overwritten without --force")
        unknown = make(tool, first, "NOPE")
        check(unknown.returncode != 0 and "unknown benchmark" in unknown.stderr,
              "an unknown benchmark was not refused")
    script = os.path.join(bench_chai, "run-chai.sh")
    check(subprocess.run(["sh", "-n", script]).returncode == 0, "run-chai.sh does not parse")
    helped = subprocess.run(["sh", script, "--help"], capture_output=True, text=True)
    check(helped.returncode == 0 and "--preset" in helped.stdout, "run-chai.sh --help")
    bad = subprocess.run(["sh", script, "--mode", "fast"], capture_output=True, text=True)
    check(bad.returncode == 2 and "--mode" in bad.stderr, "run-chai.sh accepted --mode fast")
    # It runs only benchmarks already built: no --chai is an error, and a
    # folder without its executable is reported, never built (the Makefile
    # here would leave a mark).
    nochai = subprocess.run(["sh", script], capture_output=True, text=True)
    check(nochai.returncode == 2 and "--chai" in nochai.stderr, "run-chai.sh ran without --chai")
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "chai", "BFS"))
        with open(os.path.join(tmp, "chai", "BFS", "Makefile"), "w") as makefile:
            makefile.write("bfs:\n\ttouch built bfs\n")
        unbuilt = subprocess.run(["sh", script, "--chai", os.path.join(tmp, "chai"), "--layer", script,
                                  "--out", os.path.join(tmp, "out"), "BFS"], capture_output=True, text=True)
        check("bfs is missing" in unbuilt.stderr, "run-chai.sh did not report an unbuilt benchmark")
        check(not os.path.exists(os.path.join(tmp, "chai", "BFS", "built")), "run-chai.sh ran make")
        check("not built" in open(os.path.join(tmp, "out", "results-coordinator.csv")).read(),
              "run-chai.sh's table does not say 'not built'")
    for failure in failures[:20]:
        print("FAIL: " + failure)
    if failures:
        return 1
    print("chai-inputs: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
