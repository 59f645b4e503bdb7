// Input of blocks.cl: a block with returns inside a rewritten kernel.
__kernel void k(__global int *c) {
  int (^twice)(int) = ^(int x) { if (x < 0) return 0; return 2 * x; };
  if (c[1] > 3)
    return;
  atom_add(c, twice(3));
}
