// What SA_MODE_AUTO knows of one kernel at one NDRange on one device: the
// device times of its last launches in each way it may run it, as written
// (SA_MODE_DIRECT), as its warp program's kernel where the caller gave one
// (AutoChoice::WarpProgram) and in the combining mode (SA_MODE_COMBINE),
// and which of them it runs. No OpenCL here: times in, ways out
// (AutoMode.cpp reads the events).
#ifndef SOFTATOMIC_HOST_AUTOCHOICE_H
#define SOFTATOMIC_HOST_AUTOCHOICE_H

#include "softatomic/softatomic.h"

#include <deque>
#include <string>
#include <vector>

namespace softatomic {

class AutoChoice {
public:
  /// The third way, beside SA_MODE_DIRECT and SA_MODE_COMBINE: the kernel
  /// as written, as the rewritten file's warp program has it
  /// (docs/REWRITE.md), which a launch runs as SA_MODE_DIRECT does the
  /// application's kernel. Not a mode of the API.
  static constexpr cl_uint WarpProgram = 0x100;

  /// Times the kernel as written and the combining mode, and the warp
  /// program's kernel too where WithWarpProgram.
  explicit AutoChoice(bool WithWarpProgram = false);

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

  /// The way of the next launch (SA_MODE_DIRECT, WarpProgram or
  /// SA_MODE_COMBINE).
  cl_uint next();
  /// A launch in Mode was enqueued; its time follows through record(), or
  /// forget() if it has none.
  void launched(cl_uint Mode) { of(Mode).Pending++; }
  void record(cl_uint Mode, double Ms);
  void forget(cl_uint Mode) { of(Mode).Pending--; }

  /// What it will do first, in words (for SOFTATOMIC_VERBOSE): "times it
  /// as written and combining, ...".
  std::string plan() const;
  /// What it chose (SA_MODE_AUTO: nothing yet).
  cl_uint chosen() const { return Chosen; }
  /// What changed since the last call, in words (for SOFTATOMIC_VERBOSE),
  /// or empty.
  std::string takeNews();

private:
  struct Timings {
    std::deque<double> Ms; ///< the last few completed launches, oldest first
    unsigned Pending = 0;  ///< launched, not yet recorded
    /// Launches recorded since the choice was last made.
    unsigned SinceChoice = 0;
    double median() const;
    double fastest() const;
  };
  Timings &of(cl_uint Mode) {
    return Mode == SA_MODE_DIRECT ? Direct
           : Mode == WarpProgram  ? Warp
                                  : Combine;
  }
  const Timings &of(cl_uint Mode) const {
    return const_cast<AutoChoice *>(this)->of(Mode);
  }
  /// The ways other than the chosen one, in the order of preference.
  std::vector<cl_uint> others() const;
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
  /// Whether a check now costs little (CheckShare).
  bool cheapCheck() const;
  /// Starts a check: one launch of every other way, next.
  void check();

  /// The ways it times, in the order of preference.
  std::vector<cl_uint> Ways;
  Timings Direct, Warp, Combine;
  unsigned long LaunchesSinceChoice = 0; ///< since the choice was made
  /// Launches of the chosen way since the last check, and their time.
  unsigned ChosenSinceCheck = 0;
  double ChosenMsSinceCheck = 0;
  cl_uint Chosen = SA_MODE_AUTO;
  /// Chosen stands on the times now held (false while timing anew).
  bool Decided = false;
  double ChosenMs = 0; ///< the chosen mode's median when it was chosen
  /// The choice moved away from the way it had because that way's own
  /// times moved: that way's times are of the work as it is now (else
  /// SA_MODE_AUTO).
  cl_uint FreshWay = SA_MODE_AUTO;
  /// Ways the next launches run once each, a recheck each (the schedule's,
  /// or the chosen way's times moved slower).
  std::vector<cl_uint> Probes;
  std::string News;
};

const char *autoModeName(cl_uint Mode);

} // namespace softatomic

#endif
