// SA_MODE_AUTO's choice (runtime/host/src/AutoChoice.h), driven with device
// times made up for the purpose: which mode it learns, keeps, rechecks and
// learns again when the work changes under the same kernel and NDRange.
#include "AutoChoice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

using namespace softatomic;

namespace softatomic {
/// A failed expectation names the way in the runtime's words.
void PrintTo(Way W, std::ostream *OS) { *OS << wordsOf(W); }
} // namespace softatomic

namespace {

/// N launches, each taking Time(mode) ms; the modes they ran in, in order.
std::vector<Way> launch(AutoChoice &A, int N,
                        const std::function<double(Way)> &Time,
                        std::string *News = nullptr) {
  std::vector<Way> Modes;
  for (int I = 0; I < N; ++I) {
    Way M = A.next();
    A.launched(M);
    A.record(M, Time(M));
    Modes.push_back(M);
    if (News)
      *News += A.takeNews() + "\n";
  }
  return Modes;
}

std::function<double(Way)> times(double AsWritten, double Combining) {
  return [=](Way M) { return M == Way::AsWritten ? AsWritten : Combining; };
}

/// Whether News holds Text (the failure shows News).
::testing::AssertionResult says(const std::string &News, const char *Text) {
  if (News.find(Text) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no \"" << Text << "\" in:\n" << News;
}

int count(const std::vector<Way> &Modes, Way Mode) {
  return (int)std::count(Modes.begin(), Modes.end(), Mode);
}

// As written first, then combining; combining, twice as slow at its first
// launch (more than AutoChoice::Behind), is not timed again: the kernel as
// written is timed until it has its samples, and chosen.
TEST(AutoChoice, TimesBothThenKeepsTheFaster) {
  AutoChoice A;
  std::string News;
  std::vector<Way> First =
      launch(A, SA_AUTO_SAMPLES + 1, times(1.0, 2.0), &News);
  EXPECT_EQ(count(First, Way::AsWritten), SA_AUTO_SAMPLES);
  EXPECT_EQ(First[0], Way::AsWritten); // as written first
  EXPECT_EQ(First[1], Way::Combining);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  EXPECT_EQ(A.learningLaunches(), (unsigned)SA_AUTO_SAMPLES + 1);
  EXPECT_DOUBLE_EQ(A.learningMs(), SA_AUTO_SAMPLES * 1.0 + 2.0);
  std::vector<Way> Then = launch(A, 20, times(1.0, 2.0), &News);
  EXPECT_EQ(count(Then, Way::AsWritten), 19); // and the 16th: a recheck
  EXPECT_TRUE(says(News, "auto mode runs it as written (median 1.0000 ms as "
                         "written, 2.0000 ms combining, over the last 3 "
                         "launches of each)"));
}

TEST(AutoChoice, TheKernelAsWrittenWinsANearTie) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(1.0, 0.95));
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  AutoChoice B;
  launch(B, 2 * SA_AUTO_SAMPLES, times(1.0, 0.85));
  EXPECT_EQ(B.chosen(), Way::Combining);
}

// Launches whose times spread (PoCL on two shared cores: 1.0-2.0 ms for
// one kernel): a combining median 1.2 ms, 14% under the kernel as
// written's, is not chosen, since that kernel's own fastest launch (1.0
// ms) is faster; 0.85 ms is.
TEST(AutoChoice, AGainTheSpreadExplainsKeepsTheKernelAsWritten) {
  auto Spread = [](double Combining) {
    int Launch = 0;
    return [=](Way M) mutable {
      const double AsWritten[] = {1.0, 2.0, 1.4};
      return M == Way::AsWritten ? AsWritten[Launch++ % 3] : Combining;
    };
  };
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, Spread(1.2));
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  AutoChoice B;
  launch(B, 2 * SA_AUTO_SAMPLES, Spread(0.85));
  EXPECT_EQ(B.chosen(), Way::Combining);
}

