"""Writes N OpenCL C files kNN.cl to DIR: each has a kernel with global
atomics and one without; k03 and k07 have a syntax
error, and a copy kNN.orig of each is kept. Usage: gen-kernels.py DIR N"""
import os
import sys

directory, count = sys.argv[1], int(sys.argv[2])
for i in range(count):
    broken = i in (3, 7)
    text = ("__kernel void count%02d(__global int *c, __global const int *v) {"
            " if (v[get_global_id(0)] > %d) atom_add(c, v[get_global_id(0)])%s }\n"
            "__kernel void plain%02d(__global int *c) { c[get_global_id(0)] = %d; }\n"
            % (i, i, "" if broken else ";", i, i))
    for suffix in [".cl"] + ([".orig"] if broken else []):
        with open(os.path.join(directory, "k%02d%s" % (i, suffix)), "w") as f:
            f.write(text)
