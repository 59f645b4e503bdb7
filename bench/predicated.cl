// Stream compaction, the divergent returning atomic that the predicated
// work-group form serves (docs/REWRITE.md): `first` calls the atomic
// first in its branch (hoisted, combined in the group: one request per
// group), `late` does one thing before it (left per work-item: one
// request per kept item). Timed with sa-difftest --repeat (docs/BENCHMARKS-HISTORY.md,
// "Runtime 0.5"); `in` holds 0..99, so a threshold of T keeps T%.
__kernel void first(__global const uint *in, __global uint *out,
                    __global uint *count, uint keep) {
  uint gid = get_global_id(0);
  if (in[gid] < keep)
    out[atomic_inc(count)] = gid;
}

__kernel void late(__global const uint *in, __global uint *out,
                   __global uint *count, uint keep) {
  uint gid = get_global_id(0);
  if (in[gid] < keep) {
    uint v = gid;
    out[atomic_inc(count)] = v;
  }
}