TEST(AutoChoice, RechecksTheOtherModeNowAndThen) {
  AutoChoice A;
  std::vector<Way> Modes =
      launch(A, 2 * AutoChoice::RecheckEvery, times(2.0, 1.0));
  EXPECT_EQ(A.chosen(), Way::Combining);
  // Four to learn (as written once: twice as slow), then rechecks at the
  // 16th, 32nd and 64th launch since the choice (one in 64 after that);
  // each agrees with what was measured, so it changes nothing.
  EXPECT_EQ(count(Modes, Way::AsWritten), 1 + 3);
  EXPECT_EQ(Modes[SA_AUTO_SAMPLES + 1 + 14], Way::Combining);
  EXPECT_EQ(Modes[SA_AUTO_SAMPLES + 1 + 15], Way::AsWritten);
}

// The two modes took as long, so the choice is the kernel as written; then
// the kernel as written takes what it took, and the combining mode became
// far faster (the McKee sweep's padded row with results used, from one
// work-item per address to four). A check costs nothing while the other
// mode is as fast, so one comes within a few launches (CheckShare), not
// at the schedule's 16th.
TEST(AutoChoice, RechecksSoonAfterAChoice) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.28, 0.28));
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  std::vector<Way> Modes = launch(A, 8, times(0.28, 0.11));
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_EQ(Modes.back(), Way::Combining);
}

// Where the other ways are slower, checks cost what they add, and they
// come no more often than the schedule's (the 16th, 32nd and every 64th
// launch): here the cheap check's share would wait 64 launches.
TEST(AutoChoice, ChecksOfSlowerWaysKeepToTheSchedule) {
  AutoChoice A(/*WithWarpProgram=*/true);
  auto Time = [](Way M) {
    return M == Way::AsWritten ? 1.0 : M == Way::WarpProgram ? 1.5 : 1.6;
  };
  launch(A, 3 * SA_AUTO_SAMPLES, Time);
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  std::vector<Way> Modes = launch(A, 200, Time);
  // Checks at the 16th, 32nd, 64th, 128th and 192nd launch of the way
  // chosen, two launches each.
  EXPECT_EQ(count(Modes, Way::AsWritten), 190);
}

// Three ways as fast (the McKee sweep's padded row with results used, at
// one to four work-items per address), then the warp program's five times
// faster while the kernel as written stays (eight per address): within a
// few launches the warp program is timed again and chosen.
TEST(AutoChoice, AWayThatGetsFasterBesideATieIsFoundSoon) {
  AutoChoice A(/*WithWarpProgram=*/true);
  launch(A, 3 * SA_AUTO_SAMPLES, [](Way) { return 0.275; });
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  launch(A, 10, [](Way M) {
    return M == Way::WarpProgram ? 0.048 : M == Way::AsWritten ? 0.275 : 0.109;
  });
  EXPECT_EQ(A.chosen(), Way::WarpProgram);
}

// The chosen mode got faster (the McKee sweep's next contention, where the
// combining mode gains and native atomics stay): the choice stands, and
// no launch of the slower mode is spent timing it again.
TEST(AutoChoice, AFasterChosenModeKeepsTheChoice) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.21, 0.0716));
  ASSERT_EQ(A.chosen(), Way::Combining);
  std::string News;
  std::vector<Way> Modes = launch(A, 12, times(0.21, 0.0475), &News);
  EXPECT_EQ(count(Modes, Way::AsWritten), 0);
  EXPECT_TRUE(says(News, "its time combining moved from 0.0716 ms to 0.0475 "
                         "ms: keeps it, and checks as written again soon"));
}

TEST(AutoChoice, NoiseDoesNotUndoTheChoice) {
  AutoChoice A;
  launch(A, SA_AUTO_SAMPLES + 1, times(1.0, 2.0));
  // One launch in three far off, the others within the band.
  int I = 0;
  std::vector<Way> Modes = launch(A, 30, [&](Way M) {
    return M == Way::Combining ? 2.0 : ++I % 3 ? 1.2 : 3.0;
  });
  EXPECT_EQ(count(Modes, Way::Combining), 1); // the 16th: a recheck
  EXPECT_EQ(A.chosen(), Way::AsWritten);
}

