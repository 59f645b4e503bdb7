// Every work-item adds 1 to c[0]; test/run/difftest-no-native.test and
// difftest-with-original.test.
__kernel void count(__global uint *c) { atomic_inc(c); }
