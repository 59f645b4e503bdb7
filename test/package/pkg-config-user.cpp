// Links against libsoftatomic through softatomic.pc (test/package): the
// header is found and the library answers. Prints the empty last error.
#include <softatomic/softatomic.h>
#include <cstdio>

int main() {
  std::printf("last error: '%s'\n", saGetLastErrorMessage());
  return 0;
}
