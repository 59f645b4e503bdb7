// The paper's Figure 3 kernel: one global atom_add whose old value is
// discarded, then a plain read of the same location.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s -DVERSION=%sa_version --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

// RUN: %clang_cl_check -cl-std=CL1.2 -DSA_WARP_PROGRAM %t.cl

// The manifest comment, the combining mode's define, then the runtime
// that the kernel can call, without comments, then #line 1: every line of
// it a line of the whole runtime (in order), the example's whole output
// under 60 KB (the whole runtime alone is about 410 KB), the entry point the kernel
// calls there, and one it does not call gone.
// RUN: sed -n '4,/^#line 1 /p' %t.cl | sed '$d' > %t.runtime
// RUN: %python -c "import sys; whole = open(sys.argv[2]).read().split(chr(10)); kept = [l for l in open(sys.argv[1]).read().split(chr(10)) if l.strip()]; i = 0; [i := next(j for j in range(i, len(whole)) if whole[j].rstrip() == l or whole[j].split('/*')[0].rstrip() == l) + 1 for l in kept]" %t.runtime %sa_runtime
// RUN: softatomic-rewrite %S/../../../examples/figure3/figure3.cl -o %t.example.cl
// RUN: test $(wc -c < %t.example.cl) -lt 61440
// RUN: grep -q '^static inline uint __sa_wg_atomic_add_uint(' %t.runtime
// RUN: not grep -q '__sa_atomic_add_double' %t.runtime
// RUN: sed -n 3p %t.cl | FileCheck %s --check-prefix=NOTE -DVERSION=%sa_version

__kernel void Benchmark(__global uint *out, __global uint *outArray) {
  int tid = get_global_id(0);
  atom_add(out, tid);
  outArray[tid] = *out;
}

// NOTE: /* softatomic device runtime [[VERSION]]: what this program can call, without comments

// CHECK:/* softatomic{{-}}manifest: {"softatomic_manifest":1,"runtime_version":"[[VERSION]]","source":"figure3.cl","cl_std":"CL1.2","options":{"placement":"static","memory_model":"auto","deferred_atomics":true,"combine_mode":true},"kernels":[{"name":"Benchmark","user_args":2,"extra_args":[{"index":2,"name":"__sa_scratch","kind":"local_scratch","bytes":"max(SA_SCRATCH_BYTES(capacity, items, workers), SA_WORKER_SCRATCH_BYTES(items))"},{"index":3,"name":"__sa_state","kind":"state","bytes":"SA_STATE_WORDS(workers, slots) * 4"}],"atomic_sites":1,"deferred_sites":0,"float_add_loops":0,"items_wait":false,"not_private":[{"line":24,"column":3,"call":"atom_add","reason":"its target is read or written other than through atomics whose results are unused"}]}]} */
// CHECK-NEXT:#define SA_COMBINE_MODE 1
// CHECK:#line 1 "{{.*}}figure3.cl"
// CHECK-NEXT:// The paper's Figure 3 kernel: one global atom_add whose old value is
// CHECK-NEXT:// discarded, then a plain read of the same location.
// CHECK:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void Benchmark(__global uint *out, __global uint *outArray, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  int tid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_add_uint(out, tid, __sa_ctx);
// CHECK-NEXT:  outArray[tid] = *out;
// CHECK-NEXT: [[EPILOGUE]] }
