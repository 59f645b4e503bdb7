// A helper with a global atomic, #included by include-header.cl.
int count_hit(__global int *c) {
  return atomic_inc(c);
}
