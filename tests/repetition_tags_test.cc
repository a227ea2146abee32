// The typed per-repetition record (model/result.h RepetitionTags) travels beside Google Benchmark, not
// through its counters; the code a sample ran and how a case ended keep their types up to the files.
#include <benchmark/benchmark.h>
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "harness/model/code_state.h"
#include "harness/model/result.h"
#include "harness/runner/sample_collector.h"

namespace v8bench {
namespace {

// Google Benchmark grows the first repetition's iterations until a batch lasts MinTime (several calls
// of the body), then runs each further repetition once: every reported run gets the tags of its own
// repetition's last call, and no counter carries them.
TEST(RepetitionTags, TheCollectorPairsEachRunWithItsRepetitionsTags) {
  RepetitionLog log;
  int calls = 0;
  benchmark::RegisterBenchmark("tags",
                               [&](benchmark::State& state) {
                                 volatile double sink = 0;
                                 while (state.KeepRunningBatch(state.max_iterations)) {
                                   for (benchmark::IterationCount i = 0; i < state.max_iterations; ++i) sink = sink + 1;
                                 }
                                 RepetitionTags tags;
                                 tags.isolate =
                                     static_cast<int>(state.max_iterations);  // which call: its iteration count
                                 tags.main_cpu = calls++;
                                 tags.code = CodeState{CodeTier::kTurboFan, CodeTier::kMidTier, 0, false};
                                 log.Record(static_cast<std::uint64_t>(state.max_iterations), tags);
                               })
      ->MinTime(0.002)
      ->Repetitions(3)
      ->MinWarmUpTime(0);
  const std::map<std::string, Unit> units;
  SampleCollector collector(units, &log);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();

  ASSERT_EQ(collector.samples.size(), 3u);
  EXPECT_GT(calls, 3) << "the first repetition grew its batch over several calls";
  for (std::size_t i = 0; i < collector.samples.size(); ++i) {
    const Sample& s = collector.samples[i];
    EXPECT_EQ(static_cast<std::uint64_t>(s.isolate), s.iterations) << i;
    ASSERT_TRUE(s.main_cpu.has_value()) << i;
    EXPECT_EQ(*s.main_cpu, calls - 3 + static_cast<int>(i)) << "repetition " << i << " is its own last call";
    ASSERT_TRUE(s.code.has_value());
    EXPECT_EQ(s.code->bench, CodeTier::kMidTier);
    EXPECT_TRUE(s.counters.empty()) << s.counters.front().name;
  }
}

TEST(RepetitionTags, ARunWhoseIterationsDifferFromItsCallGetsNoTags) {
  RepetitionLog log;
  RepetitionTags tags;
  tags.main_cpu = 1;
  log.Record(10, tags);
  log.Record(100, tags);
  EXPECT_TRUE(log.Repetition(0, 100).has_value());
  EXPECT_FALSE(log.Repetition(0, 10).has_value()) << "10 was the first call's, not the repetition's";
  EXPECT_FALSE(log.Repetition(1, 100).has_value()) << "one repetition only";
}

TEST(RepetitionTags, CodeStatesReadBackFromTheirLabel) {
  const std::vector<CodeState> states = {{CodeTier::kTurboFan, CodeTier::kTurboFan, std::nullopt, false},
                                         {CodeTier::kMidTier, std::nullopt, std::nullopt, false},
                                         {CodeTier::kIgnition, CodeTier::kSparkplug, std::nullopt, false}};
  const std::string label = CodeStatesLabel(states);
  EXPECT_EQ(label, "TurboFan/TurboFan + Maglev/? + Ignition/Sparkplug");
  EXPECT_EQ(CodeStatesFromLabel(label), states);
  EXPECT_TRUE(CodeStatesFromLabel("").empty());
}

TEST(RepetitionTags, EveryCaseStatusHasOneNameThatReadsBack) {
  for (CaseStatus s : {CaseStatus::kOk, CaseStatus::kFailed, CaseStatus::kTimedOut, CaseStatus::kOutOfMemory,
                       CaseStatus::kUnsupported, CaseStatus::kCrashed}) {
    EXPECT_EQ(CaseStatusFromName(CaseStatusName(s)), s) << CaseStatusName(s);
  }
  EXPECT_EQ(CaseStatusName(CaseStatus::kTimedOut), std::string("timed_out"));
  EXPECT_FALSE(CaseStatusFromName("slow").has_value());
}

}  // namespace
}  // namespace v8bench
