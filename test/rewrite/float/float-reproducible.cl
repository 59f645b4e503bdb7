// --float-atomics=reproducible (docs/REWRITE.md, "Reproducible float
// adds"): every float or double add or sub on __global memory whose result
// is unused takes the reproducible form (__sa_rp_), whatever form it would
// take otherwise (deferred, work-group), a recognised compare-exchange
// loop too; a kernel that reaches one takes the accumulators as a third
// extra argument and hands them to its context. Every other float atomic
// stays as the default rewrite makes it, with a warning saying why; the
// manifest lists each float site. The output compiles, as the rewrite and
// as its warp program (where the reproducible calls are the per-item
// ones). Without the option, nothing of it: the default output is as
// before.
// RUN: softatomic-rewrite --float-atomics=reproducible %s -o %t.cl --manifest %t.json -- -cl-std=CL3.0 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 -DSA_WARP_PROGRAM %t.cl
// RUN: softatomic-rewrite %s -o %t.default.cl -- -cl-std=CL3.0 2>&1 | count 0
// RUN: %sa_user_code %t.default.cl | grep -v '^//' | not grep -e __sa_rp_ -e __sa_repro
// RUN: head -c 4096 %t.default.cl | not grep -e '^#define SA_REPRODUCIBLE' -e '"float_sites"'
// The benchmark's kernel (OpenCL C 1.2, a float-add loop), reproducible,
// compiles as NVIDIA's OpenCL compiles it (PTX; the device has the 64-bit
// atomics), with the device-scope fences of the count and the rounding.
// RUN: softatomic-rewrite --float-atomics=reproducible %S/../../../bench/reproducible/scatter.cl -o %t.bench.cl
// RUN: %clang_cl_ptx -cl-std=CL1.2 -D__NV_CL_C_VERSION=120 -Xclang -cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics %t.bench.cl -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// PTX: membar.gl
// --dry-run lists each float site.
// RUN: softatomic-rewrite --float-atomics=reproducible --dry-run %s -- -cl-std=CL3.0 2>/dev/null | FileCheck %s --check-prefix=DRY
// DRY: would rewrite 2 kernels (sums, ticket)
// (The privatized form's lines come first: why each site cannot take it.)
// DRY: float site {{.*}}float-reproducible.cl:{{[0-9]+}}:{{[0-9]+}}: compare-exchange loop on float: reproducible
// DRY-NEXT: float site {{.*}}: atomic_fetch_add_explicit on float: reproducible
// DRY-NEXT: float site {{.*}}: atomic_fetch_sub on float: reproducible
// DRY-NEXT: float site {{.*}}: atomic_fetch_add_explicit on double: reproducible
// DRY-NEXT: float site {{.*}}: atomic_fetch_add_explicit on float: not reproducible, its result (the value before the add) is read
// DRY-NEXT: float site {{.*}}: atomic_fetch_max_explicit on float: not reproducible, a float min or max
// DRY-NEXT: float site {{.*}}: atomic_exchange on float: not reproducible, an exchange
// DRY-NEXT: float site {{.*}}: atomic_xchg on float: not reproducible, an exchange
// DRY-NEXT: float site {{.*}}: atomic_fetch_add on float: not reproducible, its result
// DRY-NEXT: --- {{.*}}float-reproducible.cl
// A value it does not take is a usage error.
// RUN: not softatomic-rewrite --float-atomics=exact %s -o %t.bad.cl -- -cl-std=CL3.0 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: float-atomics

// CHECK: #define SA_INT64_ATOMICS 1
// CHECK: #define SA_REPRODUCIBLE 1

void add_bits(volatile __global uint *bits, float v) {
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}
// CHECK: void add_bits(volatile __global uint *bits, float v, __sa_ctx_t *__sa_ctx) {
// CHECK: (void)__sa_rp_atomic_add_float((volatile __global float *)(bits), (v), __sa_ctx);

