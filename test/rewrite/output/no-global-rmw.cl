// The rewritten program of the paper's mode alone (--combine-mode=false),
// built with -DSA_NO_DIRECT (without the path that runs the kernel as
// written), performs no read-modify-write on global memory: no atomic
// builtin is called on a __global (AS1) or generic (AS4) pointer, and no
// atomicrmw/cmpxchg instruction reaches one; only the
// runtime's __local (AS3) atomics and plain or acquire/release loads and
// stores remain. The original, lowered the same way, shows that the
// pattern finds them. Without -DSA_NO_DIRECT, a request of the kernel as
// written is a native atomic (__sa_native, from __sa_request):
// RUN: softatomic-rewrite --combine-mode=false %s -o %t.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 %t.cl -o %t.direct.ll
// RUN: FileCheck %s --check-prefix=DIRECT --input-file %t.direct.ll
// RUN: %clang_cl_ir -cl-std=CL1.2 -DSA_NO_DIRECT %t.cl -o %t.12.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.12.ll
// RUN: %clang_cl_ir -cl-std=CL3.0 -DSA_NO_DIRECT %t.cl -o %t.30.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.30.ll
// RUN: %clang_cl_ir -cl-std=CL1.2 %s -o %t.orig.ll
// RUN: FileCheck %s --check-prefix=NATIVE --input-file %t.orig.ll
// The OpenCL 2.0 forms (atomic_fetch_*, atomic_exchange*,
// atomic_compare_exchange_*, atomic_store*), as OpenCL C 2.0 and 3.0:
// RUN: softatomic-rewrite --combine-mode=false %S/Inputs/cl20-all-forms.cl -o %t.cl20.cl -- -cl-std=CL3.0
// RUN: %clang_cl_ir -cl-std=CL3.0 -DSA_NO_DIRECT %t.cl20.cl -o %t.cl20.30.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.cl20.30.ll
// RUN: %clang_cl_ir -cl-std=CL2.0 -DSA_NO_DIRECT %t.cl20.cl -o %t.cl20.20.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.cl20.20.ll
// RUN: %clang_cl_ir -cl-std=CL3.0 %S/Inputs/cl20-all-forms.cl -o %t.cl20.orig.ll
// RUN: FileCheck %s --check-prefix=NATIVE20 --input-file %t.cl20.orig.ll
// The 64-bit forms (long, ulong; atomic_long, atomic_ulong), which compile
// the runtime's 64-bit part:
// RUN: softatomic-rewrite --combine-mode=false %S/../atomics/atomic-long-ulong.cl -o %t.64.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 -DSA_NO_DIRECT %t.64.cl -o %t.64.12.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.64.12.ll
// RUN: %clang_cl_ir -cl-std=CL3.0 -DSA_NO_DIRECT %t.64.cl -o %t.64.30.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.64.30.ll
// RUN: %clang_cl_ir -cl-std=CL1.2 %S/../atomics/atomic-long-ulong.cl -o %t.64.orig.ll
// RUN: FileCheck %s --check-prefix=NATIVE64 --input-file %t.64.orig.ll
// RUN: softatomic-rewrite --combine-mode=false %S/../cl20/cl20-atomics-64.cl -o %t.cl20.64.cl -- -cl-std=CL3.0
// RUN: %clang_cl_ir -cl-std=CL3.0 -DSA_NO_DIRECT %t.cl20.64.cl -o %t.cl20.64.ll
// RUN: FileCheck %s --check-prefix=SOFT --input-file %t.cl20.64.ll
// With --combine-mode the runtime applies combined requests with native
// atomics, in __sa_native and only there, and in the two functions it
// calls: __sa_native_float (a float's operations: here, in OpenCL C 1.2,
// a compare-exchange loop) and __sa_native_wide (64-bit: the device's
// instructions, and a compare-exchange loop for the rest):
// RUN: softatomic-rewrite --combine-mode %s -o %t.combine.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 -DSA_NO_DIRECT %t.combine.cl -o %t.combine.ll
// RUN: FileCheck %s --check-prefix=COMBINE --input-file %t.combine.ll
// RUN: softatomic-rewrite --combine-mode %S/../atomics/atomic-long-ulong.cl -o %t.combine64.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 -DSA_NO_DIRECT %t.combine64.cl -o %t.combine64.ll
// RUN: FileCheck %s --check-prefix=COMBINE64 --input-file %t.combine64.ll

