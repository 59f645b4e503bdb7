// Atomics spelled in macro definitions, edited once in the definition
// (COUNT_IF in its deferred form: counts is reached only through atomics
// that discard their results; TAKE's ticket is read back):
// statement macros wrapping a conditional atomic and a returning one, an
// object-like geometry macro and a macro holding an early return. Counts
// equal to the native run's, returned values a permutation.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: grep -c "^#define COUNT_IF(cond, p) do { if (cond) __sa_nr_atomic_inc_uint(p, __sa_ctx); } while (0)$" %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel macros --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:uint:1 --check 0:equal --check 1:perm=0 --check 2:equal
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel macros --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:uint:1 --check 0:equal --check 1:perm=0 --check 2:equal --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel macros --global 777 --local 7 --arg buf:uint:2 --arg buf:uint:777 --arg buf:uint:1 --check 0:equal --check 1:perm=0 --check 2:equal
#define COUNT_IF(cond, p) do { if (cond) atom_inc(p); } while (0)
#define TAKE(p, old) do { (old) = atom_add(p, 1u); } while (0)
#define GID get_global_id(0)
#define DONE_IF(c) if (c) return

__kernel void macros(__global uint *counts, __global uint *old,
                     __global uint *ticket) {
  uint gid = GID;
  TAKE(ticket, old[gid]);
  DONE_IF(gid % 13u == 7u);
  COUNT_IF(gid % 3u == 0u, &counts[0]);
  COUNT_IF(gid % 5u == 0u, &counts[1]);
}
