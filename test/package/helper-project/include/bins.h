// No atomic here: the rewriter has nothing to edit in this header.
#define BINS 8u
uint bin_of(uint value) { return value % BINS; }