// SOFT-NOT: {{@_Z[0-9]+(atom|atomic)_(add|sub|xchg|inc|dec|cmpxchg|min|max|and|or|xor|fetch_[a-z_]+|exchange[a-z_]*|compare_exchange[a-z_]*)PU3AS[14]}}
// SOFT-NOT: {{atomicrmw .*addrspace\((1|4)\)|cmpxchg .*addrspace\((1|4)\)}}
// NATIVE: @_Z8atom_addPU3AS1Vii
// NATIVE20: @_Z{{[0-9]+}}atomic_fetch_addPU3AS{{[14]}}VU7_Atomicii
// NATIVE64: @_Z8atom_addPU3AS1Vll
// COMBINE-NOT: {{call .*@_Z[0-9]+(atom|atomic)_[a-z]+PU3AS1}}
// COMBINE: define internal {{.*}}@__sa_native(
// COMBINE: call {{.*}}@_Z10atomic_addPU3AS1Vjj(
// COMBINE: call {{.*}}@_Z14atomic_cmpxchgPU3AS1Vjjj(
// COMBINE: {{^}}}
// COMBINE: define internal {{.*}}@__sa_native_float(
// COMBINE: call {{.*}}@_Z14atomic_cmpxchgPU3AS1Vjjj(
// COMBINE: {{^}}}
// COMBINE-NOT: {{call .*@_Z[0-9]+(atom|atomic)_[a-z]+PU3AS1}}
// Each 64-bit operation that has an instruction is that instruction
// (cl_khr_int64_base_atomics and _extended_atomics, which Clang's SPIR
// target defines), and only the rest the compare-exchange loop after them:
// COMBINE64: define internal {{.*}}@__sa_native_wide(
// COMBINE64-DAG: call {{.*}}@_Z8atom_addPU3AS1Vmm(
// COMBINE64-DAG: call {{.*}}@_Z8atom_subPU3AS1Vmm(
// COMBINE64-DAG: call {{.*}}@_Z9atom_xchgPU3AS1Vmm(
// COMBINE64-DAG: call {{.*}}@_Z8atom_minPU3AS1Vll(
// COMBINE64-DAG: call {{.*}}@_Z8atom_maxPU3AS1Vmm(
// COMBINE64-DAG: call {{.*}}@_Z7atom_orPU3AS1Vmm(
// COMBINE64: call {{.*}}@_Z12atom_cmpxchgPU3AS1Vmmm(
// COMBINE64: {{^}}}
// DIRECT: define internal {{.*}}@__sa_request(
// DIRECT: call {{.*}}@__sa_native(
// DIRECT: define internal {{.*}}@__sa_native(
// DIRECT: call {{.*}}@_Z10atomic_addPU3AS1Vjj(

int all_ops(__global int *p, __global uint *u) {
  int r = atom_add(p, 1) + atomic_sub(p, 2) + atom_xchg(p, 3) + atomic_min(p, 4) +
          atom_max(p, 5) + atomic_and(p, 6) + atom_or(p, 7) + atomic_xor(p, 8) +
          atom_inc(p) + atomic_dec(p) + atom_cmpxchg(p, 9, 10);
  uint s = atomic_add(u, 1u) + atom_min(u, 2u) + atomic_cmpxchg(u, 3u, 4u);
  return r + (int)s;
}

__kernel void k(__global int *p, __global uint *u, __global int *out) {
  __local int l;
  atomic_add(&l, 1); // stays native: local memory
  out[get_global_id(0)] = all_ops(p, u);
}
