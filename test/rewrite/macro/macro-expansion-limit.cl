// A few lines of macros that expand their argument twice, nested, ask the
// preprocessor for 2^32 atomic calls: Clang alone takes all the memory
// there is. The rewriter counts the tokens macro expansions produce and,
// past its limit, reports the expansion and gives up on the file: status 1,
// no output, in bounded memory (the address space limit below makes an
// unbounded run fail here instead of taking the machine).
// RUN: rm -f %t.out
// RUN: (ulimit -v 1500000; not softatomic-rewrite %s -o %t.out) 2>&1 | FileCheck %s --implicit-check-not="LLVM ERROR"
// RUN: not test -e %t.out

// Two levels fewer (256 calls) is an ordinary file.
// RUN: sed 's/{ F(atom_inc/{ D(atom_inc/' %s > %t.small.cl
// RUN: softatomic-rewrite %t.small.cl -o %t.small.out
// RUN: %clang_cl_check -cl-std=CL1.2 %t.small.out

#define A(x) x x
#define B(x) A(A(x))
#define C(x) B(B(x))
#define D(x) C(C(x))
#define E(x) D(D(x))
#define F(x) E(E(x))
__kernel void k(__global int *p) { F(atom_inc(p);) }

// CHECK: macro-expansion-limit.cl:[[@LINE-2]]:36: error: macro expansion goes past the limit of 1000000 tokens for one file
// CHECK: note: expanded from macro 'F'
