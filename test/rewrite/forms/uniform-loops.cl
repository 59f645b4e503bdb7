// The work-group form in loops (docs/REWRITE.md): a `for` loop whose
// counters get uniform values (literals, the kernel's integer parameters
// that it never writes, the group's geometry, arithmetic of those), whose
// condition and step are uniform in them, whose body writes no counter and
// has no break, continue, return, goto or label, runs equally often in
// every work-item, so a call evaluated once per iteration of its body takes
// the work-group form, and a guarded one in a block the predicated form.
// Per item: a trip count from get_global_id, a counter written in the body,
// a break, an `if` that is the loop's body itself (no block to declare the
// guard in), a nested loop (its counters start from the outer one), a
// parameter the kernel writes (also through parentheses: paren_writes).
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// CHECK: {{^}}    acc += __sa_wg_atomic_add_uint(&c[gid % 4u], k, __sa_ctx);
// CHECK: {{^}}    acc += __sa_wg_atomic_inc_uint(&c[5], __sa_ctx);
// CHECK: {{^}}    acc ^= __sa_wg_atomic_sub_uint(c, 1u, __sa_ctx);
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[6], 1u, __sa_ctx);
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[7], 1u, __sa_ctx);
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[8], 1u, __sa_ctx);
// CHECK: {{^}}    const int __sa_p0 = !! (gid & 1u); unsigned int __sa_r0 = __sa_wgp_atomic_add_uint(__sa_p0, __sa_p0 ? (&c[9]) : 0, 1u, __sa_ctx); if (__sa_p0)
// CHECK: {{^}}      acc += __sa_atomic_add_uint(&c[10], 1u, __sa_ctx);
// CHECK: {{^}}      acc += __sa_atomic_add_uint(&c[11], 1u, __sa_ctx);
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[12], n++ & 0u, __sa_ctx);
// Writes through parentheses count as writes:
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[13], 1u, __sa_ctx);
// CHECK: {{^}}    acc += __sa_atomic_add_uint(&c[14], 1u, __sa_ctx);
__kernel void loops(__global uint *c, __global uint *out, uint n, int m) {
  uint gid = get_global_id(0);
  uint acc = 0;
  for (uint k = 0; k < n; ++k)
    acc += atomic_add(&c[gid % 4u], k);
  for (int j = m; j > 0; j -= 2) {
    acc += atomic_inc(&c[5]);
  }
  uint i;
  for (i = 0; i < get_local_size(0) * 2u; i++)
    acc ^= atomic_sub(c, 1u);
  for (uint k = 0; k < gid; ++k)          // per-item trip count
    acc += atomic_add(&c[6], 1u);
  for (uint k = 0; k < n; ++k) {          // counter written in the body
    acc += atomic_add(&c[7], 1u);
    k += acc & 1u;
  }
  for (uint k = 0; k < n; ++k) {          // break
    if (acc > 100u) break;
    acc += atomic_add(&c[8], 1u);
  }
  for (uint k = 0; k < n; ++k) {          // guarded in a block: predicated
    if (gid & 1u)
      acc += atomic_add(&c[9], 1u);
  }
  for (uint k = 0; k < n; ++k)            // guarded, no block: per item
    if (gid & 1u)
      acc += atomic_add(&c[10], 1u);
  for (uint k = 0; k < n; ++k)            // a nested loop counts on the outer counter
    for (uint j = k; j < n; ++j)
      acc += atomic_add(&c[11], 1u);
  out[gid] = acc;
}

__kernel void writes_param(__global uint *c, __global uint *out, uint n) {
  uint acc = 0;
  for (uint k = 0; k < n; ++k)            // a parameter the kernel writes
    acc += atomic_add(&c[12], n++ & 0u);
  out[0] = acc;
}

__kernel void paren_writes(__global uint *c, __global uint *out, uint n) {
  uint acc = 0;
  if (get_global_id(0) & 1) (n)++;
  for (uint k = 0; k < n; ++k)
    acc += atomic_add(&c[13], 1u);
  for (uint j = 0; j < 4u; ++j) {
    acc += atomic_add(&c[14], 1u);
    (j) += acc & 1u;
  }
  out[0] = acc;
}
