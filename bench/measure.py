#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command RUNS times and prints the medians of its wall time, its CPU
time (user + system, from wait4's rusage: microseconds, unlike GNU time's
10 ms) and its peak memory: "wall_s cpu_s max_kb". The command's output is
discarded; a failing run prints its stderr and exits 1.

Usage: bench/measure.py RUNS command [args...]
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    runs, cmd = int(sys.argv[1]), sys.argv[2:]
    wall, cpu, rss = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall.append(time.perf_counter() - start)
        err = proc.stderr.read()
        proc.stderr.close()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.stderr.write(err.decode(errors="replace"))
            sys.exit(1)
        cpu.append(usage.ru_utime + usage.ru_stime)
        rss.append(usage.ru_maxrss)
    print(f"{statistics.median(wall):.4f} {statistics.median(cpu):.4f} "
          f"{int(statistics.median(rss))}")


if __name__ == "__main__":
    main()
