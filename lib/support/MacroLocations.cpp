// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroLocations.cpp - Where a token is written ----------------------===//

#include "support/MacroLocations.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace softatomic {

SourceLocation outOfMacroArguments(const SourceManager &SM,
                                   SourceLocation Loc) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateSpellingLoc(Loc);
  return Loc;
}

} // namespace softatomic
