// GC attribution from V8's --trace-gc lines (for engines without a GC observation API, e.g. Deno).
#include "harness/workers/gc_trace.h"

#include <gtest/gtest.h>

namespace v8bench::workers {
namespace {

TEST(GcTrace, ParsesV8TraceLinesAndSkipsEverythingElse) {
  const std::vector<std::string> lines = {
      "[10434:0x55a1050af000]       19 ms: Mark-Compact 2.3 (2.8) -> 2.2 (2.8) MB, pooled: 0.0 MB, 3.15 / 0.00 ms "
      "(average mu = 0.823, current mu = 0.823) testing; GC in old space requested",
      "[10434:0x55a1050af000]       25 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 1.81 / 0.00 ms (average mu = 0.8) "
      "allocation failure; ",
      "[10434:0x55a1050af000]       40 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, pooled: 0.0 MB, 2.",  // cut by a flush
      "81 / 0.00 ms (average mu) allocation failure;",
      "a suite's console.log",
  };
  const auto events = ParseGcTrace(lines);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, "Mark-Compact");
  EXPECT_TRUE(events[0].forced);
  EXPECT_DOUBLE_EQ(events[0].start_ms, 19);
  EXPECT_DOUBLE_EQ(events[0].pause_ms, 3.15);
  EXPECT_EQ(events[1].kind, "Scavenge");
  EXPECT_FALSE(events[1].forced);
  EXPECT_DOUBLE_EQ(events[1].pause_ms, 1.81);
}

Sample WallOnly() {
  Sample s;
  s.counters = {{"wall_ns", 1.0, Unit::kNanoseconds}};
  return s;
}

TEST(GcTrace, AttributesPausesToSampleWindowsThroughTheClockSync) {
  WorkerOutput out;
  out.gc_clock_perf_ms = 5;  // the forced GC ran at performance.now() = 5 ms, trace time 19 ms
  out.other_lines = {
      "[1:0x1]       19 ms: Mark-Compact 2.3 (2.8) -> 2.2 (2.8) MB, 3.00 / 0.00 ms (x) testing;",
      "[1:0x1]       30 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 2.00 / 0.00 ms (x) allocation failure;",  // 16 ms
      "[1:0x1]       33 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 1.00 / 0.00 ms (x) allocation failure;",  // 19 ms
      "[1:0x1]       80 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 4.00 / 0.00 ms (x) allocation failure;",  // 66 ms
  };
  CaseResult c;
  c.samples = {WallOnly(), WallOnly()};
  out.cases.push_back(c);
  out.windows = {{{100, 10, 20}, {100, 30, 60}}};
  AttributeGcTrace(out);
  EXPECT_DOUBLE_EQ(out.cases[0].samples[0].Get("gc_ns").value(), 3.0e6 / 100);  // 2 + 1 ms over 100 iterations
  EXPECT_DOUBLE_EQ(out.cases[0].samples[0].Get("gc_count").value(), 2.0 / 100);
  EXPECT_DOUBLE_EQ(out.cases[0].samples[1].Get("gc_ns").value(), 0);  // nothing fell in 30..60 ms
}

TEST(GcTrace, WithoutAClockSyncNothingIsInvented) {
  WorkerOutput out;
  out.gc_clock_perf_ms = 5;
  out.other_lines = {"[1:0x1]       30 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 2.00 / 0.00 ms (x) allocation failure;"};
  CaseResult c;
  c.samples = {WallOnly()};
  out.cases.push_back(c);
  out.windows = {{{100, 0, 1000}}};
  AttributeGcTrace(out);
  EXPECT_FALSE(out.cases[0].samples[0].Get("gc_ns").has_value()) << "absent, not zero";
}

// A sealed worker's output (compare's workers): V8 prints its trace lines itself, without the seal; they reach
// the GC attribution and are not counted among the lines a suite wrote, which are dropped.
TEST(GcTrace, SealedOutputKeepsV8TraceLinesAndDropsASuitesLines) {
  const std::string trace =
      "[1:0x1]       30 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 2.00 / 0.00 ms (x) allocation failure;";
  const std::string text = "SEAL{\"type\":\"end\"}\n" + trace + "\na suite's console.log\n";
  int ignored = 0;
  const WorkerOutput out = ParseWorkerOutput(UnsealedOutput(text, "SEAL", ignored));
  EXPECT_TRUE(out.ended);
  EXPECT_EQ(ignored, 1);
  ASSERT_EQ(out.other_lines.size(), 1u);
  EXPECT_EQ(out.other_lines[0], trace);
  EXPECT_FALSE(IsGcTraceLine("a suite's console.log"));
}

// A bench that counts its own operations (a call of the served suite is one autocannon run of thousands of
// requests): its figures are per operation, and so is the GC the trace attributes to its window.
TEST(GcTrace, ABenchCountingItsOwnOperationsHasItsGcPerOperation) {
  WorkerOutput out = ParseWorkerOutput(
      "{\"type\":\"case\",\"name\":\"a\",\"status\":\"ok\",\"samples\":[{\"iterations\":1,\"operations\":1000,"
      "\"counters\":{\"wall_ns\":5},\"window_ms\":[10,20]},{\"iterations\":2,\"counters\":{\"wall_ns\":5},"
      "\"window_ms\":[30,60]}]}\n");
  out.gc_clock_perf_ms = 5;
  out.other_lines = {
      "[1:0x1]       19 ms: Mark-Compact 2.3 (2.8) -> 2.2 (2.8) MB, 3.00 / 0.00 ms (x) testing;",
      "[1:0x1]       30 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 2.00 / 0.00 ms (x) allocation failure;",  // 16 ms
      "[1:0x1]       50 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, 4.00 / 0.00 ms (x) allocation failure;",  // 36 ms
  };
  AttributeGcTrace(out);
  ASSERT_EQ(out.cases.size(), 1u);
  ASSERT_EQ(out.cases[0].samples.size(), 2u);
  EXPECT_DOUBLE_EQ(out.cases[0].samples[0].Get("gc_ns").value(), 2.0e6 / 1000);  // per operation
  EXPECT_DOUBLE_EQ(out.cases[0].samples[1].Get("gc_ns").value(), 4.0e6 / 2);     // per iteration
}

}  // namespace
}  // namespace v8bench::workers
