#include "Error.h"

#include "softatomic_layout.h"

namespace softatomic {

static thread_local std::string LastMessage;

cl_int fail(cl_int Code, std::string Message) {
  LastMessage = std::string(saGetErrorString(Code)) + ": " + std::move(Message);
  return Code;
}

cl_int succeed() {
  LastMessage.clear();
  return CL_SUCCESS;
}

cl_int deviceErrorCode(unsigned DeviceCode) {
  switch (DeviceCode) {
  case SA_DEV_OK:
    return CL_SUCCESS;
  case SA_DEV_NOT_CORESIDENT:
    return SA_NOT_CORESIDENT;
  case SA_DEV_COORDINATOR_GONE:
    return SA_COORDINATOR_GONE;
  case SA_DEV_SPIN_TIMEOUT:
    return SA_SPIN_TIMEOUT;
  case SA_DEV_LOST_REQUEST:
    return SA_LOST_REQUEST;
  case SA_DEV_NO_NATIVE:
    return SA_NO_NATIVE_ATOMICS;
  case SA_DEV_NO_PROGRESS:
    return SA_NO_PROGRESS;
  default:
    return SA_BAD_STATE;
  }
}

} // namespace softatomic

extern "C" const char *saGetLastErrorMessage(void) {
  return softatomic::LastMessage.c_str();
}

extern "C" const char *saGetErrorString(cl_int Code) {
  switch (Code) {
#define SA_NAME(c)                                                             \
  case c:                                                                      \
    return #c;
    SA_NAME(SA_INVALID_MANIFEST)
    SA_NAME(SA_VERSION_MISMATCH) SA_NAME(SA_DEVICE_NOT_SUPPORTED) SA_NAME(SA_NOT_CORESIDENT) SA_NAME(
        SA_COORDINATOR_GONE) SA_NAME(SA_SPIN_TIMEOUT) SA_NAME(SA_LOST_REQUEST) SA_NAME(SA_BAD_STATE)
        SA_NAME(SA_NO_NATIVE_ATOMICS) SA_NAME(SA_MODE_NOT_COMPILED) SA_NAME(SA_NO_PROGRESS) SA_NAME(
            SA_INVALID_ENVIRONMENT) SA_NAME(CL_SUCCESS) SA_NAME(CL_DEVICE_NOT_FOUND)
            SA_NAME(CL_DEVICE_NOT_AVAILABLE) SA_NAME(CL_COMPILER_NOT_AVAILABLE) SA_NAME(
                CL_MEM_OBJECT_ALLOCATION_FAILURE) SA_NAME(CL_OUT_OF_RESOURCES) SA_NAME(CL_OUT_OF_HOST_MEMORY)
                SA_NAME(CL_PROFILING_INFO_NOT_AVAILABLE) SA_NAME(CL_MEM_COPY_OVERLAP) SA_NAME(
                    CL_IMAGE_FORMAT_MISMATCH) SA_NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
                    SA_NAME(CL_BUILD_PROGRAM_FAILURE) SA_NAME(CL_MAP_FAILURE) SA_NAME(
                        CL_MISALIGNED_SUB_BUFFER_OFFSET) SA_NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
                        SA_NAME(CL_COMPILE_PROGRAM_FAILURE) SA_NAME(CL_LINKER_NOT_AVAILABLE) SA_NAME(
                            CL_LINK_PROGRAM_FAILURE) SA_NAME(CL_DEVICE_PARTITION_FAILED)
                            SA_NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE) SA_NAME(
                                CL_INVALID_VALUE) SA_NAME(CL_INVALID_DEVICE_TYPE) SA_NAME(CL_INVALID_PLATFORM)
                                SA_NAME(CL_INVALID_DEVICE) SA_NAME(CL_INVALID_CONTEXT) SA_NAME(
                                    CL_INVALID_QUEUE_PROPERTIES) SA_NAME(CL_INVALID_COMMAND_QUEUE)
                                    SA_NAME(CL_INVALID_HOST_PTR) SA_NAME(CL_INVALID_MEM_OBJECT) SA_NAME(
                                        CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) SA_NAME(CL_INVALID_IMAGE_SIZE)
                                        SA_NAME(CL_INVALID_SAMPLER) SA_NAME(CL_INVALID_BINARY) SA_NAME(
                                            CL_INVALID_BUILD_OPTIONS) SA_NAME(CL_INVALID_PROGRAM)
                                            SA_NAME(CL_INVALID_PROGRAM_EXECUTABLE) SA_NAME(
                                                CL_INVALID_KERNEL_NAME) SA_NAME(CL_INVALID_KERNEL_DEFINITION)
                                                SA_NAME(CL_INVALID_KERNEL) SA_NAME(
                                                    CL_INVALID_ARG_INDEX) SA_NAME(CL_INVALID_ARG_VALUE)
                                                    SA_NAME(CL_INVALID_ARG_SIZE) SA_NAME(
                                                        CL_INVALID_KERNEL_ARGS) SA_NAME(CL_INVALID_WORK_DIMENSION)
                                                        SA_NAME(CL_INVALID_WORK_GROUP_SIZE) SA_NAME(
                                                            CL_INVALID_WORK_ITEM_SIZE) SA_NAME(CL_INVALID_GLOBAL_OFFSET)
                                                            SA_NAME(CL_INVALID_EVENT_WAIT_LIST) SA_NAME(
                                                                CL_INVALID_EVENT) SA_NAME(CL_INVALID_OPERATION)
                                                                SA_NAME(CL_INVALID_GL_OBJECT) SA_NAME(
                                                                    CL_INVALID_BUFFER_SIZE)
                                                                    SA_NAME(CL_INVALID_MIP_LEVEL) SA_NAME(
                                                                        CL_INVALID_GLOBAL_WORK_SIZE)
                                                                        SA_NAME(CL_INVALID_PROPERTY) SA_NAME(
                                                                            CL_INVALID_IMAGE_DESCRIPTOR)
                                                                            SA_NAME(
                                                                                CL_INVALID_COMPILER_OPTIONS)
                                                                                SA_NAME(
                                                                                    CL_INVALID_LINKER_OPTIONS)
                                                                                    SA_NAME(
                                                                                        CL_INVALID_DEVICE_PARTITION_COUNT)
#undef SA_NAME
                                                                                        default
        : return "unknown error code";
  }
}
