// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DependencyFile.h - The files a rewrite read, as a depfile -*- C++
//-*-===//
//
// Build systems re-run the rewriter when its input or a header the input
// includes changes; they learn the headers from a Makefile-style depfile
// (`output: input header...`), as with `clang -MD -MF`.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_DEPENDENCYFILE_H
#define SOFTATOMIC_DRIVER_DEPENDENCYFILE_H

#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace softatomic {

/// Wraps \p Inner so that each parse also records, into \p Files, the
/// absolute paths of the files it read: the main file, then the user
/// headers it includes (system headers, such as Clang's opencl-c.h, are
/// left out: they change with the tool).
std::unique_ptr<clang::tooling::FrontendActionFactory> collectDependencies(
    std::unique_ptr<clang::tooling::FrontendActionFactory> Inner,
    std::vector<std::string> &Files);

/// The text of a Makefile-style depfile: one rule, \p Target depends on
/// \p Files, with spaces, '#' and '$' escaped as GNU make and Ninja read
/// them (a backslash elsewhere is kept as it is). A name with a line break,
/// which make cannot read in a rule, is an error that names it.
llvm::Expected<std::string> makeDepfile(llvm::StringRef Target,
                                        llvm::ArrayRef<std::string> Files);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_DEPENDENCYFILE_H
