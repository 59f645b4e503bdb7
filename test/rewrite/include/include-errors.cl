// An #include of a header that needs edits, which the output cannot
// replace by the header's text, is an error (and no output is written):
// more text after the file name on the directive's line, whether the name
// is written or comes from a macro, a header named by -include on the
// command line.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -I %S/Inputs -DCOMPUTED_NAME 2>&1 | FileCheck %s --check-prefix=COMPUTED
// RUN: not test -e %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=TRAILING
// RUN: not test -e %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -include %S/Inputs/nested-inner.h -DCOMMAND_LINE 2>&1 | FileCheck %s --check-prefix=CMDLINE
// RUN: not test -e %t.out

#if defined(COMPUTED_NAME)
#define HEADER "nested-inner.h"
#include HEADER /* a comment that goes on
                   to the next line */
// COMPUTED: {{.*}}include-errors.cl:[[@LINE-2]]:1: error: header '{{.*}}nested-inner.h' needs edits, but this #include cannot be replaced by its rewritten text: more than the directive is written on its line
#elif !defined(COMMAND_LINE)
#include "nested-inner.h" /* a comment that goes on
                             to the next line */
// TRAILING: {{.*}}include-errors.cl:[[@LINE-2]]:1: error: header '{{.*}}nested-inner.h' needs edits, but this #include cannot be replaced by its rewritten text: more than the directive is written on its line
#endif
// CMDLINE: {{.*}}nested-inner.h:1:1: error: header '{{.*}}nested-inner.h' needs edits, but this #include cannot be replaced by its rewritten text: it is not #included by the main file or a user header

__kernel void k(__global uint *c) { bump(c); }
