// A kernel with a syntax error (a missing ';'), for failures.test.
__kernel void broken(__global uint *counter) {
  uint mine;
  mine = atom_inc(counter)
}
