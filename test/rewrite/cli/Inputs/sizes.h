// Sizes for define-flag.cl, found through -I after --.
#define SIZE 4
