"""Runs a command and fails unless it exits with the given status.

Usage: expect-status.py STATUS COMMAND [ARG...]; the command's stdout and
stderr pass through, so a pipe into FileCheck still sees them.
"""
import subprocess
import sys

status = subprocess.call(sys.argv[2:])
if status != int(sys.argv[1]):
    sys.stderr.write("expected exit status %s, got %d\n" % (sys.argv[1], status))
    sys.exit(1)