// The same kernel at the same NDRange, its data changed: a histogram whose
// keys went from all one bin (combining far faster) to all different
// (native atomics far faster). The chosen mode's own times get slower; one
// launch of the other shows it ahead, and it is timed again: three
// launches, not the six of a first choice.
TEST(AutoChoice, TimesTheOtherAgainWhenTheChosenModesTimeMoves) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(6.0, 0.25));
  ASSERT_EQ(A.chosen(), Way::Combining);
  std::string News;
  std::vector<Way> Modes = launch(A, 12, times(0.045, 0.4), &News);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  EXPECT_TRUE(says(News, "its time combining moved from 0.2500 ms to 0.4000 "
                         "ms: keeps it, and checks as written at the next "
                         "launch"));
  EXPECT_TRUE(says(News, "its time as written is now 0.0450 ms (median 6.0000 "
                         "ms before): timing it again"));
  EXPECT_EQ(count(Modes, Way::Combining), SA_AUTO_SAMPLES);
  EXPECT_EQ(Modes.back(), Way::AsWritten);
}

// The chosen mode's own times get slower, but the other mode is still far
// behind (the McKee sweep's last cells in the warp program, at ten times
// their size: 0.073 ms to 0.100, against 0.26 combining): one launch of it
// shows that, and the choice stands, its times the new ones.
TEST(AutoChoice, ASlowerChosenModeStillAheadKeepsTheChoice) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.073, 0.26));
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  std::string News;
  std::vector<Way> Modes = launch(A, 12, times(0.100, 0.26), &News);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  EXPECT_EQ(count(Modes, Way::Combining), 1);
  EXPECT_EQ(Modes[SA_AUTO_SAMPLES], Way::Combining);
  EXPECT_EQ(News.find("timing"), std::string::npos) << News;
  // The new times are the choice's: no move, no launch of the other mode
  // but the schedule's recheck, the 16th since the move.
  Modes = launch(A, 12, times(0.100, 0.26));
  EXPECT_EQ(count(Modes, Way::Combining), 1);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
}

// The work changes in a step that moves both modes (the McKee sweep's next
// contention on the same kernel and NDRange). The combining mode, chosen,
// gets slower: its new medians hand the choice to the kernel as written,
// on that mode's old times. When those move too, the times just taken of
// the combining mode are of the new work already: the choice goes back to
// it at once, with no launch of it to check first.
TEST(AutoChoice, KeepsTheOtherModesRecentTimesWhenTheWorkMovesBoth) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.25, 0.2));
  ASSERT_EQ(A.chosen(), Way::Combining);
  std::string News;
  std::vector<Way> Modes = launch(A, 8, times(0.5, 0.3), &News);
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_TRUE(says(News, "auto mode runs it as written (median 0.2500 ms as "
                         "written, 0.3000 ms combining"));
  EXPECT_TRUE(says(News, "its time as written moved from 0.2500 ms to 0.5000 "
                         "ms; auto mode runs it combining"));
  EXPECT_EQ(count(Modes, Way::AsWritten), SA_AUTO_SAMPLES);
  EXPECT_EQ(News.find("checks"), std::string::npos) << News;
}

// The work changes in steps that move the chosen mode's time twice; each
// time one launch of the combining mode checks it, and the second finds
// it far faster and times it again.
TEST(AutoChoice, EachMoveOfTheChosenModeChecksTheOther) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.2, 0.37));
  launch(A, 11, times(0.395, 0.36));
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  std::string News;
  launch(A, 11, times(0.59, 0.129), &News);
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_TRUE(says(News,
                   "its time combining is now 0.1290 ms (median 0.3600 ms "
                   "before): timing it again"));
}

