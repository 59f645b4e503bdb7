// The paper's MapReduce applications (Elteir, Lin, Feng, Section VI.B):
// matrix multiplication (Figure 10) and the map phase of KMeans (Figure 11),
// with single-pass output: each map task emits one (key, value) record into
// one shared output buffer, and an atomic add on a global counter gives the
// record its slot. Per thread: one atomic per work-item. Per wavefront: the
// records of `wave` neighbouring work-items are counted in local memory
// (a prefix sum) and the wavefront's first work-item reserves them all with
// one atomic. (The per-thread atomic sits in the kernel body, where the
// rewriter can prove that the whole group reaches it: its work-group form.)

/// The first slot of the calling work-item's `records` records (0 or more),
/// one atomic per wavefront. Every work-item of the group must call it.
uint reserve_per_wave(__global uint *count, uint records, uint wave,
                      __local uint *counts, __local uint *bases) {
  uint lid = get_local_id(0);
  uint first = lid - lid % wave;
  uint end = min(first + wave, (uint)get_local_size(0));
  counts[lid] = records;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint before = 0, total = 0;
  for (uint k = first; k < end; ++k) {
    before += k < lid ? counts[k] : 0u;
    total += counts[k];
  }
  if (lid == first)
    bases[lid / wave] = atom_add(count, total);
  barrier(CLK_LOCAL_MEM_FENCE);
  return bases[lid / wave] + before;
}

/// Map task (i, j) of Z = X Y (n x n): the record (i * n + j, z[i][j]).
uint matmul_map(__global const uint *x, __global const uint *y, uint n, uint id) {
  uint i = id / n, j = id % n;
  uint z = 0;
  for (uint k = 0; k < n; ++k)
    z += x[i * n + k] * y[k * n + j];
  return z;
}

__kernel void matmul_thread(__global const uint *x, __global const uint *y, uint n,
                            __global uint *count, __global uint *keys, __global uint *values) {
  uint id = get_global_id(0);
  uint z = matmul_map(x, y, n, id);
  uint slot = atom_add(count, 1u); // one atomic per work-item
  keys[slot] = id;
  values[slot] = z;
}

__kernel void matmul_wave(__global const uint *x, __global const uint *y, uint n,
                          __global uint *count, __global uint *keys, __global uint *values,
                          uint wave, __local uint *counts, __local uint *bases) {
  uint id = get_global_id(0);
  uint z = matmul_map(x, y, n, id);
  uint slot = reserve_per_wave(count, 1u, wave, counts, bases);
  keys[slot] = id;
  values[slot] = z;
}

/// KMeans map task: the cluster whose centroid is nearest to point p (DIM
/// integer coordinates; ties go to the lower cluster).
#define DIM 4
uint kmeans_map(__global const int *points, __global const int *centroids, uint clusters,
                uint p) {
  uint best = 0, best_distance = UINT_MAX;
  for (uint c = 0; c < clusters; ++c) {
    uint distance = 0;
    for (uint d = 0; d < DIM; ++d) {
      int delta = points[p * DIM + d] - centroids[c * DIM + d];
      distance += (uint)(delta * delta);
    }
    if (distance < best_distance) {
      best_distance = distance;
      best = c;
    }
  }
  return best;
}

__kernel void kmeans_thread(__global const int *points, __global const int *centroids,
                            uint clusters, __global uint *count, __global uint *keys,
                            __global uint *values) {
  uint p = get_global_id(0);
  uint cluster = kmeans_map(points, centroids, clusters, p);
  uint slot = atom_add(count, 1u); // one atomic per work-item
  keys[slot] = p;
  values[slot] = cluster;
}

__kernel void kmeans_wave(__global const int *points, __global const int *centroids,
                          uint clusters, __global uint *count, __global uint *keys,
                          __global uint *values, uint wave, __local uint *counts,
                          __local uint *bases) {
  uint p = get_global_id(0);
  uint cluster = kmeans_map(points, centroids, clusters, p);
  uint slot = reserve_per_wave(count, 1u, wave, counts, bases);
  keys[slot] = p;
  values[slot] = cluster;
}
