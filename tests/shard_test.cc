// Sharded comparisons without processes: the partition (every case in exactly one shard, for many N),
// --shard parsing, suite digests, and MergeShards' joins and refusals on shard states built here.
// tests/compare_cli_test.cc runs real shards side by side and merges them.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "harness/analysis/analysis.h"
#include "harness/driver/comparison.h"
#include "harness/files/shard_merge.h"
#include "tests/support/cli.h"

namespace v8bench::driver {

using namespace analysis;
using files::DigestSuites;
using files::MergeShards;
using files::ShardFile;
namespace {

std::vector<std::string> Keys(std::size_t n) {
  std::vector<std::string> keys;
  // Not in sorted order, with names that sort differently as text and as numbers.
  for (std::size_t i = n; i-- > 0;) keys.push_back("suite/bench/n:" + std::to_string(i * 7 % 23));
  return keys;
}

TEST(ShardCases, EveryCaseInExactlyOneShardForManyShardCounts) {
  for (std::size_t n : {0u, 1u, 2u, 3u, 5u, 10u, 23u, 40u}) {
    std::vector<std::string> keys = Keys(n);
    std::set<std::string> distinct(keys.begin(), keys.end());
    for (int count = 1; count <= 9; ++count) {
      std::map<std::string, int> owner;
      std::size_t smallest = keys.size(), largest = 0;
      for (int index = 1; index <= count; ++index) {
        const auto mine = ShardCases(keys, index, count);
        smallest = std::min(smallest, mine.size());
        largest = std::max(largest, mine.size());
        for (const auto& k : mine) {
          EXPECT_TRUE(distinct.count(k)) << k;
          EXPECT_TRUE(owner.emplace(k, index).second) << k << " in shards " << owner[k] << " and " << index;
        }
      }
      EXPECT_EQ(owner.size(), distinct.size()) << n << " cases, " << count << " shards";
      // Balanced: sizes differ by at most one, so no shard is empty while count <= cases.
      if (!distinct.empty()) {
        EXPECT_LE(largest - smallest, 1u) << n << " cases, " << count << " shards";
      }
      if (distinct.size() >= static_cast<std::size_t>(count)) {
        EXPECT_GE(smallest, 1u);
      }
    }
  }
}

TEST(ShardCases, DependsOnTheKeysNotOnTheirOrderAndKeepsTheGivenOrder) {
  const std::vector<std::string> a = {"s/b", "s/a", "s/d", "s/c", "s/e"};
  const std::vector<std::string> b = {"s/e", "s/d", "s/c", "s/b", "s/a"};
  for (int index = 1; index <= 2; ++index) {
    auto x = ShardCases(a, index, 2);
    auto y = ShardCases(b, index, 2);
    EXPECT_EQ(std::set<std::string>(x.begin(), x.end()), std::set<std::string>(y.begin(), y.end()));
  }
  // Sorted s/a s/b s/c s/d s/e dealt out in turn: shard 1 gets a, c, e in the order given.
  EXPECT_EQ(ShardCases(a, 1, 2), (std::vector<std::string>{"s/a", "s/c", "s/e"}));
  EXPECT_EQ(ShardCases(a, 2, 2), (std::vector<std::string>{"s/b", "s/d"}));
  EXPECT_EQ(ShardCases({"x", "x", "y"}, 1, 1), (std::vector<std::string>{"x", "y"}));  // duplicates once
}

TEST(ParseShard, AcceptsKOfNFromOneAndRefusesTheRest) {
  auto s = ParseShard("2/3");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->index, 2);
  EXPECT_EQ(s->count, 3);
  EXPECT_TRUE(ParseShard("1/1").ok());
  for (const char* bad : {"0/3", "4/3", "3", "/3", "1/", "a/b", "1/0", "-1/3", "1/3x", "1 /3", "1/10001", ""}) {
    auto r = ParseShard(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().exit_code(), 2);
    EXPECT_NE(r.error().message.find("JOB_COMPLETION_INDEX + 1"), std::string::npos) << r.error().message;
  }
}

TEST(DigestSuites, RecordsSizeAndFnv1a64OfTheBytes) {
  const std::string path = testing::WriteTempFile("digest.js", "a");
  auto d = DigestSuites({path});
  ASSERT_TRUE(d.ok()) << d.error().message;
  ASSERT_EQ(d->size(), 1u);
  EXPECT_EQ((*d)[0].bytes, 1u);
  EXPECT_EQ((*d)[0].fnv1a64, "af63dc4c8601ec8c");  // FNV-1a 64 of "a" (the published test vector)
  EXPECT_FALSE(DigestSuites({"/nonexistent/suite.js"}).ok());
}

// Shard `index` of `count` over cases s/c0..s/c4: its share, 3 samples per variant each.
ShardFile Shard(int index, int count, const std::string& new_flags = "--no-opt") {
  ShardFile f;
  f.path = "shard" + std::to_string(index) + ".json";
  CompareState& s = f.state;
  s.settings.suites = {"suite.js"};
  s.settings.runs = 3;
  s.settings.min_samples = 3;
  s.settings.seed = 9;
  s.suite_digests = {{"suite.js", 10, "0123456789abcdef"}};
  for (const auto& spec : {std::string("base="), "new=" + new_flags}) {
    RunContext c;
    c.v8_version = "10.2";
    s.variants.push_back({ParseVariant(spec).value(), c});
  }
  ShardInfo info;
  info.index = index;
  info.count = count;
  for (int i = 0; i < 5; ++i) info.all_cases.push_back("s/c" + std::to_string(i));
  info.cases = ShardCases(info.all_cases, index, count);
  for (int run = 0; run < 3; ++run) {
    for (int v = 0; v < 2; ++v) {
      RunRecord r;
      r.variant = v;
      r.run = run;
      r.block = run;
      for (const auto& key : info.cases) r.values[key]["cpu_ns"] = 100 + v * 50 + run;
      s.runs.push_back(r);
    }
  }
  s.case_keys = info.cases;
  s.shard = info;
  s.host_name = "host" + std::to_string(index);
  s.complete = true;
  return f;
}

std::string Refusal(const std::vector<ShardFile>& files, bool allow_partial = false) {
  auto merged = MergeShards(files, allow_partial);
  if (merged.ok()) return "(merged)";
  EXPECT_EQ(merged.error().exit_code(), 2);
  return merged.error().message;
}

TEST(MergeShards, JoinsEveryCaseOnceInTheComparisonsOrderWithHolmOverAll) {
  auto merged = MergeShards({Shard(2, 3), Shard(3, 3), Shard(1, 3)}, false);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(merged->case_keys, (std::vector<std::string>{"s/c0", "s/c1", "s/c2", "s/c3", "s/c4"}));
  EXPECT_EQ(merged->runs.size(), 18u);  // 3 shards x 3 runs x 2 variants
  EXPECT_FALSE(merged->shard.has_value());
  EXPECT_EQ(merged->merged_count, 3);
  ASSERT_EQ(merged->merged.size(), 3u);
  EXPECT_EQ(merged->merged[0].index, 1);
  EXPECT_EQ(merged->host_name, "host1, host2, host3");
  EXPECT_TRUE(merged->complete);
  const Analysis a = Analyse(DatasetFrom(merged.value()), AnalysisOptionsFrom(merged->settings));
  ASSERT_EQ(a.cases.size(), 5u);
  EXPECT_EQ(a.comparisons, 5u);  // one Holm family over the cases of all shards
  for (const auto& c : a.cases) EXPECT_EQ(c.cells[1].metrics.at("cpu_ns").n, 3u) << c.key;
}

TEST(MergeShards, RefusesShardsThatDoNotBelongTogetherNamingTheDifference) {
  // Different variant flags.
  std::string m = Refusal({Shard(1, 2), Shard(2, 2, "--jitless")});
  EXPECT_NE(m.find("variant 'new': flags: '--no-opt' in shard1.json, '--jitless' in shard2.json"), std::string::npos)
      << m;
  // Different settings.
  ShardFile slow = Shard(2, 2);
  slow.state.settings.min_time_s = 0.5;
  m = Refusal({Shard(1, 2), slow});
  EXPECT_NE(m.find("settings.min_time_s (--min-time): 0.05 in shard1.json, 0.5 in shard2.json"), std::string::npos)
      << m;
  ShardFile seeded = Shard(2, 2);
  seeded.state.settings.seed = 10;
  m = Refusal({Shard(1, 2), seeded});
  EXPECT_NE(m.find("settings.seed"), std::string::npos) << m;
  EXPECT_NE(m.find("same --seed"), std::string::npos) << m;
  // Different suite contents.
  ShardFile edited = Shard(2, 2);
  edited.state.suite_digests[0].fnv1a64 = "fedcba9876543210";
  m = Refusal({Shard(1, 2), edited});
  EXPECT_NE(m.find("contents of suite file suite.js"), std::string::npos) << m;
  // Another engine version.
  ShardFile other = Shard(2, 2);
  other.state.variants[1].context->v8_version = "11.3";
  m = Refusal({Shard(1, 2), other});
  EXPECT_NE(m.find("variant 'new': engine's V8 version: '10.2' in shard1.json, '11.3' in shard2.json"),
            std::string::npos)
      << m;
  // Another shard count.
  m = Refusal({Shard(1, 2), Shard(2, 3)});
  EXPECT_NE(m.find("shard count: 2 in shard1.json, 3 in shard2.json"), std::string::npos) << m;
  // Another case list.
  ShardFile more = Shard(2, 2);
  more.state.shard->all_cases.push_back("s/c5");
  m = Refusal({Shard(1, 2), more});
  EXPECT_NE(m.find("'s/c5' absent in shard1.json, present in shard2.json"), std::string::npos) << m;
}

TEST(MergeShards, RefusesTheSameShardTwiceAMissingOneAndOneThatIsNoShard) {
  std::string m = Refusal({Shard(1, 2), Shard(1, 2)});
  EXPECT_NE(m.find("shard 1/2 is given twice: shard1.json and shard1.json"), std::string::npos) << m;
  m = Refusal({Shard(1, 3), Shard(3, 3)});
  EXPECT_NE(m.find("shard 2/3 is missing (given: 1/3, 3/3)"), std::string::npos) << m;
  EXPECT_NE(m.find("--allow-partial"), std::string::npos) << m;
  ShardFile whole = Shard(1, 1);
  whole.state.shard.reset();
  m = Refusal({whole});
  EXPECT_NE(m.find("is not a shard"), std::string::npos) << m;
  ShardFile unfinished = Shard(2, 2);
  unfinished.state.complete = false;
  unfinished.state.interrupted = true;
  m = Refusal({Shard(1, 2), unfinished});
  EXPECT_NE(m.find("shard 2/2 ('shard2.json') did not finish (interrupted)"), std::string::npos) << m;
  EXPECT_NE(m.find("compare --resume shard2.json"), std::string::npos) << m;
  // A shard with samples of a case that is not its share (an edited or mixed-up file).
  ShardFile mixed = Shard(2, 2);
  mixed.state.runs[0].values["s/c0"]["cpu_ns"] = 1;
  m = Refusal({Shard(1, 2), mixed});
  EXPECT_NE(m.find("samples of case 's/c0', which is not in shard 2/2"), std::string::npos) << m;

  // --allow-partial: the shards given, marked incomplete.
  auto partial = MergeShards({Shard(1, 3), Shard(3, 3)}, true);
  ASSERT_TRUE(partial.ok()) << partial.error().message;
  EXPECT_FALSE(partial->complete);
  EXPECT_EQ(partial->case_keys, (std::vector<std::string>{"s/c0", "s/c2", "s/c3"}));
  // A merge is not merged again.
  ShardFile twice{"all.json", partial.value()};
  m = Refusal({twice});
  EXPECT_NE(m.find("already a merge"), std::string::npos) << m;
}

}  // namespace
}  // namespace v8bench::driver
