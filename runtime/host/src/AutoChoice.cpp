// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SA_MODE_AUTO's choice for one kernel at one NDRange (AutoChoice.h).
#include "AutoChoice.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace softatomic {
namespace {

/// Launches of each mode timed before a choice (the last so many count).
constexpr size_t Samples = SA_AUTO_SAMPLES;

/// Whether X is more than Drift and MinDriftMs away from Ref, either way.
bool outside(double X, double Ref) {
  return std::abs(X - Ref) > AutoChoice::MinDriftMs &&
         (X > Ref * AutoChoice::Drift || X * AutoChoice::Drift < Ref);
}

std::string format(const char *Format, double A, double B) {
  char Text[256];
  std::snprintf(Text, sizeof Text, Format, A, B);
  return Text;
}

} // namespace

AutoChoice::AutoChoice(const AutoWays &Given) {
  Ways.push_back(Way::AsWritten);
  if (Given.RewrittenDirect)
    Ways.push_back(Way::RewrittenDirect);
  if (Given.WarpProgram)
    Ways.push_back(Way::WarpProgram);
  Ways.push_back(Way::Combining);
  if (Given.Private)
    Ways.push_back(Way::Private);
  if (Given.Coordinator)
    Ways.push_back(Way::Coordinator);
  Trial = Ways;
  CoordinatorFloorMs = Given.CoordinatorFloorMs;
  if (Given.AsWrittenLast)
    std::rotate(Trial.begin(), Trial.begin() + 1, Trial.end());
  for (Way W : Ways)
    Times[W];
}

bool AutoChoice::behind(Way Of) const {
  const Timings &T = of(Of);
  if (T.Ms.empty())
    return false;
  for (Way W : Ways)
    if (W != Of && !of(W).Ms.empty() && T.fastest() > Behind * of(W).median())
      return true;
  return false;
}

bool AutoChoice::tried(Way Of) const {
  if (Of != Way::Coordinator || !of(Of).Ms.empty() || of(Of).Pending)
    return true;
  double AsWritten = 0, Combined = 0, Shared = 0, Private = 0;
  auto Take = [](double &Best, double Ms) {
    Best = Best == 0 ? Ms : std::min(Best, Ms);
  };
  for (Way W : Ways) {
    if (W == Way::Coordinator || of(W).Ms.empty())
      continue;
    double Ms = of(W).fastest();
    bool Combines =
        W == Way::Combining || W == Way::Private || W == Way::WarpProgram;
    Take(Combines ? Combined : AsWritten, Ms);
    if (W == Way::Private)
      Take(Private, Ms);
    else if (Combines)
      Take(Shared, Ms);
  }
  bool PrivateWins = Private > 0 && Shared > 0 && Private * Margin < Shared;
  return Combined > 0 && AsWritten > 0 && Combined * Margin < AsWritten &&
         Combined > CoordinatorFloorMs && !PrivateWins;
}

std::vector<Way> AutoChoice::others(bool Near) const {
  std::vector<Way> Others;
  double Own = Near ? of(Chosen).median() : 0;
  for (Way W : Ways) {
    if (W == Chosen || of(W).Ms.empty())
      continue;
    if (Near && (of(W).median() - Own) * ScheduleShare > ChosenMsSinceCheck)
      continue;
    Others.push_back(W);
  }
  return Others;
}

std::string AutoChoice::othersName() const {
  std::string Name;
  for (Way W : others())
    Name += (Name.empty() ? "" : " and ") + std::string(wordsOf(W));
  return Name;
}

