// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How long saEnqueueNDRangeKernel keeps the host, against the kernel's own
// time (saFinish): a launch must return at once, as clEnqueueNDRangeKernel
// does, or an application loses its host/device overlap. Kernel spin
// (spin.cl, rewritten) runs N iterations per work-item; each mode, three
// launches. docs/BENCHMARKS-HISTORY.md ("Launches return at once") has the
// figures.
//   softatomic-rewrite --combine-mode spin.cl -o /tmp/spin.rewritten.cl
//   g++ -O2 -I runtime/host/include launch-return.cpp -o launch-return
//       -L build/lib -lsoftatomic -lOpenCL     (one line)
//   ./launch-return PLATFORM-NAME /tmp/spin.rewritten.cl [N]
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "softatomic/softatomic.h"
#include <CL/cl.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
static double now() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
int main(int argc, char **argv) {
  cl_platform_id p[8];
  cl_uint np;
  clGetPlatformIDs(8, p, &np);
  cl_device_id d = 0;
  for (cl_uint i = 0; i < np; ++i) {
    char n[128];
    clGetPlatformInfo(p[i], CL_PLATFORM_NAME, 128, n, 0);
    if (strstr(n, argv[1]))
      clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 1, &d, 0);
  }
  cl_int e;
  cl_context c = clCreateContext(0, 1, &d, 0, 0, &e);
  cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
  std::ifstream f(argv[2]);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string src = ss.str();
  const char *sp = src.c_str();
  cl_program pr = clCreateProgramWithSource(c, 1, &sp, 0, &e);
  e = clBuildProgram(pr, 1, &d, "", 0, 0);
  if (e) {
    printf("build %d\n", e);
    return 1;
  }
  cl_kernel k = clCreateKernel(pr, "spin", &e);
  printf("create kernel %d\n", e);
  cl_mem s = clCreateBuffer(c, CL_MEM_READ_WRITE, 4 << 20, 0, &e),
         cnt = clCreateBuffer(c, CL_MEM_READ_WRITE, 4, 0, &e);
  cl_uint n = argc > 3 ? atoi(argv[3]) : 1u << 22;
  size_t g = 1 << 20, l = 256;
  clSetKernelArg(k, 0, sizeof s, &s);
  clSetKernelArg(k, 1, sizeof cnt, &cnt);
  clSetKernelArg(k, 2, sizeof n, &n);
  for (int mode = 0; mode < 2; ++mode)
    for (int rep = 0; rep < 3; ++rep) {
      saSetMode(mode ? SA_MODE_COMBINE : SA_MODE_COORDINATOR);
      clFinish(q);
      double t0 = now();
      e = saEnqueueNDRangeKernel(q, k, 1, 0, &g, &l, 0, 0, 0);
      double t1 = now();
      cl_int f2 = saFinish(q);
      double t2 = now();
      if (e)
        printf("%s\n", saGetLastErrorMessage());
      printf("%s: saEnqueue %d %.3f ms, saFinish %d %.3f ms\n",
             mode ? "combine" : "coordinator", e, t1 - t0, f2, t2 - t1);
    }
}
