// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CallSites.cpp - What the rewrite knows of a translation unit -------===//

#include "model/CallSites.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

std::string CallSite::runtimeName() const {
  if (SiteKind == Kind::ContextCall)
    return Served->RuntimeName.str();
  assert(SiteKind == Kind::Atomic && Atomic == AtomicKind::Global &&
         "only global atomics and the context's builtins call the runtime");
  return runtimeAtomicName(Entry, Form);
}

StringRef KernelAnalysis::contextName(const FunctionDecl *Definition) const {
  auto It = Clones.find(Definition);
  return It != Clones.end() ? StringRef(It->second) : Definition->getName();
}

SourceLocation calleeNameLoc(const CallExpr *Call) {
  if (const auto *Ref =
          dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
    return Ref->getLocation();
  return SourceLocation();
}

std::string describeCall(const CallSite &Site) {
  StringRef Served =
      Site.SiteKind == CallSite::Kind::ContextCall && Site.Served->Fence
          ? "fence"
          : "geometry call";
  StringRef Kind = Site.SiteKind == CallSite::Kind::ContextCall ? Served
                   : Site.SiteKind == CallSite::Kind::UserCall  ? "call of"
                   : Site.isGlobalAtomic() ? "global atomic"
                                           : "atomic";
  return (Kind + " '" + Site.Callee->getName() + "'").str();
}

} // namespace softatomic
