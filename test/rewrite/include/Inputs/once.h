#pragma once
// #pragma once (include-pragma-once.cl).
uint once_bump(__global uint *c) { return atomic_inc(c); }