__kernel void sums(__global atomic_float *f, __global atomic_double *d,
                   __global float *old, __global float *plain) {
  uint i = (uint)get_global_id(0);
  atomic_fetch_add_explicit(&f[0], 1.0f, memory_order_relaxed);
  atomic_fetch_sub(&f[1], 2.0f);
  atomic_fetch_add_explicit(&d[0], 1.0, memory_order_relaxed,
                            memory_scope_device);
  add_bits((volatile __global uint *)&plain[i % 4u], 1.0f);
  old[i] = atomic_fetch_add_explicit(&f[2], 1.0f, memory_order_relaxed);
  // WARN: [[@LINE-1]]:12: warning: float 'atomic_fetch_add_explicit' is not made reproducible (--float-atomics=reproducible): its result (the value before the add) is read, and that value depends on the order of the adds
  atomic_fetch_max_explicit(&f[3], 1.0f, memory_order_relaxed);
  // WARN: [[@LINE-1]]:3: warning: float 'atomic_fetch_max_explicit' is not made reproducible (--float-atomics=reproducible): a float min or max does not depend on the order of the atomics, so it stays the atomic it is
  atomic_exchange(&f[4], 1.0f);
  // WARN: [[@LINE-1]]:3: warning: float 'atomic_exchange' is not made reproducible (--float-atomics=reproducible): an exchange keeps whichever value comes last, which no sum can make independent of the order
  (void)atomic_xchg(&plain[5], 1.0f);
  // WARN: [[@LINE-1]]:9: warning: float 'atomic_xchg' is not made reproducible (--float-atomics=reproducible): an exchange keeps whichever value comes last, which no sum can make independent of the order
}
// CHECK: __kernel void sums({{.*}}, __local uint *__sa_scratch, __global uint *__sa_state, __global ulong *__sa_repro) { __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; if (__sa_kernel_begin(__sa_ctx, __sa_scratch, __sa_state)) return; __sa_repro_begin(__sa_ctx, __sa_repro); do {
// CHECK: __sa_rp_atomic_fetch_add_explicit_float(&f[0], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK: __sa_rp_atomic_fetch_sub_float(&f[1], 2.0f, __sa_ctx);
// CHECK: __sa_rp_atomic_fetch_add_explicit_scope_double(&d[0], 1.0, memory_order_relaxed,
// CHECK: add_bits((volatile __global uint *)&plain[i % 4u], 1.0f, __sa_ctx);
// CHECK: old[i] = __sa_wg_atomic_fetch_add_explicit_float(&f[2], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK: __sa_atomic_fetch_max_explicit_float(&f[3], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK: __sa_atomic_exchange_float(&f[4], 1.0f, __sa_ctx);
// CHECK: (void)__sa_atomic_xchg_float(&plain[5], 1.0f, __sa_ctx);

// A kernel without reproducible adds keeps the two extra arguments.
__kernel void ticket(__global atomic_float *f, __global float *old) {
  old[get_global_id(0)] = atomic_fetch_add(f, 1.0f);
  // WARN: [[@LINE-1]]:27: warning: float 'atomic_fetch_add' is not made reproducible
}
// CHECK: __kernel void ticket(__global atomic_float *f, __global float *old, __local uint *__sa_scratch, __global uint *__sa_state) {

// MANIFEST: "float_atomics": "reproducible"
// MANIFEST: "name": "sums",
// MANIFEST: "index": 6,
// MANIFEST-NEXT: "name": "__sa_repro",
// MANIFEST-NEXT: "kind": "reproducible",
// MANIFEST-NEXT: "bytes": "SA_REPRO_BYTES(float_slots, double_slots)"
// MANIFEST: "reproducible_sites": 4,
// MANIFEST-NEXT: "reproducible_doubles": true
// MANIFEST: "name": "ticket",
// MANIFEST-NOT: reproducible_sites
// MANIFEST: "float_sites": [
// MANIFEST: "operation": "compare-exchange loop",
// MANIFEST-NEXT: "type": "float",
// MANIFEST-NEXT: "reproducible": true
// MANIFEST: "operation": "atomic_fetch_add_explicit",
// MANIFEST: "reproducible": true
// MANIFEST: "operation": "atomic_fetch_sub",
// MANIFEST: "operation": "atomic_fetch_add_explicit",
// MANIFEST-NEXT: "type": "double",
// MANIFEST-NEXT: "reproducible": true
// MANIFEST: "operation": "atomic_fetch_add_explicit",
// MANIFEST-NEXT: "type": "float",
// MANIFEST-NEXT: "reproducible": false,
// MANIFEST-NEXT: "why": "its result (the value before the add) is read, and that value depends on the order of the adds"
// MANIFEST: "operation": "atomic_fetch_max_explicit",
// MANIFEST: "operation": "atomic_exchange",
// MANIFEST: "operation": "atomic_xchg",
// MANIFEST: "operation": "atomic_fetch_add",
// MANIFEST-NEXT: "type": "float",
// MANIFEST-NEXT: "reproducible": false,
