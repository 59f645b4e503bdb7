// The privatized form (docs/REWRITE.md, "The privatized form"): a kernel
// tells the runtime where each argument a private copy may serve starts,
// after its prologue, in argument order: the histogram's bins (an add),
// the volatile-qualified maxima (a max through a helper; the cast keeps the
// qualifier out of the call); the counter whose result is read, and the
// buffer read plainly, are not told. The warp program's kernels (no
// runtime state) tell nothing. The output compiles as OpenCL C 1.2 and 3.0.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json
// RUN: %filecheck_kernel %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl

void raise(volatile __global uint *m, uint v) { atomic_max(&m[v % 16u], v); }

__kernel void k(__global const uint *data, __global uint *bins,
                volatile __global uint *maxima, __global uint *counter,
                __global uint *out) {
  uint g = (uint)get_global_id(0);
  atomic_inc(&bins[data[g] & 63u]);
  raise(maxima, data[g]);
  out[g] = atomic_inc(counter) + data[0];
}

// CHECK: __global uint *__sa_state) { [[PROLOGUE]] __sa_private_target(__sa_ctx, 1, (__global void *)bins); __sa_private_target(__sa_ctx, 2, (__global void *)maxima); do {
// CHECK: __sa_nr_atomic_inc_uint(&bins[data[g] & 63u], __sa_ctx);
// CHECK: #else /* SA_WARP_PROGRAM */
// CHECK-NOT: __sa_private_target
// CHECK: #endif /* SA_WARP_PROGRAM */

// JSON:      "private_targets": [
// JSON-NEXT:   {
// JSON-NEXT:     "arg": 1,
// JSON-NEXT:     "op": "add",
// JSON-NEXT:     "type": "uint",
// JSON-NEXT:     "bound": 64
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "arg": 2,
// JSON-NEXT:     "op": "max",
// JSON-NEXT:     "type": "uint",
// JSON-NEXT:     "bound": 0
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "buffer_args": [
// JSON-NEXT:   0,
// JSON-NEXT:   1,
// JSON-NEXT:   2,
// JSON-NEXT:   3,
// JSON-NEXT:   4
// JSON-NEXT: ],
// JSON-NEXT: "not_private": [
// JSON-NEXT:   {
// JSON-NEXT:     "line": 22,
// JSON-NEXT:     "column": 12,
// JSON-NEXT:     "call": "atomic_inc",
// JSON-NEXT:     "reason": "its result is used"
// JSON-NEXT:   }
// JSON-NEXT: ]
