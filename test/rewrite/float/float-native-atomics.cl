// Where the combining mode and the kernel as written make a float or
// double operation a native atomic (__sa_native_float, __sa_native_wide),
// it is the device's instruction where the device has one, else a
// compare-exchange loop (docs/REWRITE.md, "Floats"). The rewritten
// program, lowered to LLVM IR for SPIR:
// - present: in OpenCL C 2.0 and 3.0, Clang's SPIR headers define
//   cl_ext_float_atomics and its feature macros
//   (__opencl_c_ext_fp32_global_atomic_add, ..._min_max, and the fp64
//   ones with cl_khr_fp64), whatever -cl-ext says: each float and double
//   add, sub, min and max is the extension's relaxed, device-scope
//   atomic_fetch_<op>_explicit, and the float function has no loop left;
// RUN: softatomic-rewrite --combine-mode %s -o %t.cl -- -cl-std=CL3.0
// RUN: %clang_cl_ir -cl-std=CL3.0 %t.cl -o %t.30.ll
// RUN: FileCheck %s --check-prefix=EXT --input-file %t.30.ll
// RUN: %clang_cl_ir -cl-std=CL2.0 %t.cl -o %t.20.ll
// RUN: FileCheck %s --check-prefix=EXT --input-file %t.20.ll
// - absent: a build with -DSA_FLOAT_CAS_ONLY (what a device without the
//   extension compiles), and an OpenCL C 1.2 program (no atomic_float;
//   its float adds are compare-exchange loops the rewrite recognised),
//   call none of them, and loop on the bits, one load first;
// RUN: %clang_cl_ir -cl-std=CL3.0 -DSA_FLOAT_CAS_ONLY %t.cl -o %t.cas.ll
// RUN: FileCheck %s --check-prefixes=NOEXT,CAS,CAS64 --input-file %t.cas.ll
// RUN: softatomic-rewrite --combine-mode %S/float-add-loops.cl -o %t.12.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 %t.12.cl -o %t.12.ll
// RUN: FileCheck %s --check-prefixes=NOEXT,CAS --input-file %t.12.ll
// - NVIDIA (no cl_ext_float_atomics; a compiler with OpenCL C 3.0's
//   atomics, which the double functions need): PTX's float add, and its
//   double add only with the host's -DSA_NV_F64_ADD (compute capability
//   6.0 and up); min and max stay the loop.
// RUN: %clang_cl_ptx -cl-std=CL3.0 -D__NV_CL_C_VERSION=300 -D__opencl_c_atomic_scope_device=1 -Xclang -cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_fp64,+__opencl_c_fp64,+__opencl_c_atomic_order_acq_rel -DSA_NV_F64_ADD %t.cl -o - | FileCheck %s --check-prefix=PTX64
// RUN: %clang_cl_ptx -cl-std=CL3.0 -D__NV_CL_C_VERSION=300 -D__opencl_c_atomic_scope_device=1 -Xclang -cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_fp64,+__opencl_c_fp64,+__opencl_c_atomic_order_acq_rel %t.cl -o - | FileCheck %s --check-prefix=PTX32

// EXT-LABEL: define internal {{.*}}@__sa_native_float(
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_sub_explicitPU3AS1VU7_Atomicff12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_min_explicitPU3AS{{[14]}}VU7_Atomicff12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_max_explicitPU3AS{{[14]}}VU7_Atomicff12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-NOT: cmpxchg
// EXT: {{^}}}
// EXT-LABEL: define internal {{.*}}@__sa_native_wide(
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicdd12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_sub_explicitPU3AS1VU7_Atomicdd12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_min_explicitPU3AS{{[14]}}VU7_Atomicdd12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT-DAG: call {{.*}}@_Z25atomic_fetch_max_explicitPU3AS{{[14]}}VU7_Atomicdd12memory_order12memory_scope({{.*}}, i32 noundef 0, i32 noundef 2)
// EXT: {{^}}}

// NOEXT-NOT: {{@_Z[0-9]+atomic_fetch_(add|sub|min|max)_explicitPU3AS[14]VU7_Atomic[fd]}}
// CAS-LABEL: define internal {{.*}}@__sa_native_float(
// CAS: load volatile i32, ptr addrspace(1)
// CAS-NOT: load volatile
// CAS: call {{.*}}@_Z14atomic_cmpxchgPU3AS1Vjjj(
// CAS: {{^}}}
// CAS64-LABEL: define internal {{.*}}@__sa_native_wide(
// CAS64: load volatile i64, ptr addrspace(1)
// CAS64-NOT: load volatile
// CAS64: call {{.*}}@_Z12atom_cmpxchgPU3AS1Vmmm(
// CAS64: {{^}}}

// PTX64-DAG: atom.global.add.f32
// PTX64-DAG: atom.global.add.f64
// PTX32-NOT: atom.global.add.f64
// PTX32: atom.global.add.f32
// PTX32-NOT: atom.global.add.f64

__kernel void k(__global atomic_float *f, __global atomic_double *d,
                __global float *fo, __global double *dout) {
  size_t i = get_global_id(0);
  fo[i] = atomic_fetch_add_explicit(&f[0], 1.0f, memory_order_relaxed) +
          atomic_fetch_sub_explicit(&f[1], 1.0f, memory_order_relaxed) +
          atomic_fetch_min_explicit(&f[2], 1.0f, memory_order_relaxed) +
          atomic_fetch_max_explicit(&f[3], 1.0f, memory_order_relaxed);
  dout[i] = atomic_fetch_add_explicit(&d[0], 1.0, memory_order_relaxed) +
            atomic_fetch_sub_explicit(&d[1], 1.0, memory_order_relaxed) +
            atomic_fetch_min_explicit(&d[2], 1.0, memory_order_relaxed) +
            atomic_fetch_max_explicit(&d[3], 1.0, memory_order_relaxed);
}
