// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IncludeInliner.h - Edited headers, inlined in the output -*- C++ -*-===//
//
// docs/REWRITE.md, "Headers": the output stays self-contained. A user
// header that needs edits (or includes one that does) is not included: its
// #include directive is replaced by the header's rewritten text, between
// `#line` directives that keep diagnostics pointing at the header's lines
// and, after it, at the including file's. What an inlined header includes
// is inlined with it, since its quoted names were found next to it, not
// next to the output. Other headers that need no edit, and system headers,
// stay #include lines.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_INCLUDEINLINER_H
#define SOFTATOMIC_EDITS_INCLUDEINLINER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/MapVector.h"
#include <memory>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class FileEntry;
class HeaderSearch;
class LangOptions;
class SourceManager;
} // namespace clang

namespace softatomic {

/// One #include (or #import, #include_next) directive the parse carried out
/// in a user file.
struct IncludeDirective {
  clang::SourceLocation Hash;      ///< The directive's '#'.
  clang::CharSourceRange FileName; ///< "name" or <name>, as the parse saw it.
  const clang::FileEntry *Target = nullptr;
  llvm::StringRef TargetName; ///< The header's path as the directive found it.
  /// For a name that macros spell (#include HEADER), whose FileName lies in
  /// their expansion: where the directive's last token ends in its file.
  clang::SourceLocation ComputedEnd;
};

/// Records the include directives of user files during the parse.
std::unique_ptr<clang::PPCallbacks>
recordIncludes(const clang::SourceManager &SM, const clang::LangOptions &LO,
               std::vector<IncludeDirective> &Out);

/// The main file's edits: \p FileEdits' edits of the main file plus, for
/// each #include of a header that needs edits, its replacement by the
/// header's rewritten text. \p MainName is what `#line` calls the main
/// file. With \p InlineAll, every user header is inlined, edited or not.
/// Returns std::nullopt after reporting why a header cannot be inlined.
std::optional<clang::tooling::Replacements> inlineEditedHeaders(
    const clang::SourceManager &SM, const clang::HeaderSearch &Headers,
    clang::DiagnosticsEngine &Diags,
    const std::vector<IncludeDirective> &Includes,
    const llvm::MapVector<const clang::FileEntry *,
                          clang::tooling::Replacements> &FileEdits,
    llvm::StringRef MainName, bool InlineAll = false);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_INCLUDEINLINER_H
