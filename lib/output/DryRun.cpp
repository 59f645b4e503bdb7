// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DryRun.cpp - What a rewrite would change, for --dry-run ------------===//

#include "output/DryRun.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace llvm;

namespace softatomic {

namespace {
/// Lines [First, Last] of the input (0-based) and the edits inside them.
struct Hunk {
  unsigned First, Last;
  std::vector<clang::tooling::Replacement> Edits;
};
} // namespace

/// The 0-based line of byte \p Offset; \p LineStarts is sorted.
static unsigned lineOf(ArrayRef<size_t> LineStarts, size_t Offset) {
  return std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) -
         LineStarts.begin() - 1;
}

/// Prints \p Text line by line, each line after \p Sign.
static void printLines(raw_ostream &OS, char Sign, StringRef Text) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    OS << Sign << Line << '\n';
    if (Rest.empty() && !Text.ends_with("\n"))
      OS << "\\ No newline at end of file\n";
    Text = Rest;
  }
}

static unsigned countLines(StringRef Text) {
  return Text.count('\n') + (!Text.empty() && !Text.ends_with("\n"));
}

/// The rewrite's summary: what it rewrites, the private copies it plans
/// and, with --float-atomics=reproducible, each float site.
static void printSummary(raw_ostream &OS, StringRef Name,
                         const RewriteResult &R) {
  OS << Name << ": would rewrite " << R.RewrittenKernels.size()
     << (R.RewrittenKernels.size() == 1 ? " kernel (" : " kernels (")
     << join(R.RewrittenKernels, ", ") << ") with " << R.Edits.size()
     << " edits, after the manifest, device runtime " << runtimeVersion()
     << " and #line (" << countLines(R.Prefix) << " lines)\n";
  for (const std::string &Note : R.PrivateNotes)
    OS << "  " << Note << '\n';
  // --float-atomics=reproducible: each float site, and why one is not.
  for (const FloatSiteReport &F : R.FloatSites)
    OS << "  float site " << F.File << ":" << F.Line << ":" << F.Column << ": "
       << F.Operation << " on " << F.Type << ": "
       << (F.Reproducible ? "reproducible" : "not reproducible, " + F.Why)
       << "\n";
}

/// The edits, in the order of their offsets, gathered into hunks of the lines
/// they touch (edits on a line another edit touches share its hunk).
static std::vector<Hunk> hunksOf(const clang::tooling::Replacements &Edits,
                                 ArrayRef<size_t> LineStarts) {
  std::vector<Hunk> Hunks;
  for (const clang::tooling::Replacement &E : Edits) {
    size_t End = E.getOffset() + E.getLength();
    unsigned First = lineOf(LineStarts, E.getOffset());
    unsigned Last = E.getLength() ? lineOf(LineStarts, End - 1) : First;
    if (!Hunks.empty() && First <= Hunks.back().Last) {
      Hunks.back().Last = std::max(Hunks.back().Last, Last);
      Hunks.back().Edits.push_back(E);
    } else {
      Hunks.push_back({First, Last, {E}});
    }
  }
  return Hunks;
}

void printDryRun(raw_ostream &OS, StringRef Name, const RewriteResult &R,
                 unsigned Context) {
  if (!R.Changed) {
    OS << Name << ": nothing to rewrite\n";
    return;
  }
  printSummary(OS, Name, R);

  StringRef Input = R.Input;
  std::vector<size_t> LineStarts = {0};
  for (size_t I = 0; I < Input.size(); ++I)
    if (Input[I] == '\n' && I + 1 < Input.size())
      LineStarts.push_back(I + 1);

  std::vector<Hunk> Hunks = hunksOf(R.Edits, LineStarts);

  // Hunks whose contexts would touch or overlap print as one; without
  // context, each prints alone.
  std::vector<std::vector<const Hunk *>> Groups;
  for (const Hunk &H : Hunks) {
    if (!Groups.empty() && Context &&
        H.First <= Groups.back().back()->Last + 2 * Context + 1)
      Groups.back().push_back(&H);
    else
      Groups.push_back({&H});
  }
  unsigned NumLines = LineStarts.size();
  auto LineText = [&](unsigned First, unsigned Last) {
    size_t End = Last + 1 < NumLines ? LineStarts[Last + 1] : Input.size();
    return Input.slice(LineStarts[First], End);
  };

  OS << "--- " << Name << "\n+++ " << Name << "\n";
  long Shift = 0; // lines added by the hunks so far
  for (const std::vector<const Hunk *> &Group : Groups) {
    unsigned First =
        Group.front()->First >= Context ? Group.front()->First - Context : 0;
    unsigned Last = std::min(NumLines - 1, Group.back()->Last + Context);
    std::string Body;
    raw_string_ostream Lines(Body);
    unsigned OldLines = countLines(LineText(First, Last));
    long NewLines = OldLines;
    unsigned Next = First; // the first line not printed yet
    for (const Hunk *H : Group) {
      if (Next < H->First)
        printLines(Lines, ' ', LineText(Next, H->First - 1));
      StringRef Old = LineText(H->First, H->Last);
      std::string New;
      size_t At = LineStarts[H->First];
      for (const clang::tooling::Replacement &E : H->Edits) {
        New += Input.slice(At, E.getOffset());
        New += E.getReplacementText();
        At = E.getOffset() + E.getLength();
      }
      New += Input.slice(At, LineStarts[H->First] + Old.size());
      printLines(Lines, '-', Old);
      printLines(Lines, '+', New);
      NewLines += long(countLines(New)) - long(countLines(Old));
      Next = H->Last + 1;
    }
    if (Next <= Last)
      printLines(Lines, ' ', LineText(Next, Last));
    OS << "@@ -" << First + 1 << ',' << OldLines << " +" << First + 1 + Shift
       << ',' << NewLines << " @@\n"
       << Body;
    Shift += NewLines - long(OldLines);
  }
}

} // namespace softatomic
