// Needs no edit itself, but includes through a macro a header that does
// (include-computed-nested.cl).
#define INNER_HEADER "nested-inner.h"
#include INNER_HEADER
uint thrice(uint x) { return 3u * x; }
