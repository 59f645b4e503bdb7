// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LineDirectives.h - #line lines for text the output moves -*- C++ -*-===//
//
// The output keeps every diagnostic pointing at the user's own file and
// line: text that the rewrite adds in the middle of a file (a clone of a
// function, an inlined header) is bracketed by `#line` directives.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_LINEDIRECTIVES_H
#define SOFTATOMIC_EDITS_LINEDIRECTIVES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace softatomic {

/// `#line Line "File"`, the name quoted as a C string literal body (a
/// backslash, quote or line break in it escaped).
std::string lineDirective(unsigned Line, llvm::StringRef File);

/// The name `#line` gives file \p FID: \p MainName (the input as the user
/// named it) for the main file, else the path the parse opened.
std::string lineFileName(const clang::SourceManager &SM, clang::FileID FID,
                         llvm::StringRef MainName);

/// The line break \p Text uses: "\r\n" when its first one is, else "\n"
/// (text the rewrite adds keeps the file's style).
llvm::StringRef lineBreakOf(llvm::StringRef Text);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_LINEDIRECTIVES_H
