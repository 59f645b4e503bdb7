#pragma once
// Needs no edit (include-relative.cl).
typedef uint other_t;
