#!/usr/bin/env python3
"""Data for the reproducible float add tests (test/exec/float_reproducible*.cl)
and the GPU benchmark (bench/reproducible/scatter-add.sh): a scatter-add of
random operands of mixed signs and magnitudes into targets, and what each
target must hold after it, computed exactly here (fractions) and rounded
once to nearest even: the correctly rounded sum of the target's first
value and its operands.

  repro_data.py PREFIX TYPE UPDATES TARGETS SEED [LO HI]
  repro_data.py PREFIX TYPE-special UPDATES 8 SEED


writes PREFIX.vals (UPDATES operands of TYPE, float or double), PREFIX.idx
(UPDATES uint target indices), PREFIX.init (TARGETS first values) and
PREFIX.expect (TARGETS results), raw little-endian. Operands' magnitudes
span 2^LO .. 2^HI (default -40 .. 40), with full random mantissas.
TYPE-special gives 8 targets the edge cases: a NaN among the operands,
+inf among finite ones, +inf and -inf, subnormals only, a sum past the
largest finite value, operands that cancel to zero on -0.0, -0.0 alone on
-0.0, and +0.0 alone on -0.0 (IEEE: NaN, inf, NaN, exact, inf, +0.0,
-0.0, +0.0); a NaN result is the canonical quiet NaN.
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


def special_value(rng, target, prec, emin, emax):
    """An operand for edge case `target` (see the docstring), as (m, e)
    or a float for the non-finite and signed zeros."""
    if target == 0:
        return float("nan") if rng.random() < 0.01 else random_value(rng, prec, -20, 20)
    if target == 1:
        return float("inf") if rng.random() < 0.01 else random_value(rng, prec, -20, 20)
    if target == 2:
        return float("inf") if rng.random() < 0.5 else float("-inf")
    if target == 3:  # subnormal: below 2^emin, a multiple of the least
        m = rng.randrange(1, 1 << (prec - 1))
        return (-m if rng.random() < 0.5 else m), emin - prec + 1
    if target == 4:
        m, _ = random_value(rng, prec, 0, 0)
        return abs(m), emax - prec + 1
    if target == 5:
        return "cancel"
    return -0.0 if target == 6 else 0.0


def special_case(prefix, kind, updates, seed):
    fmt, prec, emin, emax = FORMATS[kind]
    rng = random.Random(seed)
    idx = [rng.randrange(8) for _ in range(updates)]
    vals, exact = [], [[] for _ in range(8)]
    pending = None
    for i in idx:
        v = special_value(rng, i, prec, emin, emax)
        if v == "cancel":  # pairs that cancel: v, then -v
            v = random_value(rng, prec, -20, 20) if pending is None else pending
            pending = None if pending is not None else (-v[0], v[1])
        vals.append(v)
        exact[i].append(v)
    if pending is not None:  # the last unpaired one becomes a +0.0 of 7
        last = len(idx) - 1 - idx[::-1].index(5)
        exact[5].remove(vals[last])
        vals[last], idx[last] = 0.0, 7
        exact[7].append(0.0)
    init = [(1, -1), (-1, 1), (1, 0), 0.0, (1, 0), -0.0, -0.0, -0.0]
    expect = []
    base = emin - prec - 2
    for t in range(8):
        terms = [init[t]] + exact[t]
        floats = [x for x in terms if isinstance(x, float)]
        if any(math.isnan(x) for x in floats) or (
                float("inf") in floats and float("-inf") in floats):
            expect.append(struct.unpack(fmt, struct.pack(fmt, float("nan")))[0])
        elif float("inf") in floats or float("-inf") in floats:
            expect.append(float("inf") if float("inf") in floats else float("-inf"))
        else:
            total = sum(m << (e - base) for m, e in (
                x for x in terms if not isinstance(x, float)))
            if total == 0:
                negative = all(math.copysign(1, x) < 0 for x in floats) and \
                    len(floats) == len(terms)
                expect.append(-0.0 if negative else 0.0)
            else:
                expect.append(round_nearest_even(total, base, prec, emin, emax))
    as_float = lambda x: x if isinstance(x, float) else math.ldexp(x[0], x[1])
    write(prefix, fmt, [as_float(v) for v in vals], idx,
          [as_float(x) for x in init], expect)
    return len(vals)


def write(prefix, fmt, vals, idx, init, expect):
    nan = b"\x00\x00\xc0\x7f" if fmt == "<f" else b"\x00" * 6 + b"\xf8\x7f"
    pack = lambda v: nan if v != v else struct.pack(fmt, v)
    for suffix, data in ((".vals", b"".join(pack(v) for v in vals)),
                         (".idx", b"".join(struct.pack("<I", i) for i in idx)),
                         (".init", b"".join(pack(v) for v in init)),
                         (".expect", b"".join(pack(v) for v in expect))):
        with open(prefix + suffix, "wb") as f:
            f.write(data)


def main():
    prefix, kind, updates, targets, seed = sys.argv[1:6]
    if kind.endswith("-special"):
        special_case(prefix, kind[:-8], int(updates), int(seed))
        return
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
    write(prefix, fmt, vals, idx, init, expect)

if __name__ == "__main__":
    main()
