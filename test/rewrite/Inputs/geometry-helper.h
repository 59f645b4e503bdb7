// Only a helper, with a geometry call (include-helper-only.cl).
uint my_global_id(void) { return get_global_id(0); }
