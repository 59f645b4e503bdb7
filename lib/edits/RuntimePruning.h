// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RuntimePruning.h - Only the runtime a program can call ---*- C++ -*-===//
//
// The device runtime has entry points for every operation, type, call form
// and mode (about 1,170 functions, 410 KB); a program calls a few of them.
// Every rewritten file carried all of it, and every driver compiled all of
// it: a cold first launch under the layer took 11 times the application's
// own. The output now carries the runtime functions that the program's
// code, or the runtime's own code outside functions (macros, types), can
// reach, and no other: what any build of the file may call stays, whatever
// its defines (the warp program, the profile, a mode), since reaching is
// decided on the text, not on one preprocessing of it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_RUNTIMEPRUNING_H
#define SOFTATOMIC_EDITS_RUNTIMEPRUNING_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace softatomic {

/// \p Runtime without its comments and without the definitions of the
/// `static` functions that nothing in \p UserCode reaches (nor the
/// conditionals that held nothing else, nor blank runs): a function is
/// reached when an identifier of its name appears in \p UserCode, in the
/// runtime's text outside every function, or in a reached function.
/// \p Switches: the rewrite's own switches, each defined (true) or not
/// (false) in every build of the output, which no build option sets: a
/// branch they rule out (`#ifdef X`, `#ifndef X`, `#if defined(X)`,
/// `#if !defined(X)`, and their `#else`) names nothing, and goes.
/// \p Runtime as it is where its braces or conditionals do not pair up
/// (it is not text this can read).
std::string pruneRuntime(llvm::StringRef Runtime, llvm::StringRef UserCode,
                         const llvm::StringMap<bool> &Switches = {});

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_RUNTIMEPRUNING_H
