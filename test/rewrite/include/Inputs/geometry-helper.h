// Only a helper, with a geometry call (used by several include-*.cl tests).
uint my_global_id(void) { return get_global_id(0); }
