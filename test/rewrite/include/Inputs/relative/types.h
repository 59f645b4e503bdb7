// Guarded, needs no edit (include-relative.cl).
#ifndef RELATIVE_TYPES_H
#define RELATIVE_TYPES_H
typedef uint counter_t;
#endif
