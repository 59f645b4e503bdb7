// A global atomic two includes deep (include-nested.cl).
uint bump(__global uint *c) { return atomic_inc(c); }
