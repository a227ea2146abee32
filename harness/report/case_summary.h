// A case's figures summarised over its repetitions, as every reporter shows them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
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
                     // between repetitions), 1 (a call per repetition: RunSettings::LongCallSeconds), ⧗ (warm-up
                     // hit --max-warmup); empty when unknown
  std::string note;  // "2 of 5 repetitions ran code that V8 changed while they were timed", "3 repetitions were
                     // timed again because ..." (RunSettings::rerun_changed); empty: nothing to say
};
CodeSummary SummariseCode(const CaseResult& result);
// The one-line legend of the mark.
inline constexpr const char* kCodeLegend =
    "code: tiers of the batch loop and the bench (T TurboFan, M Maglev, S Sparkplug, I Ignition, ? unknown); "
    "! V8 changed the code while a repetition was timed; ≠ repetitions ran different code; 1 one call per repetition "
    "(calls that last --min-time or longer); ⧗ warm-up hit --max-warmup";

// How far apart the medians of the case's fresh isolates are (RunSettings::isolates): each isolate
// times at its own speed (heap layout, tiering history), and the reported median is over all of them.
struct IsolateSpread {
  int isolates = 0;
  double spread = 0;  // max/min - 1 of the isolates' median main-thread CPU times (wall time also moves with
                      // the machine's load; CPU time is what the isolate's code cost)
};
// Absent for a case timed in one isolate (or without samples).
std::optional<IsolateSpread> SummariseIsolates(const CaseResult& result);
// The spread above which a case is named after the table: measure/thresholds.h kIsolateSpreadNoted.

// How far apart the repetitions that ran on different CPUs are (Sample::main_cpu; repetitions whose
// main thread moved between CPUs are left out): on a VM whose vCPUs run at different speeds a case's
// figure follows the CPU it ran on (docs/measurement.md, "Which CPU").
struct CpuSpread {
  std::vector<int> cpus;              // the CPUs, ascending
  std::vector<double> median_cpu_ns;  // the median main-thread CPU time per iteration on each
  double spread = 0;                  // max/min - 1 of those medians
};
// Absent unless the repetitions ran on at least two CPUs.
std::optional<CpuSpread> SummariseCpus(const CaseResult& result);
// Whether the case is named after the table: its fastest and slowest CPU's medians differ
// (measure/metrics.h CpusDiffer, the rule compare's CPU note uses too).
bool CpusNoted(const CpuSpread& spread);
// "CPU 0 2.05 µs, CPU 1 3.4 µs": each CPU's median, as the console and HTML reports name them.
std::string CpuMediansText(const CpuSpread& spread);
// " · main thread pinned to CPU 0 (other threads on 0-1)" for a run with --main-cpu, else empty: the
// run's header says it, since it decides which of a VM's CPUs every figure comes from.
std::string PinnedText(const RunContext& context);

// How differently the repetitions shared the work between the main thread and V8's background threads
// (process CPU minus main-thread CPU, per iteration; why it matters: measure/metrics.h ThreadsShifted).
struct ThreadShift {
  double least_ns = 0;  // the smallest and largest background CPU per iteration over the repetitions
  double most_ns = 0;
};
// Present when the repetitions' smallest and largest background CPU per iteration are ThreadsShifted
// (measure/metrics.h: more than kThreadShiftNoted times apart, the larger a real share of its repetition).
std::optional<ThreadShift> SummariseThreads(const CaseResult& result);

}  // namespace v8bench
