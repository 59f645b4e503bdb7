// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroSpelledForms.h - One form per atomic spelled in a macro -*- C++
//-*-===//
//
// A macro's definition holds one name for each atomic spelled in it, so all
// the calls that expand from that spelling must take the same runtime form
// (docs/REWRITE.md, "Macros").
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_MACROSPELLEDFORMS_H
#define SOFTATOMIC_ANALYSIS_MACROSPELLEDFORMS_H

namespace clang {
class SourceManager;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Gives the per-item form (CallForm::PerItem) to every global atomic whose
/// name is spelled at one place of a macro body when those calls chose
/// different forms (deferred, work-group, predicated work-group, per item)
/// of the same runtime atomic: the definition can hold only one name, and
/// the per-item form is right wherever the others are.
void unifyMacroSpelledForms(KernelAnalysis &Result,
                            const clang::SourceManager &SM);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_MACROSPELLEDFORMS_H
