// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExportFixes.cpp - Rewrites as clang-apply-replacements input -------===//

#include "output/ExportFixes.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

std::vector<Replacement> outputReplacements(StringRef FilePath,
                                            const RewriteResult &Result) {
  std::vector<Replacement> Out;
  if (!Result.Changed)
    return Out;
  std::string Front = Result.Prefix;
  auto Edit = Result.Edits.begin();
  // Replacements cannot hold two insertions at one offset: the prefix goes
  // first, so an edit inserting at its offset follows it in one insertion.
  if (Edit != Result.Edits.end() && Edit->getOffset() == Result.PrefixOffset &&
      Edit->getLength() == 0)
    Front += (Edit++)->getReplacementText();
  Out.emplace_back(FilePath, Result.PrefixOffset, 0, Front);
  for (; Edit != Result.Edits.end(); ++Edit)
    Out.emplace_back(FilePath, Edit->getOffset(), Edit->getLength(),
                     Edit->getReplacementText());
  return Out;
}

void writeFixesYAML(raw_ostream &OS, const TranslationUnitReplacements &Fixes) {
  yaml::Output YAML(OS);
  // The traits take a mutable reference; they only read it.
  YAML << const_cast<TranslationUnitReplacements &>(Fixes);
}

} // namespace softatomic
