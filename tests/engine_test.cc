// The engine and runner in-process: one V8Process for the whole test binary (V8 initialises once per
// process), suites from tests/fixtures run through the real runner into a collecting sink.
#include <gtest/gtest.h>

#include <map>

#include "harness/engine/suite_host.h"
#include "harness/engine/v8_process.h"
#include "harness/runner/suite_runner.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

V8Process* g_process = nullptr;

class V8Environment : public ::testing::Environment {
 public:
  void SetUp() override {
    auto started = V8Process::Start({});
    ASSERT_TRUE(started.ok()) << started.error().message;
    process_ = std::move(started.value());
    g_process = process_.get();
  }
  void TearDown() override {
    g_process = nullptr;
    process_.reset();
  }

 private:
  std::unique_ptr<V8Process> process_;
};

const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new V8Environment);

class CollectingSink : public ResultSink {
 public:
  void Begin(const RunContext&) override {}
  void CaseDone(const CaseResult& r) override { results[r.info.name] = r; }
  void End() override {}
  std::map<std::string, CaseResult> results;
};

std::map<std::string, CaseResult> RunFixture(const std::string& fixture, RunSettings settings = RunSettings::Quick()) {
  auto files = LoadSuites(*g_process, {testing::Fixture(fixture)}, settings.quick);
  EXPECT_TRUE(files.ok()) << files.error().message;
  if (!files.ok()) return {};
  auto plan = PlanCases(files.value(), settings);
  EXPECT_TRUE(plan.ok());
  CollectingSink sink;
  RunPlan(*g_process, plan.value(), settings, sink, nullptr);
  return sink.results;
}

double Median(const CaseResult& r, const std::string& metric) {
  std::vector<double> xs;
  for (const auto& s : r.samples) xs.push_back(s.Get(metric).value_or(-1));
  std::sort(xs.begin(), xs.end());
  return xs.empty() ? -1 : xs[xs.size() / 2];
}

TEST(Engine, DescribeListsCasesInStableOrder) {
  auto source = ReadFile(testing::Fixture("alloc.js"));
  ASSERT_TRUE(source.ok());
  auto host = SuiteHost::Open(*g_process, RealmKind::kV8, "alloc.js", source.value(), {}, 60);
  ASSERT_TRUE(host.ok()) << host.error().message;
  auto file = host.value()->Describe(false);
  ASSERT_TRUE(file.ok()) << file.error().message;
  ASSERT_EQ(file->cases.size(), 3u);
  EXPECT_EQ(file->cases[0].name, "alloc/alloc_1x/n:64");
  EXPECT_EQ(file->cases[2].name, "alloc/arith/n:64");
  ASSERT_EQ(file->suites.size(), 1u);
  EXPECT_EQ(file->suites[0].benches[0].grid[0].first, "n");
}

// --param values reach the bench API as JSON (model/json_string.h): quotes, backslashes, control
// characters and UTF-8 arrive as they were given.
TEST(Engine, ParamOverridesReachTheSuiteExactly) {
  auto source = ReadFile(testing::Fixture("alloc.js"));
  ASSERT_TRUE(source.ok());
  const std::string value = "q\"uote b\\ack\ttab\x01 \xc3\xa9";
  auto host = SuiteHost::Open(*g_process, RealmKind::kV8, "alloc.js", source.value(), {{"n", {value, "7"}}}, 60);
  ASSERT_TRUE(host.ok()) << host.error().message;
  auto file = host.value()->Describe(false);
  ASSERT_TRUE(file.ok()) << file.error().message;
  ASSERT_EQ(file->cases.size(), 6u);
  ASSERT_EQ(file->cases[0].params.size(), 1u);
  EXPECT_EQ(file->cases[0].params[0].second, value);
  EXPECT_EQ(file->cases[1].params[0].second, "7");
}

TEST(Engine, TwiceTheAllocationReportsAboutTwiceTheBytes) {
  auto results = RunFixture("alloc.js");
  ASSERT_EQ(results.size(), 3u);
  const double one = Median(results["alloc/alloc_1x/n:64"], "alloc_bytes");
  const double two = Median(results["alloc/alloc_2x/n:64"], "alloc_bytes");
  ASSERT_GT(one, 64 * 16) << "64 objects with two fields take more than 16 bytes each";
  EXPECT_NEAR(two / one, 2.0, 0.3);
}

TEST(Engine, PureArithmeticAllocatesNothingAndCausesNoGc) {
  auto results = RunFixture("alloc.js");
  const CaseResult& arith = results["alloc/arith/n:64"];
  ASSERT_EQ(arith.status, CaseStatus::kOk) << arith.error;
  EXPECT_LT(Median(arith, "alloc_bytes"), 1.0);
  EXPECT_LT(Median(arith, "gc_count"), 1e-6);
  EXPECT_LT(Median(arith, "gc_ns"), 0.01 * Median(arith, "cpu_ns"));
}

