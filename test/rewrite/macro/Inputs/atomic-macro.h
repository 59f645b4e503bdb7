// A macro that spells a global atomic, in an #included file.
#define HDR_COUNT(p) atom_inc(p)
