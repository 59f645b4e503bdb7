// A second edited header that includes the same files (include-relative.cl).
#include "types.h"
#include "once-types.h"
void mark_other(volatile __global other_t *c) { atomic_inc(c); }
