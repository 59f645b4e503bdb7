// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The sweeps of every benchmark family, one file each (the table that names
// them is in Families.cpp).
#ifndef SOFTATOMIC_MICROBENCH_FAMILIES_H
#define SOFTATOMIC_MICROBENCH_FAMILIES_H

#include "Workload.h"

namespace softatomic {

std::vector<Config> fig8Sweep(const Options &O);        // Microbench.cpp
std::vector<Config> fig9Sweep(const Options &O);        // Microbench.cpp
std::vector<Config> copySweep(const Options &O);        // Microbench.cpp
std::vector<Config> scalarSweep(const Options &O);      // ScalarProduct.cpp
std::vector<Config> histogramSweep(const Options &O);   // Histogram.cpp
std::vector<Config> matmulSweep(const Options &O);      // MapReduce.cpp
std::vector<Config> kmeansSweep(const Options &O);      // MapReduce.cpp
std::vector<Config> stringMatchSweep(const Options &O); // StringMatch.cpp
std::vector<Config> contentionSweep(const Options &O);  // Contention.cpp

} // namespace softatomic

#endif
