// An include guard (include-guarded-twice.cl).
#ifndef GUARDED_H
#define GUARDED_H
uint guarded_bump(__global uint *c) { return atomic_inc(c); }
#endif
