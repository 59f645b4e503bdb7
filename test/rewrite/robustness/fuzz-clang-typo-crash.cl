// Found by fuzz/run.sh (softatomic-rewrite-fuzzer), reduced by libFuzzer
// -minimize_crash: Clang 16 itself crashes on this input (a null
// dereference in Sema::DiagnoseAssignmentResult after typo correction of
// the implicit-int call below; plain clang-16 -fsyntax-only crashes too).
// The rewriter recovers: the file fails with an error, exit status 1, no
// output.
// RUN: rm -f %t.out
// RUN: %python %S/../cli/Inputs/expect-status.py 1 softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// CHECK: softatomic-rewrite: error: Clang crashed while parsing {{.*}}fuzz-clang-typo-crash.cl

ed( ){ }mp_wi(int *p){;mp_w(aed)