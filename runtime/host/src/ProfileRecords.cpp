// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a recording launch says of each site (ProfileRecords.h).
#include "ProfileRecords.h"

#include "softatomic_layout.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace softatomic {
namespace {

/// One recorded call, as the analysis sorts it. 24 bytes: a recording of
/// 10 million calls is sorted in one pass over one array, with no
/// allocation per call.
struct Call {
  uint64_t Address;
  /// The user's work-group << 32 | the tag (1 + site | earlier calls of it
  /// << 8): equal for the "same call" of one group.
  uint64_t SameCall;
  uint32_t Warp; ///< the work-item's warp in its group
};

/// The order that puts, within a site, each address's calls together, and
/// within those the calls of one group at one call ordinal (the "same
/// call", whose count is the sharers per group), and within those the
/// calls of one warp (the sharers per warp). A lambda, not a function: a
/// pointer to one was not inlined, and comparing took most of the time.
constexpr auto Before = [](const Call &A, const Call &B) {
  if (A.Address != B.Address)
    return A.Address < B.Address;
  if (A.SameCall != B.SameCall)
    return A.SameCall < B.SameCall;
  return A.Warp < B.Warp;
};

bool sameCall(const Call &A, const Call &B) {
  return A.Address == B.Address && A.SameCall == B.SameCall;
}

/// The histogram bucket of N sharers: 0 for 1, then b for 2^(b-1)+1 ..
/// 2^b (2 | 3-4 | 5-8 | ...).
unsigned bucketOf(uint64_t N) {
  unsigned B = 0;
  while ((uint64_t(1) << B) < N)
    ++B;
  return B;
}

/// Counts N calls that each had N sharers (a run of the sorted calls).
void countSharers(Sharing &S, double &Sum, uint64_t N) {
  Sum += double(N) * double(N);
  S.Max = std::max<uint32_t>(S.Max, uint32_t(N));
  unsigned B = bucketOf(N);
  if (S.Histogram.size() <= B)
    S.Histogram.resize(B + 1, 0);
  S.Histogram[B] += N;
}

/// The parameter that Address lies in, and the element of Width bits it
/// is there; none: -1 and the address itself. A buffer of known size that
/// holds it wins; else, of the parameters whose size is not known, the one
/// that begins nearest below it (a pointer into the same allocation is
/// likeliest). A parameter at address 0 is a null pointer and holds
/// nothing.
void locate(HotAddress &Hot, const std::vector<ProfileArgument> &Arguments,
            unsigned Width) {
  const ProfileArgument *Holder = nullptr;
  for (const ProfileArgument &A : Arguments)
    if (A.Bytes && A.Address <= Hot.Address &&
        Hot.Address - A.Address < A.Bytes &&
        (!Holder || A.Address > Holder->Address))
      Holder = &A;
  if (!Holder)
    for (const ProfileArgument &A : Arguments)
      if (!A.Bytes && A.Address && A.Address <= Hot.Address &&
          (!Holder || A.Address > Holder->Address))
        Holder = &A;
  if (!Holder) {
    Hot.BufferArgument = -1;
    Hot.Index = Hot.Address;
    return;
  }
  unsigned Bytes = std::max(1u, (Width ? Width : 32) / 8);
  Hot.BufferArgument = int(Holder->Index);
  Hot.Index = (Hot.Address - Holder->Address) / Bytes;
}

/// One site's sorted calls: sharers, distinct and hot addresses.
void analyseSite(SiteProfile &P, const Call *Begin, const Call *End,
                 unsigned Width, const std::vector<ProfileArgument> &Arguments,
                 unsigned HotCount) {
  P.RecordedCalls = uint64_t(End - Begin);
  double WarpSum = 0, GroupSum = 0;
  // Addresses by how many recorded calls they had: f_j of the estimator.
  uint64_t Distinct = 0, Singletons = 0;
  std::vector<std::pair<uint64_t, uint64_t>> Addresses; // (calls, address)
  for (const Call *A = Begin; A != End;) {
    const Call *AddressEnd = A;
    while (AddressEnd != End && AddressEnd->Address == A->Address)
      ++AddressEnd;
    uint64_t OnAddress = uint64_t(AddressEnd - A);
    ++Distinct;
    Singletons += OnAddress == 1;
    Addresses.emplace_back(OnAddress, A->Address);
    for (const Call *G = A; G != AddressEnd;) {
      const Call *GroupEnd = G;
      while (GroupEnd != AddressEnd && sameCall(*GroupEnd, *G))
        ++GroupEnd;
      countSharers(P.PerGroup, GroupSum, uint64_t(GroupEnd - G));
      for (const Call *W = G; W != GroupEnd;) {
        const Call *WarpEnd = W;
        while (WarpEnd != GroupEnd && WarpEnd->Warp == W->Warp)
          ++WarpEnd;
        countSharers(P.PerWarp, WarpSum, uint64_t(WarpEnd - W));
        W = WarpEnd;
      }
      G = GroupEnd;
    }
    A = AddressEnd;
  }
  if (P.RecordedCalls) {
    P.PerWarp.Mean = WarpSum / double(P.RecordedCalls);
    P.PerGroup.Mean = GroupSum / double(P.RecordedCalls);
  }

  // Every call recorded: the count is exact. Otherwise GEE (Charikar,
  // Chaudhuri, Motwani, Narasayya, "Towards estimation error guarantees for
  // distinct values", PODS 2000): an address seen more than once in the
  // sample is likely seen about as often in the rest, so counts once; one
  // seen once stands for sqrt(n / r) such, n the calls and r those
  // recorded. Its ratio error is within sqrt(n / r) whatever the data,
  // which no estimator from a sample can much better. The first R calls of
  // each work-item are not a uniform sample of the calls, but for the usual
  // loop over a work-item's share of the data they are of its addresses.
  P.DistinctExact = P.RecordedCalls == P.Calls;
  if (P.DistinctExact || !P.RecordedCalls)
    P.DistinctAddresses = Distinct;
  else
    P.DistinctAddresses = uint64_t(
        std::llround(std::sqrt(double(P.Calls) / double(P.RecordedCalls)) *
                         double(Singletons) +
                     double(Distinct - Singletons)));

  // Most calls first, then the lower address.
  size_t Hot = std::min<size_t>(HotCount, Addresses.size());
  std::partial_sort(Addresses.begin(), Addresses.begin() + Hot, Addresses.end(),
                    [](const auto &A, const auto &B) {
                      return A.first != B.first ? A.first > B.first
                                                : A.second < B.second;
                    });
  for (size_t I = 0; I < Hot; ++I) {
    HotAddress H;
    H.Address = Addresses[I].second;
    H.Calls = Addresses[I].first;
    locate(H, Arguments, Width);
    P.Hot.push_back(H);
  }
}

} // namespace

