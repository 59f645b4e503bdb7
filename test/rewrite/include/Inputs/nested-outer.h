// Needs no edit itself, but includes a header that does (include-nested.cl).
#include "nested-inner.h"
uint twice(uint x) { return 2u * x; }
