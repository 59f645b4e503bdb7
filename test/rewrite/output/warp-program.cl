// The warp program (docs/REWRITE.md): each rewritten kernel is compiled
// only without SA_WARP_PROGRAM, and its copy only with it: the kernel as
// written, with its name and parameters and its __local declarations
// where they are, its calls edited as the rewritten kernel's are, a
// context that __sa_warp_program_begin makes, and its returns going to
// __sa_warp_program_end (which sends the sum of the work-item's folded
// deferred adds). Built with SA_WARP_PROGRAM,
// the file is the kernels as written; for NVIDIA (SA_WARP_COMBINE) their
// adds take the warp path, with nothing of the coordinator left.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror -DSA_WARP_PROGRAM %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 -Werror -DSA_WARP_PROGRAM %t.cl
// RUN: %clang_cl_ptx -cl-std=CL1.2 -O2 -DSA_WARP_PROGRAM -DSA_WARP_COMBINE=1 %t.cl -o - | FileCheck %s --check-prefix=PTX

// A kernel declared before its definition has no copy (its prototype has
// the runtime's parameters): the build of the warp program stops, saying
// why, and the other build is unchanged.
// RUN: printf '__kernel void k(__global int *c);\n__kernel void k(__global int *c) { atomic_inc(c); }\n' > %t.proto.cl
// RUN: softatomic-rewrite %t.proto.cl -o %t.proto.sa.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.proto.sa.cl
// RUN: not %clang_cl_check -cl-std=CL1.2 -DSA_WARP_PROGRAM %t.proto.sa.cl 2>&1 | FileCheck %s --check-prefix=PROTO

#define LEAVE_IF(c) if (c) return

int bump(__global int *c, int v) { return atomic_add(c, v); }

__kernel void counts(__global int *c, __global int *out, int n) {
  __local int seen[8];
  int gid = get_global_id(0);
  if (gid >= n)
    return;
  seen[get_local_id(0) % 8] = gid;
  out[gid] = bump(&c[1], seen[0]);
}

__kernel void guarded(__global uint *c, __global uint *out) {
  uint gid = get_global_id(0);
  if (gid & 1u)
    out[gid] = atomic_inc(c);
}

__kernel void via_macro(__global uint *c, uint n) {
  LEAVE_IF(get_global_id(0) >= n);
  atomic_add(c, 2u);
}

// CHECK:#define LEAVE_IF(c) if (c) goto __sa_group_end
// CHECK:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line 29 "{{.*}}warp-program.cl"
// CHECK-NEXT:__kernel void counts(__global int *c, __global int *out, int n, __local uint *__sa_scratch, __global uint *__sa_state) { __local int seen[8]; {{.*}}
// CHECK:#else /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line 29 "{{.*}}warp-program.cl"
// CHECK-NEXT:__kernel void counts(__global int *c, __global int *out, int n) { __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; __sa_warp_program_begin(__sa_ctx);
// CHECK-NEXT:  __local int seen[8];
// CHECK-NEXT:  int gid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  if (gid >= n)
// CHECK-NEXT:    goto __sa_group_end;
// CHECK-NEXT:  seen[get_local_id(0) % 8] = gid;
// CHECK-NEXT:  out[gid] = bump(&c[1], seen[0], __sa_ctx);
// CHECK-NEXT: __sa_group_end: ; __sa_warp_program_end(__sa_ctx); }
// CHECK-NEXT:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line 37 "{{.*}}warp-program.cl"
// The predicated work-group form, moved as in the rewritten kernel:
// CHECK:#else /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line 38 "{{.*}}warp-program.cl"
// CHECK-NEXT:__kernel void guarded(__global uint *c, __global uint *out) { __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; __sa_warp_program_begin(__sa_ctx);
// CHECK-NEXT:  uint gid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  const int __sa_p[[N:[0-9]+]] = !! (gid & 1u); unsigned int __sa_r[[N]] = __sa_wgp_atomic_inc_uint(__sa_p[[N]], __sa_p[[N]] ? (c) : 0, __sa_ctx); if (__sa_p[[N]])
// CHECK-NEXT:    out[gid] = __sa_r[[N]];
// CHECK-NEXT: __sa_warp_program_end(__sa_ctx); }
// A return spelled in a macro is the same goto in both:
// CHECK:#else /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line 44 "{{.*}}warp-program.cl"
// CHECK-NEXT:__kernel void via_macro(__global uint *c, uint n) { __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; __sa_warp_program_begin(__sa_ctx);
// CHECK-NEXT:  LEAVE_IF(__sa_get_global_id(0, __sa_ctx) >= n);
// CHECK-NEXT:  __sa_nr_atomic_add_uint(c, 2u, __sa_ctx);
// CHECK-NEXT: __sa_group_end: ; __sa_warp_program_end(__sa_ctx); }
// CHECK-NEXT:#endif /* SA_WARP_PROGRAM */

// The warp program's kernels are the three, each warp's adds one native
// atomic per address after a match; none of the coordinator's code.
// PTX: .entry counts(
// PTX: match.any.sync.b64
// PTX: .entry guarded(
// PTX: match.any.sync.b64
// PTX: .entry via_macro(
// PTX-NOT: .entry

// PROTO: error: "softatomic: no warp program: kernel 'k' is declared before its definition"
