// Atomics on __local memory only: no kernel reaches a global atomic, so the
// output is the input, byte for byte (no manifest, no runtime), and the
// manifest file lists no kernel.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json
// RUN: cmp %s %t.cl
// RUN: FileCheck %s --input-file %t.json

int bump(__local int *l) { return atomic_inc(l); }

__kernel void k(__global int *out) {
  __local int count;
  __local uint bits[4];
  if (get_local_id(0) == 0)
    count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_add(&count, 1);
  atomic_or(&bits[get_local_id(0) % 4], 1u);
  bump(&count);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0)] = count;
}

// CHECK: "kernels": []