std::vector<SiteProfile> analyseRecording(const ProfileRecording &Recording,
                                          const std::vector<ProfileSite> &Sites,
                                          unsigned HotCount) {
  const uint64_t Items = Recording.Items, R = Recording.RecordsPerItem;
  const uint32_t NumSites = Recording.Sites;
  std::vector<SiteProfile> Profiles(NumSites);

  if (Recording.Totals.size() >= uint64_t(NumSites) * Items)
    for (uint32_t S = 0; S < NumSites; ++S) {
      const uint32_t *Row = Recording.Totals.data() + S * Items;
      uint64_t Sum = 0;
      for (uint64_t I = 0; I < Items; ++I)
        Sum += Row[I];
      Profiles[S].Calls = Sum;
    }

  // The records, gathered by site (a counting sort, so that each site's
  // calls then sort on their own, a shorter sort), empty slots and tags
  // of no site left out. A recording shorter than its geometry says has
  // none to read.
  const uint64_t Stride = R * Items; // from one field to the next
  const bool HaveRecords =
      Recording.Records.size() >= SA_PROFILE_FIELDS * Stride;
  const uint32_t *Field[SA_PROFILE_FIELDS];
  for (unsigned F = 0; F < SA_PROFILE_FIELDS; ++F)
    Field[F] = Recording.Records.data() + (HaveRecords ? F * Stride : 0);
  auto siteOf = [&](uint64_t Slot) -> int64_t {
    uint32_t Tag = Field[SA_PF_TAG][Slot];
    uint32_t Site = Tag & 0xffu;
    return Site == 0 || Site > NumSites ? -1 : int64_t(Site - 1);
  };
  std::vector<uint64_t> Start(NumSites + 1, 0);
  if (HaveRecords)
    for (uint64_t Slot = 0; Slot < Stride; ++Slot)
      if (int64_t S = siteOf(Slot); S >= 0)
        ++Start[S + 1];
  for (uint32_t S = 0; S < NumSites; ++S)
    Start[S + 1] += Start[S];
  std::vector<Call> Calls(Start[NumSites]);
  const uint32_t WarpSize = Recording.WarpSize ? Recording.WarpSize : 1;
  {
    std::vector<uint64_t> Next(Start.begin(), Start.end() - 1);
    if (HaveRecords)
      for (uint64_t Slot = 0; Slot < Stride; ++Slot) {
        int64_t S = siteOf(Slot);
        if (S < 0)
          continue;
        Call &C = Calls[Next[S]++];
        C.Address = uint64_t(Field[SA_PF_ADDR_HI][Slot]) << 32 |
                    Field[SA_PF_ADDR_LO][Slot];
        C.SameCall =
            uint64_t(Field[SA_PF_GROUP][Slot]) << 32 | Field[SA_PF_TAG][Slot];
        C.Warp = Field[SA_PF_LOCAL][Slot] / WarpSize;
      }
  }

  std::map<unsigned, unsigned> Widths;
  for (const ProfileSite &Site : Sites)
    Widths[Site.Id] = Site.Width;
  for (uint32_t S = 0; S < NumSites; ++S) {
    Call *Begin = Calls.data() + Start[S], *End = Calls.data() + Start[S + 1];
    std::sort(Begin, End, Before);
    auto W = Widths.find(S);
    analyseSite(Profiles[S], Begin, End, W == Widths.end() ? 32 : W->second,
                Recording.Arguments, HotCount);
  }
  return Profiles;
}

} // namespace softatomic
