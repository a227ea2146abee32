// The differential profile (analysis/profile_diff.h) on hand-made profiles: functions matched across
// processes (other script ids, other lines of runtime code), self time per iteration and its change, tiers
// before and after, the merged call tree, and the text's top rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness/analysis/profile_diff.h"

namespace v8bench::analysis {
namespace {

const std::string kSuite = "/home/u/suite.js";

// A profile: root -> batch loop -> bench -> {hot, cold}, plus GC under the root. `script` is the suite's
// script id (it differs between processes), `node_line` the line of a runtime function under `hot`.
struct Shape {
  int script = 3;
  unsigned batch = 10, bench = 10, hot = 50, cold = 30, gc = 0, runtime = 0;
  int node_line = 100;
  std::uint64_t iterations = 1000;
  double profiled_s = 1.0;
};

ProfileNode Node(unsigned id, std::string name, int script, std::string url, int line, unsigned hits,
                 std::vector<unsigned> children) {
  ProfileNode n;
  n.id = id;
  n.function_name = std::move(name);
  n.script_id = script;
  n.url = std::move(url);
  n.line = line;
  n.column = 1;
  n.kind = FrameKind::kScript;
  n.hit_count = hits;
  n.children = std::move(children);
  return n;
}

CpuProfileData Profile(const Shape& s) {
  CpuProfileData p;
  ProfileNode root = Node(1, "(root)", 0, "", 0, 0, {2, 7});
  root.kind = FrameKind::kInternal;
  p.nodes.push_back(root);
  p.nodes.push_back(Node(2, "__v8bench_loop", 99, "", 1, s.batch, {3}));
  p.nodes.push_back(Node(3, "bench", s.script, kSuite, 10, s.bench, {4, 5}));
  p.nodes.push_back(Node(4, "hot", s.script, kSuite, 20, s.hot, {6}));
  p.nodes.push_back(Node(5, "cold", s.script, kSuite, 30, s.cold, {}));
  p.nodes.push_back(Node(6, "parse", 1, "node:internal/json", s.node_line, s.runtime, {}));
  ProfileNode gc = Node(7, "(garbage collector)", 0, "", 0, s.gc, {});
  gc.kind = FrameKind::kInternal;
  p.nodes.push_back(gc);
  p.batch_script_id = 99;
  p.batch_function = "__v8bench_loop";
  p.iterations = s.iterations;
  p.profiled_s = s.profiled_s;
  p.interval_us = 100;
  return p;
}

const FunctionChange* Find(const ProfileDiff& d, const std::string& name) {
  auto it = std::find_if(d.functions.begin(), d.functions.end(), [&](const auto& f) { return f.name == name; });
  return it == d.functions.end() ? nullptr : &*it;
}

TEST(ProfileDiff, MatchesFunctionsAcrossScriptIdsAndRanksTheLargestSelfChangeFirst) {
  Shape before, after;
  after.script = 7;  // another process: another script id for the same file
  after.hot = 150;   // hot's self samples triple
  const ProfileDiff d = DiffProfiles(Profile(before), Profile(after));
  ASSERT_FALSE(d.functions.empty());
  EXPECT_EQ(d.functions.front().name, "hot");
  EXPECT_EQ(std::count_if(d.functions.begin(), d.functions.end(), [](const auto& f) { return f.name == "hot"; }), 1)
      << "the same function in two processes is one row";
  // Per iteration: before 100 samples over 1 s and 1000 iterations -> 1 ms per iteration, hot half of it.
  ASSERT_TRUE(d.per_iteration);
  const FunctionChange& hot = d.functions.front();
  EXPECT_NEAR(hot.self_before, 0.5e-3, 1e-12);
  EXPECT_NEAR(hot.self_after, (150.0 / 200) * 1e-3, 1e-12);
  EXPECT_NEAR(hot.self_share_before, 0.5, 1e-12);
  EXPECT_NEAR(hot.self_share_after, 0.75, 1e-12);
  EXPECT_GT(hot.SelfChange(), 0);
  // cold kept its samples but lost share: its time per iteration is the same.
  const FunctionChange* cold = Find(d, "cold");
  ASSERT_NE(cold, nullptr);
  EXPECT_NEAR(cold->self_before, cold->self_after * 2, 1e-12) << "30 of 100 samples, then 30 of 200";
  EXPECT_EQ(cold->owner, FrameOwner::kSuite);
}

TEST(ProfileDiff, ChangesInShareWhenAProfileDidNotCountItsIterations) {
  Shape before, after;
  after.iterations = 0;
  after.hot = 150;
  const ProfileDiff d = DiffProfiles(Profile(before), Profile(after));
  EXPECT_FALSE(d.per_iteration);
  EXPECT_NEAR(d.functions.front().self_after, 0.75, 1e-12);
  EXPECT_EQ(DiffCostText(d, 0.75), "75.0%");
  EXPECT_EQ(DiffChangeText(d, 0.25), "+25.0 pts");
}

TEST(ProfileDiff, RuntimeFunctionsMatchByFileAndNameWhateverTheirLine) {
  Shape before, after;
  before.runtime = 5;
  after.runtime = 40;
  after.node_line = 250;  // Node's own file, another release: the function moved
  const ProfileDiff d = DiffProfiles(Profile(before), Profile(after));
  const FunctionChange* parse = Find(d, "parse");
  ASSERT_NE(parse, nullptr);
  EXPECT_EQ(parse->owner, FrameOwner::kNode);
  EXPECT_GT(parse->self_share_before, 0);
  EXPECT_GT(parse->self_share_after, 0);
  EXPECT_EQ(parse->location, "node:internal/json:250:1") << "the newer side's location";
}

TEST(ProfileDiff, TiersBeforeAndAfterFromTheCodeEvents) {
  Shape grown;
  grown.hot = 150;
  CpuProfileData before = Profile(Shape{}), after = Profile(grown);
  before.code = {{3, "hot", 20, CodeTier::kIgnition, -1},
                 {3, "hot", 20, CodeTier::kTurboFan, -0.5},
                 {3, "cold", 30, CodeTier::kSparkplug, -0.5}};
  after.code = {{3, "hot", 20, CodeTier::kMidTier, -0.5}, {3, "cold", 30, CodeTier::kTurboFan, -0.2}};
  before.nodes[3].deopts = {ProfileDeopt{"wrong map", {}}, ProfileDeopt{"wrong map", {}}};
  const ProfileDiff d = DiffProfiles(before, after);
  const FunctionChange* hot = Find(d, "hot");
  ASSERT_NE(hot, nullptr);
  EXPECT_EQ(hot->tier_before, "TurboFan");
  EXPECT_EQ(hot->tier_after, "Maglev");
  EXPECT_TRUE(hot->TierChanged());
  EXPECT_EQ(hot->deopts_before, 2u);
  EXPECT_EQ(hot->deopts_after, 0u);
  const FunctionChange* cold = Find(d, "cold");
  ASSERT_NE(cold, nullptr);
  EXPECT_EQ(cold->tier_before, "Sparkplug");
  EXPECT_EQ(cold->tier_after, "TurboFan");
  EXPECT_EQ(Find(d, "(garbage collector)"), nullptr) << "no GC samples on either side";
  const FunctionChange* bench = Find(d, "bench");
  ASSERT_NE(bench, nullptr);
  EXPECT_FALSE(bench->TierChanged());
  after.code.clear();  // a side without code events: tiers unknown there, not changed
  EXPECT_FALSE(Find(DiffProfiles(before, after), "hot")->TierChanged());
  // A tier change of a function with a share of the samples is among the top rows even past top_n.
  const auto top = TopChanges(d, 1);
  EXPECT_TRUE(std::any_of(top.begin(), top.end(), [](const auto& f) { return f.name == "cold"; }));
  EXPECT_TRUE(std::any_of(top.begin(), top.end(), [](const auto& f) { return f.name == "hot"; }));
  EXPECT_FALSE(std::any_of(top.begin(), top.end(), [](const auto& f) { return f.name == "bench"; }));
  // A function with no self time on either side (only callers' time) is no row of its own.
  Shape callers;
  callers.bench = 0;
  const auto rows = TopChanges(DiffProfiles(Profile(callers), Profile(callers)), 10);
  EXPECT_FALSE(std::any_of(rows.begin(), rows.end(), [](const auto& f) { return f.name == "bench"; }));
  EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const auto& f) { return f.name == "hot"; }));
}

