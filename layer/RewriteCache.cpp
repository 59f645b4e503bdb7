// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteCache.cpp - Rewritten sources kept across runs --------------===//
//
// An entry is a sequence of fields, each "<length>\n<bytes>\n", so that any
// byte (the source, the output) round-trips. Fields: the format tag, the key,
// the headers (count, then path, size, hash of each), then the result
// (succeeded, changed, reason, output, the kernels' site counts).
//
//===----------------------------------------------------------------------===//

#include "RewriteCache.h"
#include "LayerConfig.h"
#include "RewriterFingerprint.h"
#include "softatomic/softatomic.h"
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace softatomic {
namespace layer {

static const char *const EntryFormat = "softatomic-layer-cache 3";

/// 64-bit FNV-1a: small, no dependency, and enough to name a file (the entry
/// itself is compared byte for byte).
static uint64_t fnv1a(const std::string &Bytes) {
  uint64_t Hash = 0xcbf29ce484222325ull;
  for (unsigned char C : Bytes) {
    Hash ^= C;
    Hash *= 0x100000001b3ull;
  }
  return Hash;
}

static std::string hex(uint64_t Value) {
  char Text[17];
  std::snprintf(Text, sizeof Text, "%016llx",
                static_cast<unsigned long long>(Value));
  return Text;
}

/// Appends \p Bytes to \p Out as one field.
static void putField(std::string &Out, const std::string &Bytes) {
  Out += std::to_string(Bytes.size()) + "\n" + Bytes + "\n";
}

/// Reads fields back from an entry's text; any malformation sets Failed.
struct FieldReader {
  const std::string &Text;
  size_t Position = 0;
  bool Failed = false;

  std::string next() {
    size_t Newline = Text.find('\n', Position);
    if (Failed || Newline == std::string::npos)
      return Failed = true, "";
    std::string Length = Text.substr(Position, Newline - Position);
    char *End = nullptr;
    unsigned long long Size = std::strtoull(Length.c_str(), &End, 10);
    if (Length.empty() || *End || Newline + 1 + Size + 1 > Text.size() ||
        Text[Newline + 1 + Size] != '\n')
      return Failed = true, "";
    Position = Newline + 1 + Size + 1;
    return Text.substr(Newline + 1, Size);
  }
  unsigned long long number() {
    std::string Field = next();
    char *End = nullptr;
    unsigned long long Value = std::strtoull(Field.c_str(), &End, 10);
    if (Field.empty() || *End)
      Failed = true;
    return Value;
  }
};

static bool readFile(const std::string &Path, std::string &Contents) {
  std::ifstream File(Path, std::ios::binary);
  if (!File)
    return false;
  std::ostringstream Stream;
  Stream << File.rdbuf();
  Contents = Stream.str();
  return !File.bad();
}

/// mkdir -p \p Dir; true when it exists afterwards.
static bool makeDirectories(const std::string &Dir) {
  for (size_t Slash = Dir.find('/', 1);; Slash = Dir.find('/', Slash + 1)) {
    std::string Prefix = Dir.substr(0, Slash);
    if (mkdir(Prefix.c_str(), 0777) != 0 && errno != EEXIST)
      return false;
    if (Slash == std::string::npos)
      break;
  }
  struct stat Info;
  return stat(Dir.c_str(), &Info) == 0 && S_ISDIR(Info.st_mode);
}

static std::string entryPath(const std::string &Key) {
  return config().CacheDirectory + "/" + hex(fnv1a(Key)) + ".rewrite";
}

/// Removes the least recently used entries of \p Dir (by modification time,
/// which a hit refreshes) beyond the configured number. Another process may
/// trim at the same time: a file already gone is no error.
static void trimCache(const std::string &Dir) {
  DIR *Stream = opendir(Dir.c_str());
  if (!Stream)
    return;
  std::vector<std::pair<timespec, std::string>> Entries;
  const std::string Suffix = ".rewrite";
  while (dirent *Item = readdir(Stream)) {
    std::string Name = Item->d_name;
    struct stat Info;
    if (Name.size() > Suffix.size() &&
        Name.compare(Name.size() - Suffix.size(), Suffix.size(), Suffix) == 0 &&
        stat((Dir + "/" + Name).c_str(), &Info) == 0)
      Entries.emplace_back(Info.st_mtim, Dir + "/" + Name);
  }
  closedir(Stream);
  if (Entries.size() <= config().CacheEntries)
    return;
  auto Older = [](const auto &A, const auto &B) {
    return A.first.tv_sec != B.first.tv_sec ? A.first.tv_sec < B.first.tv_sec
                                            : A.first.tv_nsec < B.first.tv_nsec;
  };
  size_t Excess = Entries.size() - config().CacheEntries;
  std::partial_sort(Entries.begin(), Entries.begin() + Excess, Entries.end(),
                    Older);
  for (size_t I = 0; I < Excess; ++I)
    unlink(Entries[I].second.c_str());
}

std::string rewriteCacheKey(const std::string &Source, const BuildFlags &Flags,
                            const RewriteOptions &Options) {
  std::string Key;
  putField(Key, SA_VERSION);
  putField(Key, SOFTATOMIC_REWRITER_FINGERPRINT);
  // Every option a user sets by name changes the output: all are keyed.
#define SA_REWRITE_FLAG(Name, Field, Help)                                     \
  putField(Key, std::string(Name) + (Options.Field ? "=1" : "=0"));
#include "model/RewriteOptions.def"
#define SA_REWRITE_CHOICE(Name, Field, Type, Help)                             \
  putField(Key, std::string(Name) + "=" +                                      \
                    std::to_string(static_cast<int>(Options.Field)));
#include "model/RewriteOptions.def"
  // The device profile decides what the parse sees (#ifdef cl_...).
  auto PutNames = [&Key](const std::vector<std::string> &Names) {
    putField(Key, std::to_string(Names.size()));
    for (const std::string &Name : Names)
      putField(Key, Name);
  };
  putField(Key, std::to_string(Options.Device.Version));
  PutNames(Options.Device.Extensions);
  PutNames(Options.Device.features());
  putField(Key, std::to_string(Flags.CompilerArgs.size()));
  for (const std::string &Arg : Flags.CompilerArgs)
    putField(Key, Arg);
  putField(Key, Flags.ClStd);
  putField(Key, Source);
  return Key;
}

bool lookupCachedRewrite(const std::string &Key, ProgramRewrite &Rewrite) {
  std::string Text;
  if (config().CacheDirectory.empty() || !readFile(entryPath(Key), Text))
    return false;
  FieldReader Entry{Text};
  if (Entry.next() != EntryFormat || Entry.next() != Key)
    return false;
  ProgramRewrite Cached;
  for (unsigned long long I = 0, N = Entry.number(); I < N && !Entry.Failed;
       ++I) {
    std::string Path = Entry.next(), Contents;
    unsigned long long Size = Entry.number();
    std::string Hash = Entry.next();
    if (Entry.Failed || !readFile(Path, Contents) || Contents.size() != Size ||
        hex(fnv1a(Contents)) != Hash)
      return false;
    Cached.Headers.push_back(Path);
  }
  Cached.Succeeded = Entry.next() == "1";
  Cached.Changed = Entry.next() == "1";
  Cached.Reason = Entry.next();
  Cached.Output = Entry.next();
  for (unsigned long long I = 0, N = Entry.number(); I < N && !Entry.Failed;
       ++I) {
    std::string Kernel = Entry.next();
    Cached.AtomicSites[Kernel] = Entry.number();
  }
  for (unsigned long long I = 0, N = Entry.number(); I < N && !Entry.Failed;
       ++I) {
    std::string Kernel = Entry.next();
    Cached.NativeKernels[Kernel] = Entry.next();
  }
  if (Entry.Failed)
    return false;
  Rewrite = std::move(Cached);
  // Used now: the last to be trimmed.
  utimensat(AT_FDCWD, entryPath(Key).c_str(), nullptr, 0);
  return true;
}

void storeCachedRewrite(const std::string &Key, const ProgramRewrite &Rewrite) {
  const std::string &Dir = config().CacheDirectory;
  if (Dir.empty())
    return;
  std::string Text;
  putField(Text, EntryFormat);
  putField(Text, Key);
  putField(Text, std::to_string(Rewrite.Headers.size()));
  for (const std::string &Path : Rewrite.Headers) {
    std::string Contents;
    if (!readFile(Path, Contents))
      return; // it cannot be checked on lookup either
    putField(Text, Path);
    putField(Text, std::to_string(Contents.size()));
    putField(Text, hex(fnv1a(Contents)));
  }
  putField(Text, Rewrite.Succeeded ? "1" : "0");
  putField(Text, Rewrite.Changed ? "1" : "0");
  putField(Text, Rewrite.Reason);
  putField(Text, Rewrite.Output);
  putField(Text, std::to_string(Rewrite.AtomicSites.size()));
  for (const auto &[Kernel, Sites] : Rewrite.AtomicSites) {
    putField(Text, Kernel);
    putField(Text, std::to_string(Sites));
  }
  putField(Text, std::to_string(Rewrite.NativeKernels.size()));
  for (const auto &[Kernel, Why] : Rewrite.NativeKernels) {
    putField(Text, Kernel);
    putField(Text, Why);
  }
  if (!makeDirectories(Dir))
    return;
  // Written aside, then renamed into place: a concurrent reader sees the
  // old entry, the new one, or none, never half of one.
  std::string Temporary = Dir + "/.tmp-XXXXXX";
  int Descriptor = mkstemp(&Temporary[0]);
  if (Descriptor < 0)
    return;
  bool Written = true;
  for (size_t Done = 0; Written && Done < Text.size();) {
    ssize_t Count = write(Descriptor, Text.data() + Done, Text.size() - Done);
    if (Count < 0 && errno == EINTR)
      continue;
    Written = Count > 0;
    Done += Written ? Count : 0;
  }
  if (close(Descriptor) != 0 || !Written ||
      rename(Temporary.c_str(), entryPath(Key).c_str()) != 0)
    unlink(Temporary.c_str());
  else
    trimCache(Dir);
}

} // namespace layer
} // namespace softatomic
