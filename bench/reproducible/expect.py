#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The exact result of scatter.cl's scatter_hash: for each of TARGETS
targets (starting at 0.0), the correctly rounded float sum of the UPDATES
operands work-items 0 .. UPDATES-1 add to it, raw little-endian floats.

  expect.py UPDATES TARGETS SEED OUT
"""
import math
import struct
import sys

M = 0xFFFFFFFF


def fmix(h):
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & M
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & M
    h ^= h >> 16
    return h


def main():
    updates, targets, seed, out = (int(sys.argv[1]), int(sys.argv[2]),
                                   int(sys.argv[3]), sys.argv[4])
    base = -40 - 23  # every operand is an integer times 2^base
    sums = [0] * targets
    for i in range(updates):
        h = fmix((i * 0x9E3779B1 + seed) & M)
        g = fmix((h + 0x632BE5AB) & M)
        mantissa = (g >> 9) | 0x800000
        exponent = g % 81 - 40 - 23  # of the mantissa's least bit
        term = mantissa << (exponent - base)
        sums[h % targets] += -term if h >> 31 else term
    sys.path.insert(0, sys.path[0] + "/../../test/exec/Inputs")
    from repro_data import round_nearest_even
    with open(out, "wb") as f:
        f.write(b"".join(struct.pack("<f", round_nearest_even(
            t, base, 24, -126, 127)) for t in sums))


if __name__ == "__main__":
    main()
