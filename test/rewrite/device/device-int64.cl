// opencl-c.h declares the 64-bit atom_* (and OpenCL C 2.0's atomic_long)
// only under cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics,
// so the device profile decides whether the parse knows them: they are
// rewritten where it names them, and a profile without them gets Clang's
// error and a note naming the extension, never a crash.
// RUN: softatomic-rewrite %s -o %t.cl --device-extensions=cl_khr_global_int32_base_atomics,cl_khr_int64_base_atomics,cl_khr_int64_extended_atomics
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

// RUN: rm -f %t.no64.cl
// RUN: not softatomic-rewrite %s -o %t.no64.cl --device-extensions=cl_khr_global_int32_base_atomics 2> %t.err
// RUN: FileCheck %s --check-prefix=NO64 --input-file %t.err
// RUN: not test -e %t.no64.cl

// OpenCL C 3.0's atomic_long, the same way.
// RUN: printf '__kernel void k(__global atomic_long *c) { atomic_fetch_add(c, 1L); }\n' > %t.cl30.cl
// RUN: softatomic-rewrite %t.cl30.cl -o %t.cl30.out.cl -- -cl-std=CL3.0
// RUN: not softatomic-rewrite %t.cl30.cl -o %t.cl30.out.cl --device-extensions=cl_khr_global_int32_base_atomics -- -cl-std=CL3.0 2> %t.cl30.err
// RUN: FileCheck %s --check-prefix=NO64-CL30 --input-file %t.cl30.err

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void k(__global long *c) { atom_add(c, 1L); }

// CHECK: __sa_atomic_add_long(c, 1L, __sa_ctx);

// NO64: device-int64.cl:22:37: error: {{.*}}'atom_add'
// NO64: note: the device profile has no cl_khr_int64_base_atomics or no cl_khr_int64_extended_atomics, which 64-bit atomics need

// NO64-CL30: error: unknown type name 'atomic_long'
// NO64-CL30: note: the device profile has no cl_khr_int64_base_atomics or no cl_khr_int64_extended_atomics
