// Scalar product (Elteir, Lin, Feng, Section VI.B, Figure 12): every
// work-item multiplies one component of x with one of y and adds the product
// to one global variable with an atomic add.
__kernel void scalar(__global const uint *x, __global const uint *y, __global uint *sum) {
  size_t i = get_global_id(0);
  atom_add(sum, x[i] * y[i]);
}
