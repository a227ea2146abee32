// Sharded comparisons (docs/sharding.md): `compare --shard K/N` runs its share of the cases on one
// machine (every variant of a case on the same machine, interleaved as always); files/shard_merge
// joins the shards' results files into one comparison, analysed with Holm over all cases.
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

// "K/N" as a ShardInfo without its case lists (the driver fills them), 1 <= K <= N <= 10000 (numbered from 1, as Jest's
// and Playwright's --shard). Error::Usage names
// --shard and says how to number from a 0-based index (Kubernetes' JOB_COMPLETION_INDEX).
Expected<ShardInfo> ParseShard(std::string_view text);

// The keys of shard `index` of `count` among `keys` (duplicates count once), in the order of `keys`.
std::vector<std::string> ShardCases(const std::vector<std::string>& keys, int index, int count);

}  // namespace v8bench::driver
