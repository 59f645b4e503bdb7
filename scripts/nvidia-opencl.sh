# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the scripts that run on the GPU machine (gpu-run.sh,
# gpu-chai.sh, test/stress/run-bundle.sh): registers NVIDIA's OpenCL
# platform by hand where no ICD file names it (unless OCL_ICD_VENDORS is
# set already), and sets OPENCL_LOADER to the ICD loader's library.
nvidia_opencl=$(ldconfig -p | awk '/libnvidia-opencl.so.1/ {print $NF; exit}')
if [ -n "$nvidia_opencl" ] && [ -z "${OCL_ICD_VENDORS:-}" ]; then
  mkdir -p /tmp/icd && echo "$nvidia_opencl" >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
fi
OPENCL_LOADER=$(ldconfig -p | awk '/libOpenCL.so.1/ {print $NF; exit}')
