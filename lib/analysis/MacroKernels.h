// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroKernels.h - Kernels that a macro writes -------------*- C++ -*-===//
//
// A rewritten kernel whose parameter list or braces are spelled in a
// macro's definition (silentarmy's KERNEL_ROUND(N)) gets its own edits
// there, once for every function that definition writes (docs/REWRITE.md,
// "Macros"). That is right only when each of those functions is a
// rewritten kernel. The check runs with the analysis, before any edit, so
// that --keep-native-on-error can keep such a kernel native.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_MACROKERNELS_H
#define SOFTATOMIC_ANALYSIS_MACROKERNELS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include <array>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// The tokens of \p F's definition that a rewritten kernel's edits change:
/// its parameter list's `)`, its `{` and its `}` (invalid where \p F is no
/// definition). The check below and the macro-body edits
/// (edits/MacroBodies.cpp) look at the same three.
std::array<clang::SourceLocation, 3>
kernelEditTokens(const clang::FunctionDecl *F);

/// Returns false after reporting why rewritten kernel \p K, written in part
/// by a macro, cannot get its edits in the macro's definition: the
/// definition is in a system header, its parameter list is empty (`(void)`
/// has nothing to append after), or another function that it writes is
/// not among \p Analysis' rewritten kernels.
bool checkMacroWrittenKernel(clang::ASTContext &Ctx,
                             const clang::FunctionDecl *K,
                             const KernelAnalysis &Analysis);

/// The rewritten kernels of \p Analysis whose parameter list or braces are
/// spelled where another rewritten kernel's are: one macro definition
/// writes them, and its edits must serve them all.
llvm::DenseSet<const clang::FunctionDecl *>
sharedDefinitionKernels(const clang::SourceManager &SM,
                        const KernelAnalysis &Analysis);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_MACROKERNELS_H