// V8 is listened to for code events only while a case is prepared (JitCodeLog: a code-event listener
// costs the measured program time), and a case's compiles are all counted: settle()'s, outside any
// batch, and those V8 makes while batches of fresh, unsettled code run.
TEST(Engine, ACasesCompilesAreCountedInsideBatchesAndBetweenThem) {
  auto source = ReadFile(testing::Fixture("alloc.js"));
  ASSERT_TRUE(source.ok());
  auto opened = SuiteHost::Open(*g_process, RealmKind::kV8, "alloc.js", source.value(), {}, 60);
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  SuiteHost& host = *opened.value();
  ASSERT_TRUE(host.Prepare(2, true).ok());  // alloc/arith
  ASSERT_TRUE(host.TakeCodeState().ok());
  ASSERT_TRUE(host.Settle(TierMode::kOptimized).ok());
  auto settled = host.TakeCodeState();
  ASSERT_TRUE(settled.ok()) << settled.error().message;
  EXPECT_EQ(settled->batch, CodeTier::kTurboFan) << "settle() optimised the batch loop";
  EXPECT_GT(settled->compiles.value_or(0), 0) << "settle()'s compiles were not counted";
  ASSERT_TRUE(host.Teardown().ok());

  ASSERT_TRUE(host.Prepare(0, true).ok());  // alloc/alloc_1x, left to V8's own tiering
  ASSERT_TRUE(host.TakeCodeState().ok());
  int compiles = 0;
  for (int i = 0; i < 50 && compiles == 0; ++i) {
    ASSERT_TRUE(host.RunBatch(2000).ok());
    auto state = host.TakeCodeState();
    ASSERT_TRUE(state.ok()) << state.error().message;
    compiles += state->compiles.value_or(0);
  }
  EXPECT_GT(compiles, 0) << "V8 optimised none of the hot code while batches ran";
  ASSERT_TRUE(host.Teardown().ok());
}

TEST(Engine, AllocationHeavyBenchReportsGcCountAndTime) {
  auto results = RunFixture("alloc.js");
  const CaseResult& heavy = results["alloc/alloc_2x/n:64"];
  ASSERT_EQ(heavy.status, CaseStatus::kOk) << heavy.error;
  EXPECT_GT(Median(heavy, "gc_count"), 0);
  EXPECT_GT(Median(heavy, "gc_ns"), 0);
  EXPECT_GT(Median(heavy, "scavenge_count"), 0);
  EXPECT_GT(Median(heavy, "peak_heap_bytes"), 0);
  EXPECT_GT(Median(heavy, "process_cpu_ns"), 0);
}

TEST(Engine, NodeRealmHasRealBufferAndStreams) {
  ASSERT_TRUE(g_process->facts().node_realm_available) << g_process->facts().node_realm_problem;
  auto results = RunFixture("node_realm.js");
  ASSERT_EQ(results.size(), 2u);
  for (const auto& [name, r] : results) {
    EXPECT_EQ(r.status, CaseStatus::kOk) << name << ": " << r.error;
    EXPECT_EQ(r.info.realm, RealmKind::kNode);
  }
}

// unsupported('why') is a status carried by what was thrown (in setup, in the timed loop, in an awaited
// promise; both realms), with its reason whole; an Error whose text or name says "Unsupported" is a
// plain failure.
TEST(Engine, UnsupportedIsToldByWhatWasThrownNotByItsText) {
  ASSERT_TRUE(g_process->facts().node_realm_available) << g_process->facts().node_realm_problem;
  auto results = RunFixture("unsupported.js");
  ASSERT_EQ(results.size(), 12u);
  for (const std::string suite : {"unsupported", "unsupported_node"}) {
    SCOPED_TRACE(suite);
    auto result = [&](const char* bench) { return results[suite + "/" + bench]; };
    EXPECT_EQ(result("in_setup").status, CaseStatus::kUnsupported) << result("in_setup").error;
    EXPECT_EQ(result("in_setup").error, "no widget here");
    EXPECT_EQ(result("in_fn").status, CaseStatus::kUnsupported) << result("in_fn").error;
    EXPECT_EQ(result("in_fn").error, "widgets ran out");
    EXPECT_EQ(result("async_rejects").status, CaseStatus::kUnsupported) << result("async_rejects").error;
    EXPECT_EQ(result("async_rejects").error, "no async widget");
    EXPECT_EQ(result("two_line_reason").status, CaseStatus::kUnsupported);
    EXPECT_EQ(result("two_line_reason").error, "line one\nline two");
    EXPECT_EQ(result("message_says_unsupported").status, CaseStatus::kFailed);
    EXPECT_NE(result("message_says_unsupported").error.find("Unsupported: this is a plain error"), std::string::npos);
    EXPECT_EQ(result("named_unsupported").status, CaseStatus::kFailed);
    EXPECT_NE(result("named_unsupported").error.find("Unsupported: a plain error"), std::string::npos);
  }
}

TEST(Engine, CaseCountersArePublishedWithUnits) {
  auto results = RunFixture("counters.js");
  const CaseResult& r = results["counters/own"];
  ASSERT_EQ(r.status, CaseStatus::kOk) << r.error;
  ASSERT_FALSE(r.samples.empty());
  EXPECT_DOUBLE_EQ(r.samples[0].Get("widgets").value_or(0), 3);
  bool bytes_unit = false;
  for (const auto& c : r.samples[0].counters) bytes_unit |= c.name == "payload_bytes" && c.unit == Unit::kBytes;
  EXPECT_TRUE(bytes_unit);
}

TEST(Engine, TrigPathIsDetectedAsFdlibmOnThisV8) {
  // Every V8 up to at least 14.6 uses its fdlibm port unless built with v8_use_libm_trig_functions.
  const TrigInfo& trig = g_process->trig();
  EXPECT_EQ(trig.path, "fdlibm");
  EXPECT_GT(trig.mismatch_fraction, 0.01);
}

}  // namespace
}  // namespace v8bench
