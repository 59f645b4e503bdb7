// The parse sees the device's extensions and no other: without a device
// named, the Khronos ones of a typical OpenCL 1.2 GPU, no vendor's. Code
// that picks what it calls by a vendor's extension (ethminer's
// amd_bitalign under cl_amd_media_ops) gets the branch the device compiles
// rewritten, and the other left as written. Naming an extension
// (--device-extensions) makes the parse take its branch, as such a device
// does, a name Clang does not know (cl_khr_spir) included.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %sa_user_code %t.cl | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_cl_check -cl-std=CL1.2 -Xclang -cl-ext=-cl_amd_media_ops %t.cl

// Clang declares none of AMD's builtins: with the extension named, the
// parse stops at the call, as it did before the default left it out.
// RUN: not softatomic-rewrite %s -o %t.amd.cl --device-extensions=cl_khr_global_int32_base_atomics,cl_amd_media_ops 2>&1 | FileCheck %s --check-prefix=AMD

// RUN: softatomic-rewrite %s -o %t.fp16.cl --device-extensions=cl_khr_global_int32_base_atomics,cl_khr_fp16
// RUN: %sa_user_code %t.fp16.cl | FileCheck %s --check-prefix=SPIR
// CL_DEVICE_EXTENSIONS' own form: names separated by spaces.
// RUN: softatomic-rewrite %s -o %t.spir.cl '--device-extensions=cl_khr_global_int32_base_atomics cl_khr_spir '
// RUN: %sa_user_code %t.spir.cl | FileCheck %s --check-prefix=SPIR

__kernel void k(__global uint *c, uint v) {
#ifdef cl_amd_media_ops
  atom_add(c, amd_bitalign(v, v, 29u));
#else
  atom_add(c, rotate(v, 3u));
#endif
#if defined(cl_khr_spir) || defined(cl_khr_fp16) || defined(cl_nv_pragma_unroll)
  atom_inc(c);
#endif
}

// DEFAULT:      #ifdef cl_amd_media_ops
// DEFAULT-NEXT:   atom_add(c, amd_bitalign(v, v, 29u));
// DEFAULT-NEXT: #else
// DEFAULT-NEXT:   __sa_nr_atomic_add_uint(c, rotate(v, 3u), __sa_ctx);
// DEFAULT-NEXT: #endif
// DEFAULT-NEXT: #if defined
// DEFAULT-NEXT:   atom_inc(c);

// AMD: device-extensions.cl:{{[0-9]+}}:15: error: use of undeclared identifier 'amd_bitalign'

// SPIR:      #if defined
// SPIR-NEXT:   __sa_nr_atomic_inc_uint(c, __sa_ctx);
