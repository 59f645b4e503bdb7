// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BodyScan.h - The calls and returns of one function body --*- C++ -*-===//
//
// What a function of the user's calls, as CallSites (model/CallSites.h):
// OpenCL's atomics, classified by address space, type and form (which the
// runtime carries out, which it cannot, which stay native), its geometry
// builtins, and calls of the user's functions; and its returns.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_BODYSCAN_H
#define SOFTATOMIC_ANALYSIS_BODYSCAN_H

#include "clang/Basic/AddressSpaces.h"

namespace clang {
class Expr;
class SourceManager;
} // namespace clang

namespace softatomic {

struct CallSite;
struct FunctionInfo;

/// Fills \p Info's sites, returns and native atomic_flag calls from the
/// body of Info.Definition, in source order.
void scanBody(FunctionInfo &Info, const clang::SourceManager &SM);

/// The pointer argument as the user wrote it: the implicit conversions to
/// the builtin's parameter type (added volatile, to generic) stripped, but
/// not the array decay or lvalue load that made it a pointer.
const clang::Expr *stripParameterConversions(const clang::Expr *E);

/// Classifies the atomic \p Site as one acting on \p AS (its pointer's
/// own, or the one proved for a generic pointer).
void classifyAtomicIn(CallSite &Site, clang::LangAS AS);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_BODYSCAN_H
