#!/usr/bin/env python3
"""The profile's known-answer tests as a machine without Clang runs them.

  gpu-cases.py BUILD KERNELS > CASES

Reads the RUN lines of each test/profile/*.test and writes one shell
command per line for scripts/gpu-run.sh:
- each kernel file that softatomic-run profiles is rewritten here, with
  BUILD's softatomic-rewrite --profile, into KERNELS;
- softatomic-run becomes sa-difftest (built there) on that kernel as
  written and its --profile rewrite, in the profile mode (--mode profile,
  its --report kept), as lit's sites.test does;
- FileCheck (not there) is dropped; %python, %check_report, %S and %t
  become python3, check-report.py, test/profile and a file under /tmp
  (and lit's %% a %).
Every test's checks then run there as they do here, with the device's own
warp size.
"""
import os
import re
import shlex
import subprocess
import sys

HERE = "test/profile"


def run_lines(path):
    """The test's RUN commands, continuation lines joined."""
    lines, current = [], ""
    for line in open(path):
        m = re.match(r"\s*(?://\s*)?RUN:\s?(.*)$", line)
        if not m:
            continue
        text = m.group(1).rstrip()
        if text.endswith("\\"):
            current += text[:-1] + " "
            continue
        lines.append(current + text)
        current = ""
    return lines


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    build, kernels = argv[1], argv[2]
    os.makedirs(kernels, exist_ok=True)
    rewritten = {}
    for test in sorted(os.listdir(HERE)):
        if not test.endswith(".test"):
            continue
        name = test[:-len(".test")]
        tmp = "/tmp/sa-profile/" + name
        print("mkdir -p /tmp/sa-profile")
        for cmd in run_lines(os.path.join(HERE, test)):
            cmd = re.sub(r"\s*\|\s*FileCheck.*$", "", cmd)
            cmd = (cmd.replace("%python", "python3")
                   .replace("%check_report", "python3 %s/check-report.py" % HERE)
                   .replace("%S", HERE).replace("%t", tmp)
                   .replace("%%", "%"))
            words = shlex.split(cmd)
            if words[0] == "softatomic-rewrite":
                continue  # rewritten below, for sa-difftest
            if words[0] in ("softatomic-run", "sa-difftest"):
                source = words[1]
                if source not in rewritten:
                    out = os.path.join(kernels, "profile-%d.pf.cl" % len(rewritten))
                    subprocess.run([os.path.join(build, "bin", "softatomic-rewrite"),
                                    "--profile", source, "-o", out], check=True)
                    rewritten[source] = out
                rest = words[2:] if words[0] == "softatomic-run" else words[3:]
                kept, skip = [], False
                for w in rest:
                    if skip:
                        skip = False
                        continue
                    if w in ("--modes", "--repeat", "--mode", "--check-profile"):
                        skip = True
                        continue
                    kept.append(w)
                words = (["build-gpu/bin/sa-difftest", source, rewritten[source]] +
                         kept + ["--mode", "profile"])
            print(" ".join(shlex.quote(w) for w in words))


if __name__ == "__main__":
    main(sys.argv)
