// N calls of atom_add(&c, 1) return exactly a permutation of 0..N-1, also
// with far more work-groups (4096) than the device runs at once.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 8192 --local 64 --arg buf:uint:1 --arg buf:uint:8192 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 7424 --local 256 --arg buf:uint:1 --arg buf:uint:7424 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 262144 --local 64 --arg buf:uint:1 --arg buf:uint:262144 --check 1:perm=0
// Both memory-model modes of the runtime: the paper's volatile + mem_fence
// (OpenCL C 1.2) and acquire/release atomics (OpenCL C 3.0).
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel count --global 65536 --local 128 --arg buf:uint:1 --arg buf:uint:65536 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel count --global 65536 --local 128 --arg buf:uint:1 --arg buf:uint:65536 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 96 --local 1 --arg buf:uint:1 --arg buf:uint:96 --check 1:perm=0
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 8192 --local 64 --arg buf:uint:1 --arg buf:uint:8192 --check 1:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 7424 --local 256 --arg buf:uint:1 --arg buf:uint:7424 --check 1:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 262144 --local 64 --arg buf:uint:1 --arg buf:uint:262144 --check 1:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel count --global 65536 --local 128 --arg buf:uint:1 --arg buf:uint:65536 --check 1:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel count --global 65536 --local 128 --arg buf:uint:1 --arg buf:uint:65536 --check 1:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel count --global 96 --local 1 --arg buf:uint:1 --arg buf:uint:96 --check 1:perm=0 --warp-program
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_add(c, 1u);
}
