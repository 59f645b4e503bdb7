// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LineDirectives.cpp - #line lines for text the output moves ---------===//

#include "edits/LineDirectives.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// \p Text as the body of a C string literal that means exactly it:
/// backslash, quote, line breaks and other control characters escaped, so
/// that any file name fits on the directive's one line.
static std::string quoteForC(StringRef Text) {
  std::string Quoted;
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    switch (C) {
    case '\\':
    case '"':
      Quoted += '\\';
      Quoted += C;
      break;
    case '\n':
      Quoted += "\\n";
      break;
    case '\r':
      Quoted += "\\r";
      break;
    case '\t':
      Quoted += "\\t";
      break;
    case '?':
      // "??/" and friends are trigraphs where trigraphs are on.
      Quoted += I > 0 && Text[I - 1] == '?' ? "\\?" : "?";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        // Three octal digits: a digit that follows cannot join the escape.
        const char *Digits = "01234567";
        Quoted += '\\';
        Quoted += Digits[C >> 6];
        Quoted += Digits[(C >> 3) & 7];
        Quoted += Digits[C & 7];
      } else {
        Quoted += C;
      }
    }
  }
  return Quoted;
}

std::string lineDirective(unsigned Line, StringRef File) {
  return "#line " + std::to_string(Line) + " \"" + quoteForC(File) + "\"";
}

std::string lineFileName(const SourceManager &SM, FileID FID,
                         StringRef MainName) {
  if (FID == SM.getMainFileID())
    return MainName.str();
  return SM.getBufferOrFake(FID).getBufferIdentifier().str();
}

StringRef lineBreakOf(StringRef Text) {
  size_t Break = Text.find('\n');
  return Break != StringRef::npos && Break > 0 && Text[Break - 1] == '\r'
             ? "\r\n"
             : "\n";
}

} // namespace softatomic