TEST(ProfileDiff, GarbageCollectionIsARowOfItsOwn) {
  Shape before, after;
  after.gc = 100;
  const ProfileDiff d = DiffProfiles(Profile(before), Profile(after));
  EXPECT_EQ(d.functions.front().name, "(garbage collector)");
  EXPECT_EQ(d.functions.front().owner, FrameOwner::kGc);
  EXPECT_EQ(d.functions.front().self_before, 0);
}

TEST(ProfileDiff, TheMergedTreeHoldsEachPathOnceWithBothSidesCosts) {
  Shape before, after;
  after.script = 8;
  after.cold = 0;  // a path only the older side took keeps its frame, with no cost after
  const ProfileDiff d = DiffProfiles(Profile(before), Profile(after));
  ASSERT_FALSE(d.frames.empty());
  const DiffFrame& root = d.frames[0];
  EXPECT_EQ(root.name, "(root)");
  EXPECT_NEAR(root.total_before, 1e-3, 1e-12) << "the root spans every sample: the profiled time per iteration";
  const auto child = [&](const DiffFrame& f, const std::string& name) -> const DiffFrame* {
    for (std::size_t c : f.children) {
      if (d.frames[c].name == name) return &d.frames[c];
    }
    return nullptr;
  };
  const DiffFrame* loop = child(root, "__v8bench_loop");
  ASSERT_NE(loop, nullptr);
  const DiffFrame* bench = child(*loop, "bench");
  ASSERT_NE(bench, nullptr) << "bench in two scripts ids is one frame";
  EXPECT_EQ(bench->children.size(), 2u) << "hot and cold";
  const DiffFrame* cold = child(*bench, "cold");
  ASSERT_NE(cold, nullptr);
  EXPECT_GT(cold->total_before, 0);
  EXPECT_EQ(cold->total_after, 0);
  EXPECT_EQ(d.frames.size(), 5u) << "root, loop, bench, hot, cold: each sampled path once (no GC, no parse)";
  // Children's totals never exceed their parent's, on either side.
  for (const DiffFrame& f : d.frames) {
    double before_sum = 0, after_sum = 0;
    for (std::size_t c : f.children) {
      before_sum += d.frames[c].total_before;
      after_sum += d.frames[c].total_after;
    }
    EXPECT_LE(before_sum, f.total_before + 1e-12) << f.name;
    EXPECT_LE(after_sum, f.total_after + 1e-12) << f.name;
  }
}

