// In OpenCL C 3.0 the parse defines the device's optional features and no
// other, those opencl-c-base.h would define by itself included: here
// PoCL 3.1's profile, which has no generic address space and no
// work-group collective functions. Without a device named, it has what
// OpenCL C 2.0 has.
// RUN: softatomic-rewrite %s -o %t.cl '--device-version=OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512' '--device-extensions=cl_khr_byte_addressable_store cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics cl_khr_3d_image_writes cl_khr_command_buffer cl_khr_spir cl_khr_int64_base_atomics cl_khr_int64_extended_atomics cl_khr_fp64' --device-features=__opencl_c_3d_image_writes,__opencl_c_images,__opencl_c_atomic_order_acq_rel,__opencl_c_atomic_order_seq_cst,__opencl_c_atomic_scope_device,__opencl_c_read_write_images,__opencl_c_int64,__opencl_c_fp64 -- -cl-std=CL3.0 -DGENERIC=0
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: %clang_cl_check -cl-std=CL3.0 -Xclang -cl-ext=-__opencl_c_generic_address_space,-__opencl_c_pipes,-__opencl_c_device_enqueue -D__undef___opencl_c_work_group_collective_functions -DGENERIC=0 -Dcl_khr_spir %t.cl
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL3.0 -DGENERIC=1
// RUN: %sa_user_code %t.cl | FileCheck %s

#if defined(__opencl_c_generic_address_space) != GENERIC ||                  \
    defined(__opencl_c_work_group_collective_functions) != GENERIC ||         \
    !defined(__opencl_c_atomic_order_seq_cst) ||                              \
    !defined(__opencl_c_atomic_scope_device) || !defined(cl_khr_spir) != GENERIC
#error "not the device's features"
#endif
__kernel void k(__global atomic_int *c) { atomic_fetch_add(c, 1); }

// CHECK: __sa_nr_atomic_fetch_add_int(c, 1, __sa_ctx);