// The chosen mode's time does not move, but the other's does: the recheck
// sees it, and the other mode is timed again at once. A way 95 times as
// slow is checked only once the time of the chosen way since the last
// check pays for its launch (ScheduleShare): not in the first 256
// launches, by the 448th.
TEST(AutoChoice, ARecheckFarOffTimesTheOtherModeAgain) {
  AutoChoice A;
  launch(A, SA_AUTO_SAMPLES + 1, times(6.0, 0.063));
  ASSERT_EQ(A.chosen(), Way::Combining);
  std::string News;
  std::vector<Way> Modes =
      launch(A, 4 * AutoChoice::RecheckEvery, times(0.033, 0.063), &News);
  EXPECT_EQ(count(Modes, Way::AsWritten), 0);
  launch(A, 3 * AutoChoice::RecheckEvery + SA_AUTO_SAMPLES, times(0.033, 0.063),
         &News);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  EXPECT_TRUE(says(News, "its time as written is now 0.0330 ms (median 6.0000 "
                         "ms before): timing it again"));
}

// A recheck far faster than the other mode's old times but still far
// behind the chosen mode (its old times were of other data: the McKee
// sweep's next row) changes nothing either: no launch of the slower mode
// but the checks themselves.
TEST(AutoChoice, ARecheckStillFarBehindKeepsTheChoice) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.54, 0.1));
  ASSERT_EQ(A.chosen(), Way::Combining);
  std::string News;
  std::vector<Way> Modes =
      launch(A, AutoChoice::RecheckEvery, times(0.2, 0.1), &News);
  // The 32nd and 64th (at the 16th a launch as written would add more
  // than a quarter of the 16 combining launches' time).
  EXPECT_EQ(count(Modes, Way::AsWritten), 2);
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_EQ(News.find("timing"), std::string::npos) << News;
}

// A recheck far slower than before changes nothing: no launch more of the
// slower mode than the checks themselves.
TEST(AutoChoice, ARecheckFarSlowerKeepsTheChoice) {
  AutoChoice A;
  launch(A, 2 * SA_AUTO_SAMPLES, times(0.35, 0.063));
  std::string News;
  std::vector<Way> Modes =
      launch(A, AutoChoice::RecheckEvery, times(0.7, 0.063), &News);
  // The 32nd (the 16th's launch as written was not paid for yet), and not
  // the 64th: as written is slower still, and waits longer.
  EXPECT_EQ(count(Modes, Way::AsWritten), 1);
  EXPECT_EQ(News.find("timing"), std::string::npos) << News;
}

// The warp program's kernel, a third way (saEnqueueNDRangeKernelWithOriginals).
std::function<double(Way)> times(double AsWritten, double Warp,
                                 double Combining) {
  return [=](Way M) {
    return M == Way::AsWritten     ? AsWritten
           : M == Way::WarpProgram ? Warp
                                   : Combining;
  };
}

// Each way is timed as often; the fastest is chosen only where it beats
// every way before it in the order of preference (as written, the warp
// program's, combining) by the margin; the news names all three.
TEST(AutoChoice, TimesThreeWaysAndPrefersTheSimplerOnANearTie) {
  AutoChoice A(true);
  std::string News;
  std::vector<Way> First =
      launch(A, 3 * SA_AUTO_SAMPLES, times(1.0, 0.8, 0.75), &News);
  EXPECT_EQ(count(First, Way::AsWritten), SA_AUTO_SAMPLES);
  EXPECT_EQ(count(First, Way::WarpProgram), SA_AUTO_SAMPLES);
  EXPECT_EQ(count(First, Way::Combining), SA_AUTO_SAMPLES);
  EXPECT_EQ(A.chosen(), Way::WarpProgram); // combining: a near tie
  EXPECT_TRUE(says(News, "auto mode runs it as its warp program (median 1.0000 "
                         "ms as written, 0.8000 ms as its warp program, 0.7500 "
                         "ms combining, over the last 3 launches of each)"));
  EXPECT_EQ(AutoChoice(true).plan(),
            "auto mode times it as written, as its warp program and "
            "combining (up to 3 launches each, in turn; one, where it is far "
            "behind), then runs the fastest");
  EXPECT_EQ(AutoChoice().plan(),
            "auto mode times it as written and combining (up to 3 launches "
            "each, in turn; one, where it is far behind), then runs the "
            "fastest");
  AutoChoice B(true);
  launch(B, 3 * SA_AUTO_SAMPLES, times(1.0, 0.95, 1.2));
  EXPECT_EQ(B.chosen(), Way::AsWritten);
  AutoChoice C(true);
  launch(C, 3 * SA_AUTO_SAMPLES, times(1.0, 0.8, 0.7));
  EXPECT_EQ(C.chosen(), Way::Combining);
}

