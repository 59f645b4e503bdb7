"""Interrupts `softatomic-rewrite -i` at random moments and checks what it
leaves: no temporary file, and every input either as it was or rewritten
whole (the bytes -o writes).

Usage: interrupt-inplace.py TOOL WORKDIR RUNS

Each run rewrites FILES copies of one kernel with -j 2 and sends SIGTERM or
SIGINT (alternately) after a random delay of up to the time a whole run
takes, so that some signals land while temporary files are being created,
written and renamed. A first run, not interrupted, gives each file's
rewritten text (the tool runs in the directory, so names match). Prints
one line of counts; exits 1 on any leftover or damaged file.
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import time

FILES = 40
KERNEL = "__kernel void k(__global int *c) { atom_inc(c); }\n"

tool, workdir, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
shutil.rmtree(workdir, ignore_errors=True)
os.makedirs(workdir)
names = ["f%d.cl" % i for i in range(FILES)]


def one_run(directory):
    os.makedirs(directory)
    for name in names:
        with open(os.path.join(directory, name), "w") as f:
            f.write(KERNEL)
    start = time.monotonic()
    process = subprocess.Popen([tool, "-i", "-j", "2"] + names,
                               cwd=directory, stderr=subprocess.DEVNULL)
    return process, start


def read(directory, name):
    with open(os.path.join(directory, name)) as f:
        return f.read()


# An undisturbed run: the rewritten texts, and how long a run takes, to
# spread the signals over it.
probe = os.path.join(workdir, "probe")
process, start = one_run(probe)
if process.wait() != 0:
    sys.exit("the undisturbed run failed")
span = time.monotonic() - start
expected = {name: read(probe, name) for name in names}

leftovers = damaged = 0
for run in range(runs):
    directory = os.path.join(workdir, "run%d" % run)
    process, _ = one_run(directory)
    time.sleep(random.uniform(0, span))
    process.send_signal(signal.SIGTERM if run % 2 else signal.SIGINT)
    process.wait()
    left = [name for name in os.listdir(directory) if name not in names]
    if left:
        leftovers += 1
        sys.stderr.write("left in %s: %s\n" % (directory, sorted(left)))
    for name in names:
        if read(directory, name) not in (KERNEL, expected[name]):
            damaged += 1
            sys.stderr.write("damaged: %s\n" % os.path.join(directory, name))
    shutil.rmtree(directory)

print("runs: %d, with temporary files left: %d, damaged files: %d"
      % (runs, leftovers, damaged))
sys.exit(1 if leftovers or damaged else 0)
