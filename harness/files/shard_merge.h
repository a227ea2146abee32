// What makes the results files of a `compare --shard K/N` (docs/sharding.md) mergeable, and `v8bench
// merge`, which joins them into one CompareState, analysed with Holm over all cases as one comparison.
// Each shard records its suite files' digests and derives the same seed; joining is results-file business:
// this checks that the files belong together (the same settings, suite contents, variants and engines,
// case list) and that each holds its share of the cases (driver/comparison.h ShardCases, the partition the
// driver ran), and refuses them otherwise, naming the field and both files' values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/driver/comparison.h"
#include "harness/model/expected.h"

namespace v8bench::files {

// The size and FNV-1a 64 digest of each file; an unreadable file is an Error::Input naming it. A shard
// records them when it starts (the results file's suite_digests), so that merge can refuse shards that
// ran different suite contents.
Expected<std::vector<driver::SuiteDigest>> DigestSuites(const std::vector<std::string>& paths);

// A seed every shard derives alike when the user gives none: FNV-1a 64 of the suite digests, the
// filter and the variants (names, flags, engines), cut to 53 bits (a seed is exact in a JSON number).
// Shards of one comparison thus share their schedule's seed, which merge checks like every setting.
std::uint64_t DerivedShardSeed(const driver::CompareState& state);

struct ShardFile {
  std::string path;
  driver::CompareState state;
};

// Joins shard files into one comparison: their samples, case keys in the comparison's order, the
// shards' hosts and times (CompareState::merged). Refuses (Error::Usage, exit 2), naming the field and
// both files' values: a file that is not a shard, or is already a merge; different shard counts,
// settings, suite files or contents, case lists, variants (names, flags, engines, and the engines'
// V8/Node versions, V8 flags, trig path, build type); the same shard twice; a shard whose cases are
// not its share; and, unless `allow_partial`, a missing shard or one that did not finish.
Expected<driver::CompareState> MergeShards(const std::vector<ShardFile>& files, bool allow_partial);

}  // namespace v8bench::files
