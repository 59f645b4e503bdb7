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

unsigned nextLineOffset(const SourceManager &SM, SourceLocation Loc) {
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Text = SM.getBufferData(FID);
  size_t Break = Text.find('\n', Offset);
  return Break == StringRef::npos ? Text.size() : Break + 1;
}

} // namespace softatomic
