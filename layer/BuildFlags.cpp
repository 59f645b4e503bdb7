// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuildFlags.cpp - The application's build options, for the parse ----===//

#include "BuildFlags.h"
#include <cctype>

namespace softatomic {
namespace layer {

std::vector<std::string> splitOptions(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false, Quoted = false;
  for (char C : Text) {
    if (C == '"') {
      Quoted = !Quoted;
      InWord = true;
    } else if (!Quoted && std::isspace(static_cast<unsigned char>(C))) {
      if (InWord)
        Words.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

BuildFlags parseBuildFlags(const char *Options) {
  BuildFlags Flags;
  std::vector<std::string> Words = splitOptions(Options ? Options : "");
  for (size_t I = 0; I < Words.size(); ++I) {
    const std::string &Word = Words[I];
    if (Word == "-D" || Word == "-I") {
      // The value is the next word (OpenCL allows the space).
      if (I + 1 < Words.size())
        Flags.CompilerArgs.push_back(Word + Words[++I]);
    } else if (Word.rfind("-D", 0) == 0 || Word.rfind("-I", 0) == 0) {
      Flags.CompilerArgs.push_back(Word);
    } else if (Word.rfind("-cl-std=", 0) == 0) {
      Flags.ClStd = Word.substr(8);
    }
  }
  return Flags;
}

} // namespace layer
} // namespace softatomic
