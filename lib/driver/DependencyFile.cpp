// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DependencyFile.cpp - The files a rewrite read, as a depfile --------===//

#include "driver/DependencyFile.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include <optional>

using namespace clang;
using namespace llvm;

namespace softatomic {

namespace {

/// Records the dependencies of one parse; the collector sees each file
/// once, as the preprocessor named it.
class DependencyAction : public WrapperFrontendAction {
public:
  DependencyAction(std::unique_ptr<FrontendAction> Inner,
                   std::vector<std::string> &Files)
      : WrapperFrontendAction(std::move(Inner)), Files(Files) {}

  // Not EndSourceFileAction: the wrapper ends the wrapped action's file
  // instead of calling its own. The parse is over here either way.
  void EndSourceFile() override {
    if (Collector)
      addDependencies();
    WrapperFrontendAction::EndSourceFile();
  }

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (!WrapperFrontendAction::BeginSourceFileAction(CI))
      return false;
    Collector = std::make_shared<DependencyCollector>();
    Collector->attachToPreprocessor(CI.getPreprocessor());
    return true;
  }

private:
  void addDependencies() {
    // Names are relative to the parse's working directory, which is not
    // the build system's: make them absolute through the parse's own
    // file system.
    FileManager &FM = getCompilerInstance().getFileManager();
    for (const std::string &Name : Collector->getDependencies()) {
      SmallString<256> Path(Name);
      FM.makeAbsolutePath(Path);
      sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      // A file parsed under several compile commands is named once.
      if (!llvm::is_contained(Files, Path))
        Files.push_back(std::string(Path));
    }
  }

  std::vector<std::string> &Files;
  std::shared_ptr<DependencyCollector> Collector;
};

class DependencyActionFactory : public tooling::FrontendActionFactory {
public:
  DependencyActionFactory(std::unique_ptr<FrontendActionFactory> Inner,
                          std::vector<std::string> &Files)
      : Inner(std::move(Inner)), Files(Files) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<DependencyAction>(Inner->create(), Files);
  }

private:
  std::unique_ptr<FrontendActionFactory> Inner;
  std::vector<std::string> &Files;
};

/// \p Name with its line breaks written as \\n and \\r, for a message.
std::string escapeLineBreaks(StringRef Name) {
  std::string Out;
  for (char C : Name)
    Out += C == '\n' ? "\\n" : C == '\r' ? "\\r" : std::string(1, C);
  return Out;
}

/// \p Path escaped for a Makefile rule (the escapes Clang's own
/// DependencyFileGenerator writes).
std::string escapeForMake(StringRef Path) {
  std::string Out;
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == ' ') {
      // Backslashes before a space are doubled, then the space escaped.
      for (size_t B = I; B > 0 && Path[B - 1] == '\\'; --B)
        Out += '\\';
      Out += "\\ ";
    } else if (C == '#') {
      Out += "\\#";
    } else if (C == '$') {
      Out += "$$";
    } else {
      Out += C;
    }
  }
  return Out;
}

/// The first of \p Names with a line break, which no Makefile rule can
/// name (make has no escape for it: the rule would end there), if any.
std::optional<StringRef> unnameable(StringRef Target,
                                    ArrayRef<std::string> Names) {
  if (Target.find_first_of("\r\n") != StringRef::npos)
    return Target;
  for (const std::string &Name : Names)
    if (StringRef(Name).find_first_of("\r\n") != StringRef::npos)
      return StringRef(Name);
  return std::nullopt;
}

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
collectDependencies(std::unique_ptr<tooling::FrontendActionFactory> Inner,
                    std::vector<std::string> &Files) {
  return std::make_unique<DependencyActionFactory>(std::move(Inner), Files);
}

Expected<std::string> makeDepfile(StringRef Target,
                                  ArrayRef<std::string> Files) {
  if (std::optional<StringRef> Name = unnameable(Target, Files))
    return createStringError(
        std::errc::invalid_argument,
        "'%s' has a line break in its name, which a Makefile rule cannot name",
        escapeLineBreaks(*Name).c_str());
  std::string Text = escapeForMake(Target) + ":";
  for (const std::string &File : Files)
    Text += " \\\n  " + escapeForMake(File);
  return Text + "\n";
}

} // namespace softatomic