double AutoChoice::Timings::median() const {
  std::vector<double> V(Ms.begin(), Ms.end());
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

double AutoChoice::Timings::fastest() const {
  return *std::min_element(Ms.begin(), Ms.end());
}

std::string AutoChoice::plan() const {
  std::string Plan = "auto mode times it ";
  for (size_t I = 0; I < Trial.size(); ++I)
    Plan += std::string(I == 0                  ? ""
                        : I + 1 == Trial.size() ? " and "
                                                : ", ") +
            wordsOf(Trial[I]);
  return Plan + " (up to " + std::to_string(Samples) +
         " launches each, in turn; one, where it is far behind), then runs "
         "the fastest";
}

bool AutoChoice::known() const {
  return std::all_of(Ways.begin(), Ways.end(), [&](Way W) {
    return !tried(W) || of(W).Ms.size() >= Samples ||
           (!of(W).Ms.empty() && behind(W));
  });
}

void AutoChoice::decide() {
  if (!known())
    return;
  // The kernel as written wins a near tie, and its warp program's a near
  // tie with the combining mode: the simpler way, and the one closer to
  // what the user wrote; between times of a few microseconds the faster of
  // two close medians is often the other one at the next launch (Margin).
  Way Faster = Ways.front();
  for (Way W : Ways)
    if (!of(W).Ms.empty() && (of(Faster).Ms.empty() ||
                              of(W).median() * Margin < of(Faster).fastest()))
      Faster = W;
  if (Faster == Chosen && Decided)
    return;
  News = std::string("auto mode runs it ") + wordsOf(Faster) + " (median ";
  for (Way W : Ways)
    if (!of(W).Ms.empty())
      News += format("%.4f ms ", of(W).median(), 0) + wordsOf(W) + ", ";
  News += "over the last " + std::to_string(Samples) + " launches of each)";
  Chosen = Faster;
  ChosenMs = of(Faster).median();
  Decided = true;
  restartChecks();
}

void AutoChoice::restartChecks() {
  for (auto &Entry : Times)
    Entry.second.SinceChoice = 0;
  LaunchesSinceChoice = 0;
  ChosenSinceCheck = 0;
  ChosenMsSinceCheck = 0;
}

bool AutoChoice::cheapCheck() const {
  if (ChosenSinceCheck < MinCheckGap)
    return false;
  double Own = of(Chosen).median(), Cost = 0;
  for (Way W : others())
    Cost += std::max(0.0, of(W).median() - Own);
  return ChosenMsSinceCheck >= CheckShare * Cost;
}

void AutoChoice::check(std::vector<Way> Ways) {
  Probes = std::move(Ways);
  ChosenSinceCheck = 0;
  ChosenMsSinceCheck = 0;
}

Way AutoChoice::next() {
  if (known() && !Probes.empty()) {
    Way Probe = Probes.front();
    Probes.erase(Probes.begin());
    return Probe;
  }
  if (known()) {
    ++LaunchesSinceChoice;
    std::vector<Way> Check;
    if (cheapCheck())
      Check = others();
    else if (rechecks(LaunchesSinceChoice))
      Check = others(/*Near=*/true);
    if (!Check.empty()) {
      check(std::move(Check));
      return next();
    }
    ++ChosenSinceCheck;
    return Chosen;
  }
  // Still timing: of the ways tried and not far behind, the one with
  // fewest launches so far, the first in the order of trial among those.
  Way Fewest = Way::Auto;
  auto launches = [&](Way W) { return of(W).Ms.size() + of(W).Pending; };
  for (Way W : Trial)
    if (tried(W) && !behind(W) &&
        (Fewest == Way::Auto || launches(W) < launches(Fewest)))
      Fewest = W;
  return Fewest == Way::Auto ? Trial.front() : Fewest;
}

void AutoChoice::chosenTimesMoved(Way Ran, Timings &T) {
  std::string Moved =
      std::string("its time ") + wordsOf(Ran) +
      format(" moved from %.4f ms to %.4f ms", ChosenMs, T.median());
  // Faster: the choice only stands more firmly, unless the other mode
  // got faster still, which the rechecks, begun again, will show;
  // timing the other mode now would be launches of the slower mode.
  if (T.median() < ChosenMs) {
    News = Moved + ": keeps it, and checks " + othersName() + " again soon";
    ChosenMs = T.median();
    restartChecks();
    return;
  }
  // Slower: one launch of each other way says whether it is now ahead
  // (a recheck, in record()), rather than three that would time it anew
  // where it is still far behind (the McKee sweep's last cells, whose
  // medians were those three launches).
  if (FreshWay == Way::Auto) {
    News = Moved + ": keeps it, and checks " + othersName() +
           " at the next launch";
    ChosenMs = T.median();
    restartChecks();
    check(others());
    return;
  }
  // The way it left a moment ago has times of the new work: choose on
  // them, and check once each way whose times are older (with three
  // ways, the one neither moved nor fresh).
  Way Fresh = FreshWay;
  Decided = false;
  FreshWay = Way::Auto;
  decide();
  News = Moved + "; " + News;
  for (Way W : Ways)
    if (W != Chosen && W != Fresh && W != Ran)
      Probes.push_back(W);
}

void AutoChoice::record(Way Ran, double Ms) {
  Timings &T = of(Ran);
  if (T.Pending)
    --T.Pending;
  if (Chosen == Way::Auto) {
    ++LearningLaunches;
    LearningMs += Ms;
  }
  double Before = T.Ms.empty() ? 0 : T.median();
  // A recheck, not one of the launches that time a mode anew.
  bool Recheck = T.Ms.size() >= Samples || behind(Ran);
  T.Ms.push_back(Ms);
  if (T.Ms.size() > Samples)
    T.Ms.pop_front();
  if (!Decided) {
    decide();
    return;
  }
  ++T.SinceChoice;
  if (Ran == Chosen) {
    ChosenMsSinceCheck += Ms; // cheapCheck()
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
      chosenTimesMoved(Ran, T);
      return;
    }
  } else if (Recheck && ((outside(Ms, Before) && Ms < Before &&
                          Ms < of(Chosen).median() * Drift) ||
                         Ms * Margin < of(Chosen).median())) {
    // A recheck of the other mode far faster than before, and near enough
    // the chosen mode's time to win, or simply faster than the chosen mode
    // by the margin: time it again (the next launches run it until it has
    // as many times as a choice needs), and choose anew.
    // (Far slower changes nothing: the choice only stands more firmly.
    // Nor does faster than before but still far behind: its old times
    // were of other data, and timing it again would only be launches of
    // the slower mode.)
    News = std::string("its time ") + wordsOf(Ran) +
           format(" is now %.4f ms (median %.4f ms before): timing it again",
                  Ms, Before);
    T.Ms.assign(1, Ms);
    return;
  }
  Way Left = Chosen;
  decide();
  // The chosen way's own times moved it away: what it has of its new
  // choice is older than they are.
  if (Chosen != Left)
    FreshWay = Ran == Left ? Left : Way::Auto;
}

std::string AutoChoice::takeNews() {
  std::string Taken;
  Taken.swap(News);
  return Taken;
}

} // namespace softatomic