// Each check runs every other way once, one after another (in turn, a
// check found the faster way only at the 32nd launch).
TEST(AutoChoice, EachCheckRunsEveryOtherWay) {
  AutoChoice A(true);
  launch(A, SA_AUTO_SAMPLES + 2, times(0.5, 2.0, 1.0));
  ASSERT_EQ(A.chosen(), Way::AsWritten);
  std::vector<Way> Modes =
      launch(A, AutoChoice::RecheckEvery, times(0.5, 2.0, 1.0));
  EXPECT_EQ(count(Modes, Way::WarpProgram), 2); // the 16th and 32nd
  EXPECT_EQ(count(Modes, Way::Combining), 2);
  EXPECT_EQ(Modes[15], Way::WarpProgram);
  EXPECT_EQ(Modes[16], Way::Combining);
  EXPECT_EQ(Modes[32], Way::WarpProgram);
  EXPECT_EQ(Modes[33], Way::Combining);
}

// The work changes without moving the chosen way's time (the McKee
// sweep's next cell: the warp program stays at 0.27 ms, the combining mode
// drops from 0.5 to 0.1): the first check finds it, though it is the last
// of the other ways.
TEST(AutoChoice, TheFirstCheckFindsAWayThatGotFaster) {
  AutoChoice A(true);
  launch(A, 3 * SA_AUTO_SAMPLES, times(0.5, 0.27, 0.5));
  ASSERT_EQ(A.chosen(), Way::WarpProgram);
  launch(A, 16 + 2 + SA_AUTO_SAMPLES, times(0.5, 0.27, 0.1));
  EXPECT_EQ(A.chosen(), Way::Combining);
}

// The chosen way's times move slower: one launch of each other way, and
// the one now ahead is timed again and chosen.
TEST(AutoChoice, ASlowerChosenWayChecksEachOtherOnce) {
  AutoChoice A(true);
  launch(A, 3 * SA_AUTO_SAMPLES, times(1.0, 0.2, 2.0));
  ASSERT_EQ(A.chosen(), Way::WarpProgram);
  std::string News;
  std::vector<Way> Modes = launch(A, 12, times(0.3, 0.5, 2.0), &News);
  EXPECT_TRUE(says(News, "its time as its warp program moved from 0.2000 ms to "
                         "0.5000 ms: keeps it, and checks as written and "
                         "combining at the next launch"));
  EXPECT_EQ(count(Modes, Way::Combining), 1);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
}

// A kernel of a few microseconds whose launches stray by half their time
// (the McKee sweep's first cell in the warp program on the H100, 5.5 us to
// 9.4 us): no move, so no launch of the other ways but the schedule's
// rechecks. (Before the floor each such "move" ran every other way once,
// and the cell's median was 1.56x the warp program's.)
TEST(AutoChoice, ALaunchsJitterIsNotAMove) {
  AutoChoice A(true);
  launch(A, SA_AUTO_SAMPLES + 2, times(0.034, 0.0058, 0.025));
  ASSERT_EQ(A.chosen(), Way::WarpProgram);
  int Launch = 0;
  std::string News;
  std::vector<Way> Modes = launch(
      A, AutoChoice::RecheckEvery,
      [&](Way M) {
        if (M != Way::WarpProgram)
          return M == Way::AsWritten ? 0.034 : 0.025;
        return (Launch++ / 3) % 2 ? 0.0094 : 0.0055;
      },
      &News);
  // At most the checks of the 16th and 32nd: two launches each.
  EXPECT_GE(count(Modes, Way::WarpProgram), (int)AutoChoice::RecheckEvery - 4)
      << News;
  EXPECT_EQ(News.find("moved"), std::string::npos) << News;
}

