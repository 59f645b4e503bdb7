// Group calls in a uniform loop whose sharing changes from phase to phase:
// every work-item on an address of its own, then the whole group on one,
// then four work-items per address. In the combining mode a group call
// that averages fewer than SOFTATOMIC_COMBINE_MIN work-items per address
// makes the next ones go per item (where the device compiler allows it:
// not PoCL, docs/HOST-RUNTIME.md, "Modes"), and a later combined call turns
// combining back on. Every returned value must fit a linearization of all
// the adds, in both modes, with the default threshold, with combining
// always (0) and with per-item calls after every combined one (1024).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: {{^}}    old[slot] = __sa_wg_atomic_add_uint(&c[a], v, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel phases --global 4096 --local 256 --arg buf:uint:4096 --arg buf:uint:196608 --arg buf:uint:196608 --arg buf:uint:196608 --check 1:ignore --check-add 1,2,3,0
// RUN: env SOFTATOMIC_COMBINE_MIN=0 sa-difftest %s %t.sa.cl --kernel phases --global 4096 --local 128 --arg buf:uint:4096 --arg buf:uint:196608 --arg buf:uint:196608 --arg buf:uint:196608 --check 1:ignore --check-add 1,2,3,0
// RUN: env SOFTATOMIC_COMBINE_MIN=1024 sa-difftest %s %t.sa.cl --kernel phases --global 4096 --local 64 --arg buf:uint:4096 --arg buf:uint:196608 --arg buf:uint:196608 --arg buf:uint:196608 --check 1:ignore --check-add 1,2,3,0
__kernel void phases(__global uint *c, __global uint *old, __global uint *target,
                     __global uint *inc) {
  uint i = get_global_id(0), n = get_global_size(0);
  for (uint k = 0; k < 48u; ++k) {
    uint a = k < 16u ? i : k < 32u ? 7u : i / 4u;
    uint v = (i + k) % 3u + 1u;
    uint slot = k * n + i;
    target[slot] = a;
    inc[slot] = v;
    old[slot] = atomic_add(&c[a], v);
  }
}
