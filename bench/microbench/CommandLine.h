// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The program's command line: Options from argv, and the usage text.
#ifndef SOFTATOMIC_MICROBENCH_COMMANDLINE_H
#define SOFTATOMIC_MICROBENCH_COMMANDLINE_H

#include "Workload.h"

namespace softatomic {

extern const char *Usage;

enum class ParseResult { Run, Help, Bad };

/// Fills O from the arguments; on Bad, Error names the argument.
ParseResult parseCommandLine(int Argc, char **Argv, Options &O,
                             std::string &Error);

} // namespace softatomic

#endif
