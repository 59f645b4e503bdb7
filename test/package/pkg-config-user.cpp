// Links against libsoftatomic through softatomic.pc (test/package): the
// header is found and the library answers. Prints the empty last error.
#include <cstdio>
#include <softatomic/softatomic.h>

int main() {
  std::printf("last error: '%s'\n", saGetLastErrorMessage());
  return 0;
}
