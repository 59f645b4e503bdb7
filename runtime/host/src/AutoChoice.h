// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What SA_MODE_AUTO knows of one kernel at one NDRange on one device: the
// device times of its last launches in each way it may run it (Way.h), as
// written, as its warp program's kernel where the caller gave one and
// combining, and which of them it runs. No OpenCL here: times in, ways out
// (AutoMode.cpp reads the events).
#ifndef SOFTATOMIC_HOST_AUTOCHOICE_H
#define SOFTATOMIC_HOST_AUTOCHOICE_H

#include "softatomic/Way.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace softatomic {

/// Which ways a kernel may run in, besides the kernel as written
/// (Way::AsWritten) and the combining mode (Way::Combining), and what the
/// rewrite knows of it that orders their trial.
struct AutoWays {
  /// The caller gave its warp program's kernel (Way::WarpProgram).
  bool WarpProgram = false;
  /// The caller gave the application's own kernel, and the rewritten one
  /// applies some atomics faster than it can (a compare-exchange loop that
  /// is a float add becomes the device's instruction): the rewritten
  /// kernel's path as written is a way too (Way::RewrittenDirect).
  bool RewrittenDirect = false;
  /// A launch may keep a private copy of a target in each worker
  /// (Privatize.h): the privatized form (Way::Private) is a way.
  bool Private = false;
  /// The kernel's work-items never wait on one another (the rewriter
  /// proved it, docs/REWRITE.md "Manifest"), nothing else can update its
  /// buffers meanwhile, and the device runs a coordinator well: the
  /// coordinator mode (Way::Coordinator) is a way.
  bool Coordinator = false;
  /// The least a launch through the coordinator can take at this
  /// geometry (AutoMode.cpp: so much per user group): a kernel whose
  /// fastest way is quicker never tries it.
  double CoordinatorFloorMs = 0;
  /// The kernel as written is likely the slowest way (a float-add
  /// compare-exchange loop on a device without a float add instruction):
  /// it is tried last, not first.
  bool AsWrittenLast = false;
};

class AutoChoice {
public:
  /// Times the kernel as written and the combining mode, and the warp
  /// program's kernel too where WithWarpProgram.
  explicit AutoChoice(bool WithWarpProgram = false)
      : AutoChoice(AutoWays{WithWarpProgram}) {}
  explicit AutoChoice(const AutoWays &Given);

  /// A way whose first launch takes more than Behind times another way's
  /// median is not timed further: its one launch says enough, and more
  /// would be launches of a slow way (the coordinator mode took 650 times
  /// as long as a kernel's own 64-bit adds on the H200). Checks (below)
  /// still run it where they cost little, so that a change in the data
  /// that makes it fast is seen.
  static constexpr double Behind = 1.5;
  /// Once chosen, one launch in so many runs each other way again (one
  /// launch each, one after another), so that a choice made on a cold
  /// cache or a busy device is checked, and data that made another way
  /// faster without moving this one's time is seen; and before that, at
  /// the 16th and 32nd launch after the choice (rechecks()). Each other
  /// way at every check, not one in turn: with three ways, a check in turn
  /// found the faster one only at the 32nd launch, and the McKee sweep's
  /// next cells ran most of their launches the old way.
  static constexpr unsigned long RecheckEvery = 64;
  static constexpr unsigned long FirstRecheck = 16;
  /// Whether the N-th launch since the choice runs the other mode. The
  /// early ones catch data that changed in a way the chosen mode's time
  /// does not show (the other mode got faster, this one stayed or got
  /// faster too): at one check in 64 a run of a few dozen launches never
  /// saw it (the McKee sweep's rows, a whole row in the slower mode). Not
  /// sooner than the 16th: a check is a launch of the slower mode, and a
  /// short run's few launches should be the chosen mode's.
  static bool rechecks(unsigned long N) {
    return N < RecheckEvery ? N >= FirstRecheck && (N & (N - 1)) == 0
                            : N % RecheckEvery == 0;
  }
  /// A scheduled check runs each other way whose launch adds to the chosen
  /// way's no more than 1/ScheduleShare of the chosen way's time since the
  /// last check: a way many times slower waits until its launch is paid
  /// for (one launch of the coordinator at 650 times the kernel as
  /// written, at the 16th launch, would have cost 40 times the 16).
  static constexpr double ScheduleShare = 4;
  /// Besides the schedule, a check whenever it costs little: once the
  /// chosen way's time since the last check is CheckShare times what a
  /// check would add to it (each other way's median over the chosen one's,
  /// summed), and at least MinCheckGap launches of the chosen way after the
  /// last. So checks take at most about 1/CheckShare of the time where the
  /// other ways are slower, and come every few launches where they are as
  /// fast: there a way that became faster while the chosen way's time stood
  /// still was found at the 16th launch (the McKee sweep's cell where 8
  /// work-items per address made the warp program 5.7x faster than the
  /// kernel as written, whose time did not move, ran all its 10 launches as
  /// written).
  static constexpr double CheckShare = 64;
  static constexpr unsigned MinCheckGap = 2;
  /// How far a mode's time may move before what was measured of it is
  /// taken to be out of date (the application's data changed, not the
  /// kernel: the same kernel at the same NDRange went from 1,024 work-items
  /// per address to one, and the faster mode with it).
  static constexpr double Drift = 1.3;
  /// ... and by more than this, in ms: less is a launch's own jitter, not
  /// a change in the work (on the H100 a kernel of 6 us took 5.5 us to
  /// 9.4 us from one launch to the next, and each "move" cost a launch of
  /// every other way).
  static constexpr double MinDriftMs = 0.01;
  /// How much faster a way must be to be chosen over one before it in
  /// the order of preference (the kernel as written, its warp program's,
  /// the combining mode): its median times Margin below the other's
  /// fastest launch, so that a gain the launches' own spread could explain
  /// is not taken (on PoCL's two shared cores launches of one kernel
  /// differ by 2x, and medians of three chose the combining mode where the
  /// kernel as written was as fast).
  static constexpr double Margin = 1.1;

