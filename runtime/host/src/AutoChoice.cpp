// SA_MODE_AUTO's choice for one kernel at one NDRange (AutoChoice.h).
#include "AutoChoice.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace softatomic {
namespace {

/// Launches of each mode timed before a choice (the last so many count).
constexpr size_t Samples = SA_AUTO_SAMPLES;

cl_uint other(cl_uint Mode) {
  return Mode == SA_MODE_DIRECT ? SA_MODE_COMBINE : SA_MODE_DIRECT;
}

/// Whether X is more than Drift away from Ref, either way.
bool outside(double X, double Ref) {
  return X > Ref * AutoChoice::Drift || X * AutoChoice::Drift < Ref;
}

std::string format(const char *Format, double A, double B) {
  char Text[256];
  std::snprintf(Text, sizeof Text, Format, A, B);
  return Text;
}

} // namespace

const char *autoModeName(cl_uint Mode) {
  return Mode == SA_MODE_DIRECT ? "as written" : "combining";
}

double AutoChoice::Timings::median() const {
  std::vector<double> V(Ms.begin(), Ms.end());
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

bool AutoChoice::known() const {
  return Direct.Ms.size() >= Samples && Combine.Ms.size() >= Samples;
}

void AutoChoice::decide() {
  if (!known())
    return;
  // The kernel as written wins a near tie: it is what the user wrote, and
  // between times of a few microseconds the faster of two close medians
  // is often the other one at the next launch.
  cl_uint Faster = Combine.median() * Margin < Direct.median() ? SA_MODE_COMBINE
                                                               : SA_MODE_DIRECT;
  if (Faster == Chosen && Decided)
    return;
  News = std::string("auto mode runs it ") + autoModeName(Faster) +
         format(" (median %.4f ms as written, %.4f ms combining, ",
                Direct.median(), Combine.median()) +
         "over the last " + std::to_string(Samples) + " launches of each)";
  Chosen = Faster;
  ChosenMs = of(Faster).median();
  Decided = true;
  restartChecks();
}

void AutoChoice::restartChecks() {
  Direct.SinceChoice = Combine.SinceChoice = 0;
  LaunchesSinceChoice = 0;
}

cl_uint AutoChoice::next() {
  if (known() && ProbeOther) {
    ProbeOther = false;
    return other(Chosen);
  }
  if (known())
    return rechecks(++LaunchesSinceChoice) ? other(Chosen) : Chosen;
  // Still timing: the mode with fewer launches so far, as written first.
  size_t AsWritten = Direct.Ms.size() + Direct.Pending;
  size_t Combining = Combine.Ms.size() + Combine.Pending;
  return Combining < AsWritten ? SA_MODE_COMBINE : SA_MODE_DIRECT;
}

void AutoChoice::record(cl_uint Mode, double Ms) {
  Timings &T = of(Mode);
  if (T.Pending)
    --T.Pending;
  double Before = T.Ms.empty() ? 0 : T.median();
  // A recheck, not one of the launches that time a mode anew.
  bool Recheck = T.Ms.size() >= Samples;
  T.Ms.push_back(Ms);
  if (T.Ms.size() > Samples)
    T.Ms.pop_front();
  if (!Decided) {
    decide();
    return;
  }
  ++T.SinceChoice;
  if (Mode == Chosen) {
    // Every launch since the choice, as many as a choice needs, far from
    // what the choice was made on: the work changed, and what was measured
    // of the other mode is out of date too, unless the choice left that
    // mode a moment ago because its own times had moved (a step in the
    // work that moves both: then its times are of the new work, and choose
    // on them). These launches are the chosen mode's new times; otherwise
    // the next ones time the other.
    if (T.SinceChoice >= Samples &&
        std::all_of(T.Ms.begin(), T.Ms.end(),
                    [&](double X) { return outside(X, ChosenMs); })) {
      std::string Moved =
          std::string("its time ") + autoModeName(Mode) +
          format(" moved from %.4f ms to %.4f ms", ChosenMs, T.median());
      // Faster: the choice only stands more firmly, unless the other mode
      // got faster still, which the rechecks, begun again, will show;
      // timing the other mode now would be launches of the slower mode.
      if (T.median() < ChosenMs) {
        News = Moved + ": keeps it, and checks " + autoModeName(other(Mode)) +
               " again soon";
        ChosenMs = T.median();
        restartChecks();
        return;
      }
      // Slower: one launch of the other mode says whether it is now ahead
      // (a recheck, below), rather than three that would time it anew
      // where it is still far behind (the McKee sweep's last cells, whose
      // medians were those three launches).
      if (!OtherIsFresh) {
        News = Moved + ": keeps it, and checks " + autoModeName(other(Mode)) +
               " at the next launch";
        ChosenMs = T.median();
        restartChecks();
        ProbeOther = true;
        return;
      }
      Decided = OtherIsFresh = false;
      decide();
      News = Moved + "; " + News;
      return;
    }
  } else if (Recheck &&
             ((Ms * Drift < Before && Ms < of(Chosen).median() * Drift) ||
              Ms * Margin < of(Chosen).median())) {
    // A recheck of the other mode far faster than before, and near enough
    // the chosen mode's time to win, or simply faster than the chosen mode
    // by the margin: time it again (the next launches run it until it has
    // as many times as a choice needs), and choose anew.
    // (Far slower changes nothing: the choice only stands more firmly.
    // Nor does faster than before but still far behind: its old times
    // were of other data, and timing it again would only be launches of
    // the slower mode.)
    News = std::string("its time ") + autoModeName(Mode) +
           format(" is now %.4f ms (median %.4f ms before): timing it again",
                  Ms, Before);
    T.Ms.assign(1, Ms);
    return;
  }
  cl_uint Left = Chosen;
  decide();
  // The chosen mode's own times moved it away: what it has of the other
  // mode, its new choice, is older than they are.
  if (Chosen != Left)
    OtherIsFresh = Mode == Left;
}

std::string AutoChoice::takeNews() {
  std::string Taken;
  Taken.swap(News);
  return Taken;
}

} // namespace softatomic
