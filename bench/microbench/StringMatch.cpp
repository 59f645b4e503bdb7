// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// String match (Figure 13): four keywords, Q1..Q4, searched in a generated
// text of --text-kb KiB by each of --match-groups work-group counts. The
// paper's queries matched 7, 87, 1413 and 20234 times in its 4 MB dataset;
// the text here plants each keyword as often, per 4 MiB, among filler words
// that do not contain any of them, so the counts spread the same way.
#include "Families.h"

#include <algorithm>

namespace softatomic {
namespace {

struct Query {
  const char *Name, *Keyword;
  size_t PerFourMiB; // the paper's match count in 4 MB
};
const Query Queries[] = {{"Q1", "zymurgy", 7},
                         {"Q2", "quixotic", 87},
                         {"Q3", "jackdaw", 1413},
                         {"Q4", "wizard", 20234}};

/// The text: deterministic filler words with the keywords planted.
const std::string &text(size_t Bytes) {
  static std::string Text;
  static size_t Made = 0;
  if (Made == Bytes)
    return Text;
  static const char *Filler[] = {
      "the",   "of",    "and",    "to",     "in",     "that",   "it",
      "was",   "for",   "on",     "are",    "as",     "with",   "his",
      "they",  "at",    "be",     "this",   "from",   "have",   "or",
      "by",    "one",   "had",    "not",    "but",    "what",   "all",
      "were",  "when",  "we",     "there",  "can",    "an",     "your",
      "which", "their", "said",   "if",     "do",     "will",   "each",
      "about", "how",   "up",     "out",    "them",   "then",   "she",
      "many",  "some",  "so",     "these",  "would",  "other",  "into",
      "has",   "more",  "her",    "two",    "like",   "him",    "see",
      "time",  "could", "no",     "make",   "than",   "first",  "been",
      "its",   "who",   "now",    "people", "my",     "made",   "over",
      "did",   "down",  "only",   "way",    "find",   "use",    "may",
      "water", "long",  "little", "very",   "after",  "called", "just",
      "where", "most",  "know",   "river",  "garden", "letter", "morning",
      "quiet"};
  const size_t NumFiller = sizeof(Filler) / sizeof(Filler[0]);
  Lcg R(90);
  std::vector<std::string> Words;
  size_t Length = 0;
  while (Length < Bytes) {
    Words.push_back(Filler[R.below(NumFiller)]);
    Length += Words.back().size() + 1;
  }
  // Plant each keyword at random positions of filler words (the CPU
  // reference still counts what is there: the last word may be cut).
  std::vector<bool> Planted(Words.size(), false);
  for (const Query &Q : Queries) {
    size_t Count =
        std::max<size_t>(1, (Q.PerFourMiB * Bytes + (2u << 20)) / (4u << 20));
    for (size_t I = 0; I < Count && I < Words.size() / 8; ++I) {
      size_t At = R.below((uint32_t)Words.size());
      while (Planted[At])
        At = (At + 1) % Words.size();
      Planted[At] = true;
      Words[At] = Q.Keyword;
    }
  }
  Text.clear();
  for (size_t I = 0; I < Words.size(); ++I)
    Text += Words[I] + (I % 12 == 11 ? "\n" : " ");
  Text.resize(Bytes);
  Made = Bytes;
  return Text;
}

struct StringMatch : Workload {
  const std::string &Text;
  std::string Keyword;
  cl_uint Chunk;
  std::vector<cl_uint> Want, Got;
  size_t Capacity;
  cl_mem TextBuf = nullptr, KeyBuf = nullptr, Count = nullptr,
         Matches = nullptr;
  StringMatch(ClSession &S, size_t Items, size_t Bytes, const char *Keyword)
      : Workload(S, Items), Text(text(Bytes)), Keyword(Keyword),
        Chunk((cl_uint)((Bytes + Items - 1) / Items)) {
    for (size_t P = Text.find(Keyword); P != std::string::npos;
         P = Text.find(Keyword, P + 1))
      Want.push_back((cl_uint)P);
    Capacity =
        Want.size() + 1; // room for one match too many, which verify() reports
    Note = std::to_string(Want.size()) + " matches";
  }
  cl_int create() override {
    cl_int Err;
    TextBuf = input(Text.data(), Text.size(), Err);
    if (Err == CL_SUCCESS)
      KeyBuf = input(Keyword.data(), Keyword.size(), Err);
    if (Err == CL_SUCCESS)
      Count = buffer(sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Matches = buffer(Capacity * sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return writeWord(Count, 0); }
  cl_int setArgs(cl_kernel K) override {
    cl_uint Length = (cl_uint)Text.size(), KeyLength = (cl_uint)Keyword.size();
    cl_uint Cap = (cl_uint)Capacity;
    cl_int Err = CL_SUCCESS;
    auto Arg = [&](cl_uint I, size_t Size, const void *V) {
      if (Err == CL_SUCCESS)
        Err = clSetKernelArg(K, I, Size, V);
    };
    Arg(0, sizeof(cl_mem), &TextBuf);
    Arg(1, sizeof(Length), &Length);
    Arg(2, sizeof(cl_mem), &KeyBuf);
    Arg(3, sizeof(KeyLength), &KeyLength);
    Arg(4, sizeof(Chunk), &Chunk);
    Arg(5, sizeof(cl_mem), &Count);
    Arg(6, sizeof(cl_mem), &Matches);
    Arg(7, sizeof(Cap), &Cap);
    return Err;
  }
  size_t bytes() const override { return Text.size(); }
  std::string verify() override {
    cl_uint Found = 0;
    if (cl_int Err = readWord(Count, Found))
      return "reading the counter failed: " + clError(Err);
    if (Found != Want.size())
      return std::to_string(Found) + " matches, expected " +
             std::to_string(Want.size());
    Got.resize(Found);
    if (Found == 0)
      return "";
    if (cl_int Err = read(Matches, Got.data(), Found * sizeof(cl_uint)))
      return "reading the matches failed: " + clError(Err);
    std::sort(Got.begin(), Got.end()); // slots are taken in any order
    return firstDifference("sorted match", Got, Want);
  }
};

} // namespace

std::vector<Config> stringMatchSweep(const Options &O) {
  std::vector<Config> Sweep;
  for (const Query &Q : Queries)
    for (size_t G : O.MatchGroups) {
      Config C;
      C.Bench = C.File = C.Kernel = "strmatch";
      C.Variant = Q.Name;
      C.Param = "groups";
      C.Value = C.Groups = G;
      C.Local = O.Local;
      size_t Items = G * O.Local, Bytes = O.TextKB * 1024;
      const char *Keyword = Q.Keyword;
      C.Make = [Items, Bytes, Keyword](ClSession &S) {
        return std::unique_ptr<Workload>(
            new StringMatch(S, Items, Bytes, Keyword));
      };
      Sweep.push_back(C);
    }
  return Sweep;
}

} // namespace softatomic
