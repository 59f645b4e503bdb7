// An edited header whose own #include lines name files next to it
// (include-relative.cl).
#include "types.h"
#include "once-types.h"
void mark(volatile __global counter_t *c) { atomic_inc(c); }
