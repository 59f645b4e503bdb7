// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Counting a value in its bin (BINS comes from the build: DEFINES BINS=16).
// The atomic is in this header, so the rewriter inlines the header into
// its output, which the program can then embed whole.
uint bin_of(uint value) { return value % BINS; }
void count(__global uint *bins, uint value) {
  atomic_inc(&bins[bin_of(value)]);
}
