// A 2D NDRange with a global offset: every geometry builtin the user reads
// must give the values of the original launch, and the per-row sums match.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel grid --global 64,48 --local 8,4 --offset 3,5 --arg buf:uint:48 --arg buf:uint:3072 --arg buf:uint:3072 --arg buf:uint:3072 --arg buf:uint:3072
// RUN: sa-difftest %s %t.sa.cl --kernel grid --global 128,32 --local 16,16 --arg buf:uint:32 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel grid --global 64,48 --local 8,4 --offset 3,5 --arg buf:uint:48 --arg buf:uint:3072 --arg buf:uint:3072 --arg buf:uint:3072 --arg buf:uint:3072 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel grid --global 128,32 --local 16,16 --arg buf:uint:32 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --warp-program
__kernel void grid(__global uint *row_sum, __global uint *group_ids,
                   __global uint *sizes, __global uint *offsets,
                   __global uint *local_ids) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t w = get_global_size(0);
  size_t i = y * w + x;
  group_ids[i] = get_group_id(0) * 1000u + get_group_id(1);
  sizes[i] = get_num_groups(0) * 1000000u + get_num_groups(1) * 1000u + get_global_size(1);
  offsets[i] = get_global_offset(0) * 1000u + get_global_offset(1) + get_work_dim() * 100000u;
  local_ids[i] = get_local_id(0) * 1000u + get_local_id(1);
  atom_add(&row_sum[y], (uint)x + 1u);
}
