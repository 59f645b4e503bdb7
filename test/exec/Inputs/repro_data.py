#!/usr/bin/env python3
"""Data for the reproducible float add tests (test/exec/float_reproducible*.cl)
and the GPU benchmark (bench/reproducible/scatter-add.sh): a scatter-add of
random operands of mixed signs and magnitudes into targets, and what each
target must hold after it, computed exactly here (fractions) and rounded
once to nearest even: the correctly rounded sum of the target's first
value and its operands.

  repro_data.py PREFIX TYPE UPDATES TARGETS SEED [LO HI]

writes PREFIX.vals (UPDATES operands of TYPE, float or double), PREFIX.idx
(UPDATES uint target indices), PREFIX.init (TARGETS first values) and
PREFIX.expect (TARGETS results), raw little-endian. Operands' magnitudes
span 2^LO .. 2^HI (default -40 .. 40), with full random mantissas.
"""
import random
import struct
import sys
import math

FORMATS = {"float": ("<f", 24, -126, 127), "double": ("<d", 53, -1022, 1023)}


def random_value(rng, prec, lo, hi):
    """(m, e): the value m * 2^e, prec mantissa bits, sign and exponent
    random; e is at least lo - prec."""
    mantissa = rng.getrandbits(prec - 1) | (1 << (prec - 1))
    exponent = rng.randint(lo, hi) - (prec - 1)
    return (-mantissa if rng.random() < 0.5 else mantissa), exponent


def round_nearest_even(total, base, prec, emin, emax):
    """total * 2^base (exact integers) rounded once to the format, to
    nearest even: a Python float, which holds it exactly."""
    if total == 0:
        return 0.0
    sign, mag = (-1.0, -total) if total < 0 else (1.0, total)
    e = mag.bit_length() - 1 + base
    q = max(e, emin) - (prec - 1)  # the result's least bit
    shift = q - base
    if shift <= 0:
        n = mag << -shift
    else:
        n, rest = mag >> shift, mag & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if rest > half or (rest == half and n & 1):
            n += 1
    if n.bit_length() + q > emax + 1:
        return sign * float("inf")
    return sign * math.ldexp(n, q)


def main():
    prefix, kind, updates, targets, seed = sys.argv[1:6]
    lo, hi = (int(sys.argv[6]), int(sys.argv[7])) if len(sys.argv) > 7 else (-40, 40)
    fmt, prec, emin, emax = FORMATS[kind]
    rng = random.Random(int(seed))
    updates, targets = int(updates), int(targets)
    vals = [random_value(rng, prec, lo, hi) for _ in range(updates)]
    idx = [rng.randrange(targets) for _ in range(updates)]
    init = [random_value(rng, prec, lo, hi) for _ in range(targets)]
    base = lo - prec  # every value is an integer times 2^base
    sums = [m << (e - base) for m, e in init]
    for (m, e), i in zip(vals, idx):
        sums[i] += m << (e - base)
    expect = [round_nearest_even(t, base, prec, emin, emax) for t in sums]
    vals = [math.ldexp(m, e) for m, e in vals]
    init = [math.ldexp(m, e) for m, e in init]
    with open(prefix + ".vals", "wb") as f:
        f.write(b"".join(struct.pack(fmt, v) for v in vals))
    with open(prefix + ".idx", "wb") as f:
        f.write(b"".join(struct.pack("<I", i) for i in idx))
    with open(prefix + ".init", "wb") as f:
        f.write(b"".join(struct.pack(fmt, v) for v in init))
    with open(prefix + ".expect", "wb") as f:
        f.write(b"".join(struct.pack(fmt, v) for v in expect))


if __name__ == "__main__":
    main()
