// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StmtParents.cpp - The statements of some bodies, and their parents -===//

#include "support/StmtParents.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace softatomic {

void StmtParents::addBody(const Stmt *Body) {
  if (!Body || Bodies.count(Body))
    return;
  size_t Begin = All.size();
  // An explicit stack: deeply nested expressions must not exhaust ours.
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  auto Visit = [&](const Stmt *Child, const Stmt *S) {
    auto [It, New] = Parent.try_emplace(Child, S);
    if (New)
      Work.push_back(Child);
    else
      It->second = nullptr; // a second path: no single context
  };
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    All.push_back(S);
    for (const Stmt *Child : S->children())
      if (Child)
        Visit(Child, S);
    if (const auto *Block = dyn_cast<BlockExpr>(S))
      if (const Stmt *BlockBody = Block->getBody())
        Visit(BlockBody, S);
  }
  Bodies[Body] = {Begin, All.size()};
}

llvm::ArrayRef<const Stmt *> StmtParents::statements(const Stmt *Body) const {
  auto It = Bodies.find(Body);
  if (It == Bodies.end())
    return {};
  return llvm::ArrayRef(All).slice(It->second.first,
                                   It->second.second - It->second.first);
}

} // namespace softatomic
