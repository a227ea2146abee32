// A case's figures summarised over its repetitions, as every reporter shows them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/model/result.h"
#include "harness/stats/statistics.h"

namespace v8bench {

struct MetricSummary : stats::Summary {
  std::string name;
  Unit unit = Unit::kCount;
};

struct CaseSummary {
  std::vector<MetricSummary> metrics;  // in the samples' counter order
  const MetricSummary* Find(const std::string& name) const;
};

CaseSummary Summarise(const CaseResult& result);

// The native floor's median time per iteration, and JS wall time over it (how many times slower
// the engine is than the machine for the same work). Absent when the case has no floor.
struct FloorSummary {
  std::string kind;
  double native_ns = 0;
  double js_over_native = 0;
  bool below_floor = false;  // a copy floor slower than JS: not steady, the ratio is not shown
};
std::optional<FloorSummary> SummariseFloor(const CaseResult& result);

// What code the repetitions ran, for the table's mark and a plain-words note.
struct CodeSummary {
  std::string mark;  // tiers of batch loop and bench ("TT"), then ! (changed while timed), ≠ (differs
                     // between repetitions), ⧗ (warm-up hit --max-warmup); empty when unknown
  std::string note;  // "2 of 5 repetitions ran code that V8 changed while they were timed"; empty: nothing to say
};
CodeSummary SummariseCode(const CaseResult& result);
// The one-line legend of the mark.
inline constexpr const char* kCodeLegend =
    "code: tiers of the batch loop and the bench (T TurboFan, M Maglev, S Sparkplug, I Ignition, ? unknown); "
    "! V8 changed the code while a repetition was timed; ≠ repetitions ran different code; ⧗ warm-up hit --max-warmup";

// How far apart the medians of the case's fresh isolates are (RunSettings::isolates): each isolate
// times at its own speed (heap layout, tiering history), and the reported median is over all of them.
struct IsolateSpread {
  int isolates = 0;
  double spread = 0;  // max/min - 1 of the isolates' median main-thread CPU times (wall time also moves with
                      // the machine's load; CPU time is what the isolate's code cost)
};
// Absent for a case timed in one isolate (or without samples).
std::optional<IsolateSpread> SummariseIsolates(const CaseResult& result);
// The spread above which a case is named after the table.
inline constexpr double kIsolateSpreadNoted = 0.10;

// How differently the repetitions shared the work between the main thread and V8's background threads
// (process CPU minus main-thread CPU, per iteration). Work that moves between threads moves the
// main-thread figure with it, and not one for one: streams/web_byte_stream (32-byte chunks, 2-vCPU VM)
// took 0.9-1.0 ms of main-thread CPU per transfer in the repetitions where V8's ArrayBuffer sweeping
// ran on the main thread (about 100 us on other threads) and 1.4-1.7 ms where it ran on a worker
// (300-400 us there): glibc's malloc on the main thread takes its slow path when another thread frees
// the buffers (results/2026-11-30-debian12-2cpu/arraybuffer-sweeping/).
struct ThreadShift {
  double least_ns = 0;  // the smallest and largest background CPU per iteration over the repetitions
  double most_ns = 0;
};
// Present when the repetitions' background CPU per iteration differs by more than kThreadShiftNoted
// times and the larger is at least kThreadShareFloor of that repetition's all-thread CPU (a case that
// barely uses background threads is not named for moving a few microseconds).
std::optional<ThreadShift> SummariseThreads(const CaseResult& result);
inline constexpr double kThreadShiftNoted = 2.0;
inline constexpr double kThreadShareFloor = 0.05;

// The CV above which a figure is flagged as noisy.
inline constexpr double kHighCv = 0.05;

}  // namespace v8bench