TEST(ProfileDiff, TheTextShowsTheTopRowsWithTheirChangeAndTiers) {
  Shape before, after;
  after.hot = 150;
  CpuProfileData b = Profile(before), a = Profile(after);
  b.code = {{3, "hot", 20, CodeTier::kTurboFan, -1}};
  a.code = {{3, "hot", 20, CodeTier::kSparkplug, -1}};
  const std::string text = RenderProfileDiff(DiffProfiles(b, a), 3, "node 18", "node 20");
  EXPECT_NE(text.find("node 18 -> node 20"), std::string::npos) << text;
  EXPECT_NE(text.find("TurboFan -> Sparkplug"), std::string::npos) << text;
  EXPECT_NE(text.find("hot"), std::string::npos) << text;
  EXPECT_NE(text.find("+250 µs"), std::string::npos) << text;  // 0.5 ms -> 0.75 ms per iteration
  EXPECT_EQ(text.find("parse"), std::string::npos) << "no samples on either side: no row\n" << text;
}

TEST(ProfileDiff, AnEmptySideSaysSo) {
  CpuProfileData empty;
  const std::string text = RenderProfileDiff(DiffProfiles(empty, Profile(Shape{})), 5, "A", "B");
  EXPECT_NE(text.find("the profile of A has no samples"), std::string::npos) << text;
}

}  // namespace
}  // namespace v8bench::analysis
