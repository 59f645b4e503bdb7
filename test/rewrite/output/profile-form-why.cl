// A --profile rewrite's manifest says, for a site left per work-item, what
// keeps its group from calling it together (the work-group forms): here
// the early return before the compaction's counter, and (the first thing
// found on the way up from it) the `if` around a second call. A site the
// group reaches together says nothing of it.
// RUN: softatomic-rewrite --profile %s -o %t.cl --manifest %t.json
// RUN: FileCheck %s --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void compact(__global const uint *in, __global uint *out,
                      __global uint *count, uint n) {
  uint i = get_global_id(0);
  uint first = atomic_add(&count[1], 0u);
  if (i >= n)
    return;
  out[atomic_inc(&count[0])] = in[i] + first;
  if (in[i] & 1u)
    out[i] = atomic_add(&count[2], 1u);
}

// CHECK: "sites": [
// CHECK: "line": 13,
// CHECK: "form": "work-group",
// CHECK-NOT: "form_why"
// CHECK: "line": 16,
// CHECK: "form": "per-item",
// CHECK-NEXT: "form_why": "the exit at 15:5 (a return, goto or label) comes before it",
// CHECK: "line": 18,
// CHECK: "form": "per-item",
// CHECK-NEXT: "form_why": "the `if` at 17:3 decides per work-item whether it is called",
