// The manifest lists the rewritten kernels only, with their parameter
// count before the edit, the two extra arguments after them, and the
// global atomic call sites each reaches (a shared helper counts for both)
// and how many of those are deferred (result unused, target only ever
// reached through atomics that discard theirs: `atomic_add(c, n)`; bump's
// result is used), how many are float-add loops, and whether the
// work-items may wait on one another (test/rewrite/items-wait.cl); then the
// arguments a privatized copy may serve (c: every atomic on it an add whose
// result is unused), the buffer arguments, and the sites that cannot take
// that form, with why (bump's atom_inc: its result is used).
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json
// RUN: FileCheck %s -DVERSION=%sa_version --match-full-lines --strict-whitespace --input-file %t.json
// RUN: FileCheck %s -DVERSION=%sa_version --check-prefix=COMMENT --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

int bump(__global int *c) { return atom_inc(c); }

__kernel void three(__global int *c, int n, __global float *f) {
  atomic_add(c, n);
  f[0] = (float)bump((__global int *)f + 1);
}

__kernel void none(void) { bump((__global int *)0); }

__kernel void plain(__global int *c) { c[0] = 1; }

// CHECK:{
// CHECK-NEXT:  "softatomic_manifest": 1,
// CHECK-NEXT:  "runtime_version": "[[VERSION]]",
// CHECK-NEXT:  "source": "manifest.cl",
// CHECK-NEXT:  "cl_std": "CL1.2",
// CHECK-NEXT:  "options": {
// CHECK-NEXT:    "placement": "static",
// CHECK-NEXT:    "memory_model": "auto",
// CHECK-NEXT:    "deferred_atomics": true,
// CHECK-NEXT:    "combine_mode": true
// CHECK-NEXT:  },
// CHECK-NEXT:  "kernels": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "name": "three",
// CHECK-NEXT:      "user_args": 3,
// CHECK-NEXT:      "extra_args": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "index": 3,
// CHECK-NEXT:          "name": "__sa_scratch",
// CHECK-NEXT:          "kind": "local_scratch",
// CHECK-NEXT:          "bytes": "max(SA_SCRATCH_BYTES(capacity, items, workers), SA_WORKER_SCRATCH_BYTES(items))"
// CHECK-NEXT:        },
// CHECK-NEXT:        {
// CHECK-NEXT:          "index": 4,
// CHECK-NEXT:          "name": "__sa_state",
// CHECK-NEXT:          "kind": "state",
// CHECK-NEXT:          "bytes": "SA_STATE_WORDS(workers, slots) * 4"
// CHECK-NEXT:        }
// CHECK-NEXT:      ],
// CHECK-NEXT:      "atomic_sites": 2,
// CHECK-NEXT:      "deferred_sites": 1,
// CHECK-NEXT:      "float_add_loops": 0,
// CHECK-NEXT:      "items_wait": false,
// CHECK-NEXT:      "private_targets": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "arg": 0,
// CHECK-NEXT:          "op": "add",
// CHECK-NEXT:          "type": "uint",
// CHECK-NEXT:          "bound": 1
// CHECK-NEXT:        }
// CHECK-NEXT:      ],
// CHECK-NEXT:      "buffer_args": [
// CHECK-NEXT:        0,
// CHECK-NEXT:        2
// CHECK-NEXT:      ],
// CHECK-NEXT:      "not_private": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "line": 16,
// CHECK-NEXT:          "column": 36,
// CHECK-NEXT:          "call": "atom_inc",
// CHECK-NEXT:          "reason": "its result is used"
// CHECK-NEXT:        }
// CHECK-NEXT:      ]
// CHECK-NEXT:    },
// CHECK-NEXT:    {
// CHECK-NEXT:      "name": "none",
// CHECK-NEXT:      "user_args": 0,
// CHECK-NEXT:      "extra_args": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "index": 0,
// CHECK-NEXT:          "name": "__sa_scratch",
// CHECK-NEXT:          "kind": "local_scratch",
// CHECK-NEXT:          "bytes": "max(SA_SCRATCH_BYTES(capacity, items, workers), SA_WORKER_SCRATCH_BYTES(items))"
// CHECK-NEXT:        },
// CHECK-NEXT:        {
// CHECK-NEXT:          "index": 1,
// CHECK-NEXT:          "name": "__sa_state",
// CHECK-NEXT:          "kind": "state",
// CHECK-NEXT:          "bytes": "SA_STATE_WORDS(workers, slots) * 4"
// CHECK-NEXT:        }
// CHECK-NEXT:      ],
// CHECK-NEXT:      "atomic_sites": 1,
// CHECK-NEXT:      "deferred_sites": 0,
// CHECK-NEXT:      "float_add_loops": 0,
// CHECK-NEXT:      "items_wait": false,
// CHECK-NEXT:      "not_private": [
// CHECK-NEXT:        {
// CHECK-NEXT:          "line": 16,
// CHECK-NEXT:          "column": 36,
// CHECK-NEXT:          "call": "atom_inc",
// CHECK-NEXT:          "reason": "its result is used"
// CHECK-NEXT:        }
// CHECK-NEXT:      ]
// CHECK-NEXT:    }
// CHECK-NEXT:  ]
// CHECK-NEXT:}

// The same JSON, on one line, is the output's first line.
// COMMENT:      {{^}}/* softatomic{{-}}manifest: {"softatomic_manifest":1,"runtime_version":"[[VERSION]]","source":"manifest.cl","cl_std":"CL1.2",{{.*}}"kernels":[{"name":"three","user_args":3,{{.*}}"atomic_sites":2,"deferred_sites":1,"float_add_loops":0,"items_wait":false,"private_targets":[{"arg":0,"op":"add","type":"uint","bound":1}],"buffer_args":[0,2],"not_private":[{"line":16,"column":36,"call":"atom_inc","reason":"its result is used"}]},{"name":"none","user_args":0,{{.*}}"atomic_sites":1,"deferred_sites":0,"float_add_loops":0,"items_wait":false,"not_private":[{"line":16,"column":36,"call":"atom_inc","reason":"its result is used"}]}]} */{{$}}
// COMMENT-NEXT: {{^}}#define SA_COMBINE_MODE 1{{$}}
// COMMENT-NEXT: {{^}}/*
