//===- LineDirectives.cpp - #line lines for text the output moves ---------===//

#include "LineDirectives.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

std::string lineDirective(unsigned Line, StringRef File) {
  std::string Quoted;
  for (char C : File) {
    if (C == '\\' || C == '"')
      Quoted += '\\';
    Quoted += C;
  }
  return "#line " + std::to_string(Line) + " \"" + Quoted + "\"";
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