// The ways with the coordinator and the rewritten kernel's own path, and
// each way's time.
std::function<double(Way)> ways(double AsWritten, double Combining,
                                double Coordinator,
                                double RewrittenDirect = 0) {
  return [=](Way M) {
    return M == Way::AsWritten         ? AsWritten
           : M == Way::RewrittenDirect ? RewrittenDirect
           : M == Way::Coordinator     ? Coordinator
                                       : Combining;
  };
}

double total(const std::vector<Way> &Modes,
             const std::function<double(Way)> &Time, size_t From = 0) {
  double Sum = 0;
  for (size_t I = From; I < Modes.size(); ++I)
    Sum += Time(Modes[I]);
  return Sum;
}

AutoWays withCoordinator() {
  AutoWays W;
  W.Coordinator = true;
  return W;
}

// A float add on one address (the H200, a recognised compare-exchange
// loop: 0.48 ms as written with the device's instruction, 0.31 ms
// combining, 0.135 ms through the coordinator): combining beats the
// kernel as written, so the coordinator is tried, and chosen. Over 20
// launches auto costs at most 1.25 times 20 launches of the best way and
// one as written, and launches 11-20 are the best way's.
TEST(AutoChoice, TheCoordinatorIsTriedWhereCombiningWins) {
  AutoChoice A(withCoordinator());
  auto Time = ways(0.48, 0.31, 0.135);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(A.chosen(), Way::Coordinator);
  EXPECT_EQ(Modes[0], Way::AsWritten);
  EXPECT_EQ(Modes[1], Way::Combining);
  EXPECT_EQ(Modes[2], Way::Coordinator);
  EXPECT_LE(total(Modes, Time), 1.25 * (20 * 0.135 + 0.48));
  EXPECT_LE(total(Modes, Time, 10), 1.10 * 10 * 0.135);
}

// 64-bit adds the device has an instruction for (the H200: 0.175 ms as
// written, 0.18 ms combining, 114 ms through the coordinator): combining
// gains nothing, so the coordinator, which can win only where combining
// does, is never launched.
TEST(AutoChoice, TheCoordinatorStaysOutWhereCombiningGainsNothing) {
  AutoChoice A(withCoordinator());
  auto Time = ways(0.175, 0.18, 114);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(count(Modes, Way::Coordinator), 0);
  EXPECT_EQ(A.chosen(), Way::AsWritten);
  EXPECT_LE(total(Modes, Time), 1.25 * 21 * 0.175);
}

// The coordinator far behind combining (64 bins: 0.485 ms against 0.034):
// one launch of it, none more.
TEST(AutoChoice, AWayFarBehindAfterOneLaunchIsNotTimedAgain) {
  AutoChoice A(withCoordinator());
  auto Time = ways(19.4, 0.034, 0.485);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(count(Modes, Way::Coordinator), 1);
  EXPECT_EQ(count(Modes, Way::AsWritten), 1);
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_LE(total(Modes, Time), 1.25 * (20 * 0.034 + 19.4));
}

// The application's own float-add loop (19.4 ms on 64 bins) beside the
// rewritten kernel's, which the device's instruction makes 0.037 ms: the
// kernel as written is tried last, once, and auto costs at most 1.25
// times 20 launches of the best way and that one.
TEST(AutoChoice, AKnownSlowKernelAsWrittenIsTriedLast) {
  AutoWays W;
  W.RewrittenDirect = true;
  W.AsWrittenLast = true;
  AutoChoice A(W);
  auto Time = ways(19.4, 0.05, 0, 0.037);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(Modes[0], Way::RewrittenDirect);
  EXPECT_EQ(count(Modes, Way::AsWritten), 1);
  EXPECT_EQ(A.chosen(), Way::RewrittenDirect);
  EXPECT_LE(total(Modes, Time), 1.25 * (20 * 0.037 + 19.4));
  EXPECT_EQ(A.plan(), "auto mode times it with the device's atomics, "
                      "combining and as written (up to 3 launches each, in "
                      "turn; one, where it is far behind), then runs the "
                      "fastest");
}

