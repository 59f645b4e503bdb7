/* sa-c-user: a C program that builds the embedded histogram kernel from its
 * bytes with its build options, runs it through libsoftatomic (linked
 * statically) on the first OpenCL device and checks the counts. Also built
 * by the package test with gcc through `pkg-config --static`. */
#include "histogram.sa.h"
#include <softatomic/softatomic.h>

#include <stdio.h>
#include <string.h>

enum { Items = 4096, Local = 64, Bins = 8 };

int main(void) {
  /* The case a single string literal could not hold (MSVC: 64 KB). */
  size_t Length = strlen(softatomic_histogram);
  if (Length <= 65535) {
    fprintf(stderr, "sa-c-user: the embedded kernel is %zu bytes, not over 64 KB\n",
            Length);
    return 1;
  }
  cl_platform_id Platform;
  cl_device_id Device;
  if (clGetPlatformIDs(1, &Platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, NULL) != CL_SUCCESS) {
    fprintf(stderr, "sa-c-user: no OpenCL device\n");
    return 1;
  }
  cl_int Err = CL_SUCCESS;
  cl_context Context = clCreateContext(NULL, 1, &Device, NULL, NULL, &Err);
  cl_command_queue Queue = clCreateCommandQueue(Context, Device, 0, &Err);
  const char *Source = softatomic_histogram;
  cl_program Program = clCreateProgramWithSource(Context, 1, &Source, NULL, &Err);
  if (clBuildProgram(Program, 1, &Device, SOFTATOMIC_HISTOGRAM_BUILD_OPTIONS, NULL,
                     NULL) != CL_SUCCESS) {
    static char Log[8192];
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof(Log) - 1, Log,
                          NULL);
    fprintf(stderr, "sa-c-user: histogram does not build:\n%s\n", Log);
    return 1;
  }
  cl_kernel Kernel = clCreateKernel(Program, "histogram", &Err);

  static cl_uint Values[Items];
  cl_uint Counts[Bins] = {0}, Expected[Bins] = {0};
  for (cl_uint I = 0; I < Items; ++I)
    ++Expected[(Values[I] = I * 7 + I / 3) % Bins];
  cl_mem ValuesBuffer = clCreateBuffer(Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                       sizeof(Values), Values, &Err);
  cl_mem CountsBuffer = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                       sizeof(Counts), Counts, &Err);
  clSetKernelArg(Kernel, 0, sizeof(cl_mem), &ValuesBuffer);
  clSetKernelArg(Kernel, 1, sizeof(cl_mem), &CountsBuffer);
  size_t Global = Items, Group = Local;
  if (saEnqueueNDRangeKernel(Queue, Kernel, 1, NULL, &Global, &Group, 0, NULL, NULL) !=
          CL_SUCCESS ||
      saFinish(Queue) != CL_SUCCESS) {
    fprintf(stderr, "sa-c-user: %s\n", saGetLastErrorMessage());
    return 1;
  }
  clEnqueueReadBuffer(Queue, CountsBuffer, CL_TRUE, 0, sizeof(Counts), Counts, 0, NULL,
                      NULL);
  int Ok = memcmp(Counts, Expected, sizeof(Counts)) == 0;
  printf("histogram (%zu bytes embedded): %s\n", Length, Ok ? "OK" : "MISMATCH");
  return Ok ? 0 : 1;
}
