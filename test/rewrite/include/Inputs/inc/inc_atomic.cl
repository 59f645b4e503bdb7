// A global atomic in a header named the way hashcat's kernels name theirs,
// M2S(INCLUDE_PATH/inc_atomic.cl) (include-computed.cl).
uint hit(__global uint *c) { return atomic_inc(c); }
