// A helper with a global atomic, #included by include-header.cl.
int count_hit(__global int *c) {
  int unused_in_header;
  return atomic_inc(c);
}
