// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ClangCompat.h - Differences between Clang releases -------*- C++ -*-===//
//
// softatomic builds against Clang 16 to 19 (CMakeLists.txt enforces the
// range; CI builds 16 and 19, the releases Debian 12 has). Every use of an
// API that changed (or is known to be changing) between those releases goes
// through this header, so a new release means one file to touch. Where an
// API changed in 17 or 18, which are not built here, the boundary is the
// release that LLVM's history gives.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_SUPPORT_CLANGCOMPAT_H
#define SOFTATOMIC_SUPPORT_CLANGCOMPAT_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/ThreadPool.h"
#include <cstddef>

static_assert(CLANG_VERSION_MAJOR >= 16 && CLANG_VERSION_MAJOR <= 19,
              "softatomic supports Clang 16 to 19 (CMakeLists.txt)");

namespace softatomic {
namespace compat {

/// A custom diagnostic ID for a literal format string. Newer Clang releases
/// move custom diagnostics towards DiagnosticIDs::CustomDiagDesc; the
/// literal-string entry point is kept here, in one place.
template <std::size_t N>
unsigned customDiagID(clang::DiagnosticsEngine &Diags,
                      clang::DiagnosticsEngine::Level Level,
                      const char (&Format)[N]) {
  return Diags.getCustomDiagID(Level, Format);
}

/// Diagnostics printed as Clang 16 prints them, in every release: from
/// Clang 17 on, a source snippet also shows its line number (` 3 | code`)
/// unless told not to.
inline void clang16Snippets(clang::DiagnosticOptions &Options) {
#if CLANG_VERSION_MAJOR >= 17
  Options.ShowLineNumbers = false;
#else
  (void)Options;
#endif
}

/// PPCallbacks with one signature for the #include callback in every
/// release: Clang 19 added InclusionDirective's ModuleImported parameter.
/// Derived classes override inclusion() instead.
class InclusionCallbacks : public clang::PPCallbacks {
public:
  /// An #include, #import or #include_next directive: its '#', the file
  /// name as written, and the file it found (none when it found nothing).
  virtual void inclusion(clang::SourceLocation HashLoc,
                         clang::CharSourceRange FilenameRange,
                         clang::OptionalFileEntryRef File) = 0;

  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &,
                          llvm::StringRef, bool,
                          clang::CharSourceRange FilenameRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *,
#if CLANG_VERSION_MAJOR >= 19
                          bool,
#endif
                          clang::SrcMgr::CharacteristicKind) final {
    inclusion(HashLoc, FilenameRange, File);
  }
};

/// What the header search knows of \p File (`#pragma once`), or null.
/// Clang 16 looks it up by `const FileEntry *`, 19 by FileEntryRef, which
/// converts to the former: passing a FileEntryRef serves both.
inline const clang::HeaderFileInfo *
existingFileInfo(const clang::HeaderSearch &Headers, clang::FileEntryRef File) {
  return Headers.getExistingFileInfo(File);
}

/// The bytes of the character at \p Ptr, line continuations before it
/// included. Lexer::getCharAndSizeNoWarn returns them through an argument
/// until Clang 17 and in a SizedChar from 18 on.
inline unsigned charSizeWithContinuations(const char *Ptr,
                                          const clang::LangOptions &LO) {
#if CLANG_VERSION_MAJOR >= 18
  return clang::Lexer::getCharAndSizeNoWarn(Ptr, LO).Size;
#else
  unsigned Size = 0;
  (void)clang::Lexer::getCharAndSizeNoWarn(Ptr, Size, LO);
  return Size;
#endif
}

/// Leaves \p Tool's working directory where its last compile command put
/// it. Clang 16 restores it after each run unless told not to (and prints
/// to stderr when it cannot read it); Clang 19 has no such setter and
/// restores nothing.
inline void keepWorkingDirectory(clang::tooling::ClangTool &Tool) {
#if CLANG_VERSION_MAJOR < 18
  Tool.setRestoreWorkingDir(false);
#else
  (void)Tool;
#endif
}

/// The thread pool of the standard library's threads: llvm::ThreadPool
/// until LLVM 18, llvm::DefaultThreadPool from 19 on.
#if LLVM_VERSION_MAJOR >= 19
using ThreadPool = llvm::DefaultThreadPool;
#else
using ThreadPool = llvm::ThreadPool;
#endif

} // namespace compat
} // namespace softatomic

#endif // SOFTATOMIC_SUPPORT_CLANGCOMPAT_H
