// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Workload.h"

namespace softatomic {

void Workload::release() {
  for (cl_mem M : Mems)
    if (M)
      clReleaseMemObject(M);
  Mems.clear();
}

cl_mem Workload::buffer(size_t Bytes, cl_int &Err) {
  cl_mem M = clCreateBuffer(S.Context, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  Mems.push_back(M);
  return M;
}

cl_mem Workload::input(const void *Data, size_t Bytes, cl_int &Err) {
  cl_mem M = clCreateBuffer(S.Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                            Bytes, const_cast<void *>(Data), &Err);
  Mems.push_back(M);
  return M;
}

cl_int Workload::writeWord(cl_mem M, cl_uint V) {
  return clEnqueueWriteBuffer(S.Queue, M, CL_TRUE, 0, sizeof(V), &V, 0, nullptr,
                              nullptr);
}

cl_int Workload::fill(cl_mem M, cl_uint V, size_t Bytes) {
  return clEnqueueFillBuffer(S.Queue, M, &V, sizeof(V), 0, Bytes, 0, nullptr,
                             nullptr);
}

cl_int Workload::readWord(cl_mem M, cl_uint &V) {
  return read(M, &V, sizeof(V));
}

cl_int Workload::read(cl_mem M, void *Data, size_t Bytes) {
  return clEnqueueReadBuffer(S.Queue, M, CL_TRUE, 0, Bytes, Data, 0, nullptr,
                             nullptr);
}

cl_int Workload::setBuffers(cl_kernel K, std::initializer_list<cl_mem> Ms) {
  cl_uint Index = 0;
  for (cl_mem M : Ms)
    if (cl_int Err = clSetKernelArg(K, Index++, sizeof(cl_mem), &M))
      return Err;
  return CL_SUCCESS;
}

std::string clError(cl_int Err) { return saGetErrorString(Err); }

std::string saError(cl_int Err) {
  std::string Name = clError(Err), Message = saGetLastErrorMessage();
  if (Message.empty())
    return Name;
  return Message.compare(0, Name.size(), Name) == 0 ? Message
                                                    : Name + ": " + Message;
}

} // namespace softatomic
