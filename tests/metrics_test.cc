#include "harness/measure/metrics.h"
#include "harness/measure/heap_probe.h"
#include "harness/measure/instruction_counter.h"
#include "harness/runner/run_settings.h"

#include <gtest/gtest.h>

namespace v8bench {
namespace {

TEST(Metrics, AllocationIsHeapGrowthPlusWhatGcFreed) {
  BatchCost cost;
  cost.wall_ns = 2000;
  cost.cpu_ns = 1000;
  cost.heap_before.used_bytes = 1000;
  cost.heap_before.freed_bytes = 50;
  cost.heap_after.used_bytes = 1500;
  cost.heap_after.freed_bytes = 50 + 3000;
  const auto i = static_cast<std::size_t>(GcKind::kScavenge);
  cost.heap_after.gc_count[i] = 2;
  cost.heap_after.gc_pause_ns[i] = 400;
  cost.heap_after.total_pause_ns = 400;
  Sample s;
  s.counters = PerIteration(cost, 10);
  EXPECT_DOUBLE_EQ(*s.Get("alloc_bytes"), (500 + 3000) / 10.0);
  EXPECT_DOUBLE_EQ(*s.Get("wall_ns"), 200);
  EXPECT_DOUBLE_EQ(*s.Get("cpu_ns"), 100);
  EXPECT_DOUBLE_EQ(*s.Get("gc_ns"), 40);
  EXPECT_DOUBLE_EQ(*s.Get("gc_count"), 0.2);
  EXPECT_DOUBLE_EQ(*s.Get("scavenge_count"), 0.2);
  EXPECT_FALSE(s.Get("mark_compact_count").has_value()) << "kinds that did not occur are absent, not zero";
}

TEST(Metrics, IncrementalMarkingStepsAreNotCollections) {
  BatchCost cost;
  cost.heap_after.gc_count[static_cast<std::size_t>(GcKind::kIncrementalMarking)] = 5;
  cost.heap_after.gc_count[static_cast<std::size_t>(GcKind::kMarkCompact)] = 1;
  Sample s;
  s.counters = PerIteration(cost, 1);
  EXPECT_DOUBLE_EQ(*s.Get("gc_count"), 1);
  EXPECT_DOUBLE_EQ(*s.Get("incremental_marking_count"), 5);
}

// The warm-up's quiet window is at least max(--warmup, 0.1 s) and as long as the settling took, so a
// lull in a burst of compiles does not end it and the window does not depend on --warmup alone.
TEST(WarmupQuiet, TheWindowIsAtLeastTheFloorAndAsLongAsTheSettlingTook) {
  RunSettings s = RunSettings::Quick();       // --warmup 0.02
  EXPECT_TRUE(s.QuietLongEnough(0.1, 0.01));  // settled at once (trig): the 0.1 s floor
  EXPECT_FALSE(s.QuietLongEnough(0.09, 0.01));
  EXPECT_FALSE(s.QuietLongEnough(0.1, 0.3));  // a 0.1 s lull after 0.3 s of compiling (a stream case)
  EXPECT_TRUE(s.QuietLongEnough(0.3, 0.3));
  EXPECT_FALSE(s.QuietLongEnough(1.9, 2.0));
  s.warmup_s = 1;  // --warmup 1: the floor rises, the relative window stays
  EXPECT_FALSE(s.QuietLongEnough(0.3, 0.3));
  EXPECT_TRUE(s.QuietLongEnough(1.0, 0.3));
  EXPECT_FALSE(s.QuietLongEnough(1.0, 2.0));
  EXPECT_TRUE(s.QuietLongEnough(2.0, 2.0));
}

// A repetition lasts --min-time, longer to span min_young_collections young collections, never longer than
// max_stretched_seconds for that reason.
TEST(RepetitionLength, StretchedToSpanTheYoungCollectionsWithinTheCap) {
  RunSettings s = RunSettings::Quick();              // --min-time 0.05, 20 young collections
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(0), 0.05);    // no collections seen (trig)
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(400), 0.05);  // 20 in 0.05 s already
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(100), 0.2);   // a stream case: 5 in 0.05 s
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(10), TheMethodRules()[MethodRule::kMaxStretchedSeconds]);
  s.min_time_s = 2;  // never shorter than asked
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(10), 2);
  s.min_time_s = 0.05;
  s.min_young_collections = 0;  // --min-young-gcs 0
  EXPECT_DOUBLE_EQ(s.RepetitionSeconds(100), 0.05);
}

TEST(Metrics, InstructionsArePerIterationAndOnlyWhenCounted) {
  BatchCost cost;
  Sample s;
  s.counters = PerIteration(cost, 10);
  EXPECT_FALSE(s.Get("instructions").has_value());  // a time run has no count, not a zero
  cost.instructions = 25000;
  s.counters = PerIteration(cost, 10);
  EXPECT_DOUBLE_EQ(*s.Get("instructions"), 2500);
  EXPECT_EQ(CounterUnit("instructions"), Unit::kCount);
}

TEST(Metrics, CallgrindDumpTotalReadsTotalsElseSummary) {
  EXPECT_EQ(CallgrindDumpTotal("version: 1\nevents: Ir\nsummary: 8017\ntotals: 8018\n"), 8018u);
  EXPECT_EQ(CallgrindDumpTotal("events: Ir\nsummary: 16017\n"), 16017u);
  EXPECT_EQ(CallgrindDumpTotal("events: Ir\nsummary:\ntotals: x\n"), std::nullopt);
  EXPECT_EQ(CallgrindDumpTotal(""), std::nullopt);
}

TEST(Metrics, FixedIterationsWhenCounting) {
  RunSettings s;
  EXPECT_FALSE(s.FixedIterations().has_value());
  s.count_instructions = true;
  EXPECT_EQ(s.FixedIterations(), RunSettings::kCountedIterations);
  s.iterations = 7;
  EXPECT_EQ(s.FixedIterations(), 7u);
}

}  // namespace
}  // namespace v8bench
