// --keep-native-on-error: the kernel that can be rewritten is, the kernel
// the rewrite refuses stays exactly as written with one warning saying why,
// and the exit status is 0. A helper both reach keeps its definition for
// the kept kernel and gets a copy with the context for the rewritten one
// (as for any kernel that is not rewritten); a helper only the kept kernel
// reaches is untouched. The manifest lists the rewritten kernel only, and
// says the program is partial and which kernels stay native.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json --keep-native-on-error 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --match-full-lines --input-file %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json
// RUN: FileCheck %s --check-prefix=COMMENT --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// Without the option, one refused kernel still fails the whole file.
// RUN: rm -f %t.none
// RUN: not softatomic-rewrite %s -o %t.none 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=warning:
// RUN: not test -e %t.none

int bump(__global int *c) { return atom_inc(c); }

int only_kept(__global int *c) { return atomic_add(c, 2); }

__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0); }

__kernel void good(__global int *c) {
  atomic_add(c, 1);
  bump(c + 1);
}

__kernel void kept(__global int *c, __global float *f) {
// WARN: {{.*}}keep-native.cl:[[@LINE-1]]:15: warning: kernel 'kept' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'kept'
  bump(c);
  only_kept(c + 2);
  stamp(f);
// WARN: {{.*}}keep-native.cl:[[@LINE-1]]:3: note: what keeps 'kept' native is here
// ERR: {{.*}}keep-native.cl:[[@LINE-2]]:3: error: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'kept'
}

// CHECK:int bump(__global int *c) { return atom_inc(c); }
// CHECK-NEXT:#line 18 "{{.*}}keep-native.cl"
// CHECK-NEXT:int __sa_fn_bump(__global int *c, __sa_ctx_t *__sa_ctx) { return {{.*}}; }
// CHECK: int only_kept(__global int *c) { return atomic_add(c, 2); }
// CHECK: __kernel void good(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) {{.*}}
// CHECK:   __sa_fn_bump(c + 1, __sa_ctx);
// CHECK: __kernel void kept(__global int *c, __global float *f) {
// CHECK-NEXT:// WARN: {{.*}}
// CHECK-NEXT:  bump(c);
// CHECK-NEXT:  only_kept(c + 2);
// CHECK-NEXT:  stamp(f);

// MANIFEST: "partial": true,
// MANIFEST-NEXT: "native_kernels": [
// MANIFEST-NEXT: "kept"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "kernels": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "name": "good",
// MANIFEST-NOT: "name": "kept"

// COMMENT: {{^}}/* softatomic{{-}}manifest: {{.*}}"partial":true,"native_kernels":["kept"],"kernels":[{"name":"good",