// The float add on 64 bins (the H200: 0.032 ms as written, 0.023 ms
// combining, 0.449 ms through the coordinator, at 1,024 groups): combining
// wins, but faster than the coordinator's floor for 1,024 groups (0.1 us
// each), so the coordinator is never launched, and 20 launches cost at
// most 1.25 times 20 of the best way and one as written. On one address
// (0.302 ms combining) the floor lets it be tried.
TEST(AutoChoice, AKernelUnderTheCoordinatorsFloorNeverTriesIt) {
  AutoWays W = withCoordinator();
  W.CoordinatorFloorMs = 1024 * 1e-4;
  AutoChoice A(W);
  auto Time = ways(0.032, 0.023, 0.449);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(count(Modes, Way::Coordinator), 0);
  EXPECT_EQ(A.chosen(), Way::Combining);
  EXPECT_LE(total(Modes, Time), 1.25 * (20 * 0.023 + 0.032));
  AutoChoice B(W);
  launch(B, 20, ways(0.475, 0.302, 0.123));
  EXPECT_EQ(B.chosen(), Way::Coordinator);
}

} // namespace

namespace {

// The privatized form is a way of its own, after the combining mode: where
// its copy makes it several times faster (a histogram), auto tries it,
// chooses it, and names it; where it is no faster than combining, the
// simpler combining mode keeps a near tie.
TEST(AutoChoice, ThePrivatizedFormIsChosenWhereItWins) {
  AutoWays W;
  W.Private = true;
  AutoChoice A(W);
  std::string News;
  auto Time = [](Way M) {
    return M == Way::AsWritten ? 10.0 : M == Way::Combining ? 2.0 : 0.5;
  };
  std::vector<Way> First = launch(A, 3 * SA_AUTO_SAMPLES, Time, &News);
  EXPECT_GE(count(First, Way::Private), 1);
  EXPECT_EQ(A.chosen(), Way::Private);
  EXPECT_TRUE(says(News, "privatized"));
  std::vector<Way> Then = launch(A, 10, Time);
  EXPECT_EQ(count(Then, Way::Private), 10);
}

// \p Time, with the privatized form's time \p Private.
std::function<double(Way)> withPrivate(const std::function<double(Way)> &Time,
                                       double Private) {
  return [=](Way M) { return M == Way::Private ? Private : Time(M); };
}

// A 65,536-bin histogram (the H200: 3.22 ms as written, 2.74 ms combining,
// 0.256 ms privatized, about 750 ms through the coordinator): the
// privatized form beats combining by far, so the coordinator, which would
// serve each group's atomics as requests, is never launched. (Before, the
// privatized form's gain over the kernel as written let the coordinator be
// tried once: 761 ms of learning.) 20 launches cost 1.27 times 20 of the
// best way and one as written: combining is timed (3 launches) before the
// privatized form is first tried.
TEST(AutoChoice, ThePrivatizedFormsWinKeepsTheCoordinatorOut) {
  AutoWays W = withCoordinator();
  W.Private = true;
  W.CoordinatorFloorMs = 1056 * 1e-4;
  AutoChoice A(W);
  auto Time = withPrivate(ways(3.22, 2.74, 750.0), 0.256);
  std::vector<Way> Modes = launch(A, 20, Time);
  EXPECT_EQ(count(Modes, Way::Coordinator), 0);
  EXPECT_EQ(A.chosen(), Way::Private);
  EXPECT_LE(total(Modes, Time), 1.3 * (20 * 0.256 + 3.22));
  // Where the privatized form gains little over combining (a float add on
  // one address), the coordinator is still tried, and wins.
  AutoChoice B(W);
  launch(B, 20, withPrivate(ways(0.48, 0.31, 0.135), 0.30));
  EXPECT_EQ(B.chosen(), Way::Coordinator);
}

TEST(AutoChoice, ANearTieKeepsCombiningOverThePrivatizedForm) {
  AutoWays W;
  W.Private = true;
  AutoChoice A(W);
  auto Time = [](Way M) {
    return M == Way::AsWritten ? 10.0 : M == Way::Combining ? 2.0 : 1.95;
  };
  launch(A, 3 * SA_AUTO_SAMPLES, Time);
  EXPECT_EQ(A.chosen(), Way::Combining);
}

} // namespace
