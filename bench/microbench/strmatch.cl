// String match (Elteir, Lin, Feng, Section VI.B, Figure 13): each work-item
// searches one chunk of the text for the keyword (a match may run past the
// chunk's end) and records every match's position in one global output
// buffer, its slot taken with an atomic increment. Work-items find different
// numbers of matches: the atomics are divergent.
__kernel void strmatch(__global const uchar *text, uint length, __global const uchar *keyword,
                       uint keyword_length, uint chunk, __global uint *count,
                       __global uint *matches, uint capacity) {
  uint begin = get_global_id(0) * chunk;
  uint end = min(begin + chunk, length - keyword_length + 1);
  for (uint p = begin; p < end; ++p) {
    uint k = 0;
    while (k < keyword_length && text[p + k] == keyword[k])
      ++k;
    if (k == keyword_length) {
      uint slot = atom_inc(count);
      if (slot < capacity)
        matches[slot] = p;
    }
  }
}
