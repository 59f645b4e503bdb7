// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The table of the ways a launch can run (runtime/host/internal/softatomic/
// Way.h): each API mode is one way and back, each name SOFTATOMIC_MODE and
// the tools' --mode accept names its way, and no two ways share a name.
#include "softatomic/Way.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace softatomic;

namespace {

constexpr cl_uint ApiModes[] = {SA_MODE_COORDINATOR, SA_MODE_COMBINE,
                                SA_MODE_DIRECT,      SA_MODE_AUTO,
                                SA_MODE_PROFILE,     SA_MODE_PRIVATE};

TEST(WayTable, EveryApiModeIsOneWayAndBack) {
  for (cl_uint Mode : ApiModes) {
    std::optional<Way> W = wayOfMode(Mode);
    ASSERT_TRUE(W) << "SA_MODE " << Mode;
    EXPECT_EQ(apiModeOf(*W), Mode);
    EXPECT_EQ(namesOf(*W).Mode, Mode);
  }
  EXPECT_FALSE(wayOfMode(SA_MODE_PRIVATE + 1));
  EXPECT_FALSE(wayOfMode(NoApiMode));
}

TEST(WayTable, WaysBesideTheApiRunAsTheKernelAsWritten) {
  for (Way W : {Way::WarpProgram, Way::RewrittenDirect}) {
    EXPECT_EQ(namesOf(W).Mode, NoApiMode);
    EXPECT_EQ(namesOf(W).Option, nullptr); // not a mode one can ask for
    EXPECT_EQ(apiModeOf(W), (cl_uint)SA_MODE_DIRECT);
  }
}

// Exactly the names accepted before the table, in the order a malformed
// SOFTATOMIC_MODE's message lists them.
TEST(WayTable, EveryAcceptedNameParsesToItsWay) {
  const std::pair<const char *, Way> Accepted[] = {
      {"coordinator", Way::Coordinator}, {"combine", Way::Combining},
      {"direct", Way::AsWritten},        {"auto", Way::Auto},
      {"profile", Way::Profile},         {"private", Way::Private}};
  std::vector<const char *> Names = modeNames();
  ASSERT_EQ(Names.size(), std::size(Accepted));
  for (size_t I = 0; I < Names.size(); ++I) {
    EXPECT_STREQ(Names[I], Accepted[I].first);
    EXPECT_EQ(modeWays()[I], Accepted[I].second);
    EXPECT_EQ(wayNamed(Accepted[I].first), Accepted[I].second);
  }
  for (const char *Other : {"", "combined", "combining", "Combine", "native",
                            "warp program", "as written"})
    EXPECT_FALSE(wayNamed(Other)) << Other;
}

TEST(WayTable, NamesAreUnique) {
  std::set<std::string> Options, Words;
  for (const WayNames &Row : WayTable) {
    if (Row.Option)
      EXPECT_TRUE(Options.insert(Row.Option).second) << Row.Option;
    ASSERT_NE(Row.Words, nullptr);
    EXPECT_TRUE(Words.insert(Row.Words).second) << Row.Words;
  }
}

// The automatic mode's messages say these (tests of its news read them).
TEST(WayTable, MessagesKeepTheirWords) {
  EXPECT_STREQ(wordsOf(Way::AsWritten), "as written");
  EXPECT_STREQ(wordsOf(Way::RewrittenDirect), "with the device's atomics");
  EXPECT_STREQ(wordsOf(Way::WarpProgram), "as its warp program");
  EXPECT_STREQ(wordsOf(Way::Coordinator), "through the coordinator");
  EXPECT_STREQ(wordsOf(Way::Private), "privatized");
  EXPECT_STREQ(wordsOf(Way::Combining), "combining");
}

} // namespace
