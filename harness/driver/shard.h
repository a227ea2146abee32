// Sharded comparisons (docs/sharding.md): `compare --shard K/N` runs its share of the cases on one
// machine (every variant of a case on the same machine, interleaved as always), and MergeShards joins
// the shards' results files into one comparison, analysed with Holm over all cases, refusing shards
// that do not belong together.
//
// The partition: the comparison's case keys (the union over its variants) sorted by byte order; the
// case at sorted position i belongs to shard (i mod N) + 1. It depends only on the case keys, which
// depend only on the suite files, the filter and the variants' --param knobs (all checked at merge),
// so every machine computes the same partition. Round-robin over the sorted list rather than a hash
// of the name: shard sizes differ by at most one case and no shard is empty while N <= cases, and
// neighbouring cases (one bench's parameter grid, often of similar cost) spread over the shards. A
// hash would keep a case in its shard when a suite gains cases, but shards of different suite
// contents are refused anyway, so that stability would buy nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "harness/driver/comparison.h"
#include "harness/model/expected.h"

namespace v8bench::driver {

struct ShardSpec {
  int index = 0;  // 1..count
  int count = 0;
};

// "K/N", 1 <= K <= N <= 10000 (numbered from 1, as Jest's and Playwright's --shard). Error::Usage names
// --shard and says how to number from a 0-based index (Kubernetes' JOB_COMPLETION_INDEX).
Expected<ShardSpec> ParseShard(std::string_view text);

// The keys of shard `index` of `count` among `keys` (duplicates count once), in the order of `keys`.
std::vector<std::string> ShardCases(const std::vector<std::string>& keys, int index, int count);

// The size and FNV-1a 64 digest of each file; an unreadable file is an Error::Input naming it.
Expected<std::vector<SuiteDigest>> DigestSuites(const std::vector<std::string>& paths);

// A seed every shard derives alike when the user gives none: FNV-1a 64 of the suite digests, the
// filter and the variants (names, flags, engines), cut to 53 bits (a seed is exact in a JSON number).
std::uint64_t DerivedShardSeed(const CompareState& state);

struct ShardFile {
  std::string path;
  CompareState state;
};

// Joins shard files into one comparison: their samples, case keys in the comparison's order, the
// shards' hosts and times (CompareState::merged). Refuses (Error::Usage, exit 2), naming the field and
// both files' values: a file that is not a shard, or is already a merge; different shard counts,
// settings, suite files or contents, case lists, variants (names, flags, engines, and the engines'
// V8/Node versions, V8 flags, trig path, build type); the same shard twice; a shard whose cases are
// not its share; and, unless `allow_partial`, a missing shard or one that did not finish.
Expected<CompareState> MergeShards(const std::vector<ShardFile>& files, bool allow_partial);

}  // namespace v8bench::driver
