// Included by layer-sample's histogram kernel through the -I directory of
// its build options: the layer's rewrite must find it too.
#define BIN_OF(x) ((x) % BINS)
