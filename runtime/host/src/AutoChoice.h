// What SA_MODE_AUTO knows of one kernel at one NDRange on one device: the
// device times of its last launches as written (SA_MODE_DIRECT) and in the
// combining mode (SA_MODE_COMBINE), and which of the two it runs. No
// OpenCL here: times in, modes out (AutoMode.cpp reads the events).
#ifndef SOFTATOMIC_HOST_AUTOCHOICE_H
#define SOFTATOMIC_HOST_AUTOCHOICE_H

#include "softatomic/softatomic.h"

#include <deque>
#include <string>

namespace softatomic {

class AutoChoice {
public:
  /// Once chosen, one launch in so many runs the other mode again, so that
  /// a choice made on a cold cache or a busy device is checked; and before
  /// that, at the 16th and 32nd launch after the choice (rechecks()).
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
  /// How far a mode's time may move before what was measured of it is
  /// taken to be out of date (the application's data changed, not the
  /// kernel: the same kernel at the same NDRange went from 1,024 work-items
  /// per address to one, and the faster mode with it).
  static constexpr double Drift = 1.3;
  /// How much faster the combining mode must be to be chosen over the
  /// kernel as written.
  static constexpr double Margin = 1.1;

  /// The mode of the next launch (SA_MODE_DIRECT or SA_MODE_COMBINE).
  cl_uint next();
  /// A launch in Mode was enqueued; its time follows through record(), or
  /// forget() if it has none.
  void launched(cl_uint Mode) { of(Mode).Pending++; }
  void record(cl_uint Mode, double Ms);
  void forget(cl_uint Mode) { of(Mode).Pending--; }

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
  };
  Timings &of(cl_uint Mode) {
    return Mode == SA_MODE_DIRECT ? Direct : Combine;
  }
  bool known() const;
  /// Chooses the faster where both modes have enough times and the choice
  /// has not been made on them, or they now say otherwise.
  void decide();
  /// Counts the launches since the choice, and each mode's times since
  /// it, from zero again: the checks begin anew (a choice made, or the
  /// chosen mode's times moved).
  void restartChecks();

  Timings Direct, Combine;
  unsigned long LaunchesSinceChoice = 0; ///< since the choice was made
  cl_uint Chosen = SA_MODE_AUTO;
  /// Chosen stands on the times now held (false while timing anew).
  bool Decided = false;
  double ChosenMs = 0; ///< the chosen mode's median when it was chosen
  /// The choice moved away from the mode it had because that mode's own
  /// times moved: the other mode's times are of the work as it is now.
  bool OtherIsFresh = false;
  /// The chosen mode's times moved slower: the next launch runs the other
  /// mode once, a recheck.
  bool ProbeOther = false;
  std::string News;
};

const char *autoModeName(cl_uint Mode);

} // namespace softatomic

#endif
