// The kernel's atomic is in an #included header (Inputs/histogram.h): the
// rewritten file carries the header's rewritten text instead of the
// #include. Counts and returned values (per bin, 0 .. count-1: equal as a
// multiset) match native atomics. The header's geometry helper is also
// called by a kernel that is not rewritten ('positions', which sa-difftest
// cannot run: nothing of it is rewritten), which keeps the helper as
// written (true geometry), while the rewritten kernel calls its copy.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -I %S/Inputs
// RUN: not grep -q '^#include "histogram' %t.sa.cl
// RUN: grep -q 'uint i = __sa_fn_item_[i]ndex(__sa_ctx);' %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --build-options -I%S/Inputs --kernel histogram --global 4096 --local 64 --arg buf:uint:16 --arg buf:uint:4096 --check 1:multiset
// RUN: sa-difftest %s %t.sa.cl --build-options -I%S/Inputs --kernel histogram --global 96 --local 1 --arg buf:uint:16 --arg buf:uint:96 --check 1:multiset
// The same header named through a macro (#include HISTOGRAM_HEADER) is
// inlined as well.
// RUN: softatomic-rewrite --combine-mode %s -o %t.computed.sa.cl -- -I %S/Inputs -DCOMPUTED_INCLUDE
// RUN: not grep -q '^#include HISTOGRAM_HEADER' %t.computed.sa.cl
// RUN: grep -q 'uint i = __sa_fn_item_[i]ndex(__sa_ctx);' %t.computed.sa.cl
// RUN: sa-difftest %s %t.computed.sa.cl --build-options '-I%S/Inputs -DCOMPUTED_INCLUDE' --kernel histogram --global 96 --local 1 --arg buf:uint:16 --arg buf:uint:96 --check 1:multiset
#ifdef COMPUTED_INCLUDE
#define HISTOGRAM_HEADER "histogram.h"
#include HISTOGRAM_HEADER
#else
#include "histogram.h"
#endif

__kernel void histogram(__global uint *bins, __global uint *old) {
  uint i = item_index();
  old[i] = add_to_bin(bins, i * 7u);
}

__kernel void positions(__global uint *out) {
  out[item_index()] = item_index() * 3u + get_group_id(0);
}
