// The parse defines __OPENCL_VERSION__ as the device's compiler does
// (Clang alone does not): ArrayFire's prelude includes a host-only header
// unless it is defined. Without a device named, it is the version of the
// OpenCL C standard parsed; --device-version names the device's, in any of
// its spellings, whatever the standard.
// RUN: softatomic-rewrite %s -o %t.cl -- -DDEVICE_VERSION=120
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: %clang_cl_check -cl-std=CL1.2 -D__OPENCL_VERSION__=120 -DDEVICE_VERSION=120 %t.cl
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL3.0 -DDEVICE_VERSION=300
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL1.1 -DDEVICE_VERSION=110
// RUN: softatomic-rewrite %s --device-version=3.0 -o %t.cl -- -DDEVICE_VERSION=300
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: softatomic-rewrite %s --device-version=210 -o %t.cl -- -DDEVICE_VERSION=210
// RUN: softatomic-rewrite %s '--device-version=OpenCL 2.0 vendor 1.2.3' -o %t.cl -- -DDEVICE_VERSION=200

#ifndef __OPENCL_VERSION__
#include "host-only.h"
#endif
#if __OPENCL_VERSION__ != DEVICE_VERSION
#error "__OPENCL_VERSION__ is not the device's"
#endif
__kernel void k(__global int *c) { atom_add(c, 1); }

// CHECK: __kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) {{.*}}__sa_nr_atomic_add_int(c, 1, __sa_ctx);