  /// The way of the next launch (one of those given).
  Way next();
  /// A launch in W was enqueued; its time follows through record(), or
  /// forget() if it has none.
  void launched(Way W) { of(W).Pending++; }
  void record(Way Ran, double Ms);
  void forget(Way W) { of(W).Pending--; }

  /// What it will do first, in words (for SOFTATOMIC_VERBOSE): "times it
  /// as written and combining, ...".
  std::string plan() const;
  /// What changed since the last call, in words (for SOFTATOMIC_VERBOSE),
  /// or empty.
  std::string takeNews();

  /// What it chose (Way::Auto: nothing yet).
  Way chosen() const { return Chosen; }
  /// Launches recorded before the first choice, and their time: what
  /// learning cost (softatomic-run and sa-difftest report it apart).
  unsigned learningLaunches() const { return LearningLaunches; }
  double learningMs() const { return LearningMs; }

private:
  struct Timings {
    std::deque<double> Ms; ///< the last few completed launches, oldest first
    unsigned Pending = 0;  ///< launched, not yet recorded
    /// Launches recorded since the choice was last made.
    unsigned SinceChoice = 0;
    double median() const;
    double fastest() const;
  };
  Timings &of(Way W) { return Times[W]; }
  const Timings &of(Way W) const { return Times.at(W); }
  /// Whether Way's fastest launch is more than Behind times another way's
  /// median: it is not timed further (Behind).
  bool behind(Way W) const;
  /// Whether Way is timed at all yet: the coordinator only once a
  /// combining way has beaten the kernel as written (it serves every
  /// group's combined requests through one work-group, so it can win only
  /// where atomics collide, which is where combining wins), only while
  /// the fastest way takes longer than the coordinator's floor, and not
  /// once the privatized form has beaten combining by the margin (its
  /// copy keeps most atomics out of global memory, where the coordinator
  /// would serve each group's as requests: on the H200 a 65,536-bin
  /// histogram took 0.26 ms privatized and about 750 ms through the
  /// coordinator); every other way always.
  bool tried(Way W) const;
  /// The ways tried, other than the chosen one, in the order of
  /// preference; with Near, only those a scheduled check can pay for
  /// (ScheduleShare).
  std::vector<Way> others(bool Near = false) const;
  /// Their names, for the news: "combining", or "as its warp program and
  /// combining".
  std::string othersName() const;
  bool known() const;
  /// Chooses the faster where both modes have enough times and the choice
  /// has not been made on them, or they now say otherwise.
  void decide();
  /// Counts the launches since the choice, and each mode's times since
  /// it, from zero again: the checks begin anew (a choice made, or the
  /// chosen mode's times moved).
  void restartChecks();
  /// The chosen way Ran's times T moved far from what it was chosen on: keep
  /// it and check the others again, or choose anew.
  void chosenTimesMoved(Way Ran, Timings &T);
  /// Whether a check now costs little (CheckShare).
  bool cheapCheck() const;
  /// Starts a check: one launch of each of Ways, next.
  void check(std::vector<Way> Ways);

  /// The ways it times, in the order of preference (the tie-break), and
  /// in the order of their first trial.
  std::vector<Way> Ways, Trial;
  double CoordinatorFloorMs = 0;
  std::map<Way, Timings> Times;
  unsigned LearningLaunches = 0;
  double LearningMs = 0;
  unsigned long LaunchesSinceChoice = 0; ///< since the choice was made
  /// Launches of the chosen way since the last check, and their time.
  unsigned ChosenSinceCheck = 0;
  double ChosenMsSinceCheck = 0;
  Way Chosen = Way::Auto;
  /// Chosen stands on the times now held (false while timing anew).
  bool Decided = false;
  double ChosenMs = 0; ///< the chosen mode's median when it was chosen
  /// The choice moved away from the way it had because that way's own
  /// times moved: that way's times are of the work as it is now (else
  /// Way::Auto).
  Way FreshWay = Way::Auto;
  /// Ways the next launches run once each, a recheck each (the schedule's,
  /// or the chosen way's times moved slower).
  std::vector<Way> Probes;
  std::string News;
};

} // namespace softatomic

#endif
