// Macros that a rewritten kernel and a kernel left as written both expand
// (OpenMM's GLOBAL_ID, NUM_GROUPS, ATOMIC_ADD): the definitions take the
// scoped form (docs/REWRITE.md, "Macros"). 'forces' must see the user's
// geometry in every mode, the coordinator's too, where it runs on fewer
// physical groups than the NDRange has (PoCL: one per core, after the
// coordinator); 'plain' is passed through and must see the device's own.
// Each writes its geometry, compared with the native run's.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: grep -qx "#define GLOBAL_ID __sa_scoped_get_global_id(0, __sa_ctx)" %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel forces --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:equal --check 1:perm=0 --check 2:equal
// RUN: sa-difftest %s %t.sa.cl --kernel forces --global 777 --local 7 --arg buf:uint:1 --arg buf:uint:777 --arg buf:uint:777 --check 0:equal --check 1:perm=0 --check 2:equal
// RUN: sa-difftest %s %t.sa.cl --expect-native --kernel plain --global 4096 --local 64 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:equal --check 1:equal
// As the warp program, whose copy of the rewritten kernel declares its own
// __sa_ctx too:
// RUN: sa-difftest %s %t.sa.cl --kernel forces --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:equal --check 1:perm=0 --check 2:equal --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel plain --global 4096 --local 64 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:equal --check 1:equal --warp-program
//
// With a kernel kept as written (--keep-native-on-error: its call of a
// kernel that uses the geometry is refused), ATOMIC_ADD there is the native atomic_add, beside the
// rewritten kernel's software one (the combining mode; the coordinator
// mode is refused for a partial program).
// RUN: softatomic-rewrite --combine-mode --keep-native-on-error %s -o %t.kept.sa.cl -- -DKEPT 2>&1 | FileCheck %s
// CHECK: warning: kernel 'kept' stays native (as written)
// RUN: sa-difftest %s %t.kept.sa.cl --build-options -DKEPT --mode combine --expect-native --kernel kept --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:float:1 --check 0:equal --check 1:perm=0 --check 2:equal --check 3:equal
// RUN: sa-difftest %s %t.kept.sa.cl --build-options -DKEPT --mode combine --kernel forces --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:equal --check 1:perm=0 --check 2:equal

#define GLOBAL_ID get_global_id(0)
#define NUM_GROUPS get_num_groups(0)
#define GROUP_ID get_group_id(0)
#define ATOMIC_ADD(p, v) atomic_add(p, v)

/// Where the work-item sits, as the kernel sees it.
#define GEOMETRY ((uint)NUM_GROUPS * 65536u + (uint)GROUP_ID)

__kernel void forces(__global uint *sum, __global uint *old,
                     __global uint *geometry) {
  uint i = GLOBAL_ID;
  old[i] = ATOMIC_ADD(&sum[0], 1u);
  geometry[i] = GEOMETRY;
}

__kernel void plain(__global uint *ids, __global uint *geometry) {
  uint i = GLOBAL_ID;
  ids[i] = i;
  geometry[i] = GEOMETRY;
}

#ifdef KEPT
__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0) + 2.0f; }

__kernel void kept(__global uint *sum, __global uint *old,
                   __global uint *geometry, __global float *f) {
  uint i = GLOBAL_ID;
  old[i] = ATOMIC_ADD(&sum[0], 1u);
  geometry[i] = GEOMETRY;
  if (i == 0)
    stamp(f);
}
#endif
