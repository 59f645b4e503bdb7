//===- RuntimeEntryPointsTest.cpp - The rewriter's names, the runtime's ---===//
//
// The rewriter names runtime entry points with runtimeAtomicName(), and the
// device runtime defines them in a part written from the same table
// (RuntimeCalls.def): every name the table gives must be defined once in
// the assembled runtime, and the runtime must define no atomic entry point
// that the table does not list.
//
//===----------------------------------------------------------------------===//

#include "edits/DeviceRuntime.h"
#include "model/AtomicBuiltins.h"
#include "gtest/gtest.h"
#include <regex>
#include <set>
#include <string>

using namespace softatomic;

namespace {

/// The names of the functions the assembled runtime defines that match
/// \p Name, a regular expression.
std::multiset<std::string> definedFunctions(const std::string &Name) {
  std::string Text = deviceRuntimeSource().str();
  std::regex Definition(R"(static inline \w+ ()" + Name + R"()\()");
  std::multiset<std::string> Names;
  for (auto It = std::sregex_iterator(Text.begin(), Text.end(), Definition);
       It != std::sregex_iterator(); ++It)
    Names.insert((*It)[1].str());
  return Names;
}

/// The atomic entry points the assembled runtime defines.
std::multiset<std::string> definedEntryPoints() {
  return definedFunctions(R"(__sa_(?:nr_|wgp_|wg_|rp_)?atomic_\w+)");
}

TEST(RuntimeEntryPoints, EveryNameTheTableGivesIsDefinedOnce) {
  std::multiset<std::string> Defined = definedEntryPoints();
  auto Entries = runtimeEntryPoints();
  ASSERT_FALSE(Entries.empty());
  for (const auto &[Entry, Form] : Entries) {
    std::string Name = runtimeAtomicName(Entry, Form);
    EXPECT_EQ(Defined.count(Name), 1u) << Name;
  }
}

TEST(RuntimeEntryPoints, TheRuntimeDefinesNoOtherAtomic) {
  std::set<std::string> Named;
  for (const auto &[Entry, Form] : runtimeEntryPoints())
    Named.insert(runtimeAtomicName(Entry, Form));
  std::multiset<std::string> Defined = definedEntryPoints();
  for (const std::string &Name : Defined)
    EXPECT_TRUE(Named.count(Name)) << Name << " is not in RuntimeCalls.def";
  EXPECT_EQ(Defined.size(), Named.size());
}

TEST(RuntimeEntryPoints, EveryEntryPointHasOneProfiledForm) {
  // Under SA_SITE_PROFILE, after the form each wraps.
  std::multiset<std::string> Defined =
      definedFunctions(R"(__sa_pf_(?:nr_|wgp_|wg_|rp_)?atomic_\w+)");
  auto Entries = runtimeEntryPoints();
  for (const auto &[Entry, Form] : Entries)
    EXPECT_EQ(Defined.count(profiledAtomicName(Entry, Form)), 1u)
        << profiledAtomicName(Entry, Form);
  EXPECT_EQ(Defined.size(), Entries.size());
}

TEST(RuntimeEntryPoints, NamesAsDocumented) {
  RuntimeAtomic Add;
  Add.Op = AtomicOp::Add;
  Add.Type = "uint";
  EXPECT_EQ(runtimeAtomicName(Add, CallForm::WorkGroup),
            "__sa_wg_atomic_add_uint");
  EXPECT_EQ(runtimeAtomicName(Add, CallForm::Deferred),
            "__sa_nr_atomic_add_uint");
  EXPECT_EQ(profiledAtomicName(Add, CallForm::WorkGroup),
            "__sa_pf_wg_atomic_add_uint");
  EXPECT_EQ(profiledAtomicName(Add, CallForm::PerItem),
            "__sa_pf_atomic_add_uint");
  RuntimeAtomic Cas;
  Cas.Op = AtomicOp::CompareExchange;
  Cas.Orders = RuntimeAtomic::OrderArgs::ExplicitScope;
  Cas.ExpectedSpace = "private";
  Cas.Type = "ulong";
  EXPECT_EQ(runtimeAtomicName(Cas, CallForm::PerItem),
            "__sa_atomic_compare_exchange_explicit_scope_private_ulong");
}

TEST(RuntimeEntryPoints, FormsTakeTheOperationsTheTableGivesThem) {
  auto Builtin = [](const char *Name) {
    const AtomicBuiltin *B = findAtomicBuiltin(Name);
    EXPECT_NE(B, nullptr) << Name;
    return *B;
  };
  // 1.x: deferred when their effects commute, combined in the group when
  // they add.
  EXPECT_TRUE(isDeferrable(Builtin("atomic_max"), false));
  EXPECT_FALSE(isDeferrable(Builtin("atomic_xchg"), false));
  EXPECT_FALSE(isDeferrable(Builtin("atomic_cmpxchg"), false));
  EXPECT_TRUE(hasWorkGroupForm(Builtin("atom_dec"), false));
  // Every 1.x operation on integers of both widths: the group's requests
  // are published together.
  EXPECT_TRUE(hasWorkGroupForm(Builtin("atomic_or"), false));
  EXPECT_TRUE(hasWorkGroupForm(Builtin("atomic_cmpxchg"), false, "ulong"));
  EXPECT_TRUE(hasWorkGroupForm(Builtin("atom_add"), false, "long"));
  EXPECT_FALSE(hasWorkGroupForm(Builtin("atomic_xchg"), false, "float"));
  // 2.0: the same operations, and only when relaxed.
  EXPECT_TRUE(isDeferrable(Builtin("atomic_fetch_or_explicit"), true));
  EXPECT_FALSE(isDeferrable(Builtin("atomic_fetch_or"), false));
  EXPECT_FALSE(isDeferrable(Builtin("atomic_exchange_explicit"), true));
  EXPECT_TRUE(hasWorkGroupForm(Builtin("atomic_fetch_sub_explicit"), true));
  EXPECT_FALSE(hasWorkGroupForm(Builtin("atomic_fetch_sub_explicit"), false));
  EXPECT_FALSE(hasWorkGroupForm(Builtin("atomic_fetch_max_explicit"), true));
  // Floats: add, sub, min and max deferred at 32 bits; add and sub (relaxed
  // where 2.0) combined in a group form at both widths, min and max never;
  // a float sum is what --float-reassociation decides.
  EXPECT_TRUE(
      isDeferrable(Builtin("atomic_fetch_add_explicit"), true, "float"));
  EXPECT_TRUE(
      isDeferrable(Builtin("atomic_fetch_min_explicit"), true, "float"));
  EXPECT_FALSE(
      isDeferrable(Builtin("atomic_fetch_add_explicit"), true, "double"));
  EXPECT_FALSE(
      isDeferrable(Builtin("atomic_exchange_explicit"), true, "float"));
  EXPECT_TRUE(
      hasWorkGroupForm(Builtin("atomic_fetch_add_explicit"), true, "float"));
  EXPECT_TRUE(
      hasWorkGroupForm(Builtin("atomic_fetch_sub_explicit"), true, "double"));
  EXPECT_FALSE(
      hasWorkGroupForm(Builtin("atomic_fetch_add_explicit"), false, "float"));
  EXPECT_FALSE(
      hasWorkGroupForm(Builtin("atomic_fetch_min_explicit"), true, "float"));
  EXPECT_TRUE(reassociatesFloats(Builtin("atomic_fetch_sub"), "double"));
  EXPECT_FALSE(reassociatesFloats(Builtin("atomic_fetch_max"), "float"));
  EXPECT_FALSE(reassociatesFloats(Builtin("atomic_fetch_add"), "int"));
}

} // namespace
