// The standard per-iteration metrics, named and normalised in one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/measure/heap_probe.h"
#include "harness/measure/thresholds.h"
#include "harness/model/result.h"

namespace v8bench {

// The standard metrics: every fact about one of them is written here once. The CSV and console
// columns, the `--metric` choices and help of compare/diff, the comparison's titles and value
// formatting, the figures a comparison keeps per sample and the fields `diff` reads all derive from
// this table. Adding a metric is one row (plus measuring it in PerIteration).
struct MetricInfo {
  const char* counter;  // the counter and JSON field name, e.g. "cpu_ns"
  Unit unit;
  const char* option;    // the --metric name of compare/diff, or nullptr when it cannot be compared
  const char* title;     // the compare report's column title
  const char* gb_field;  // Google Benchmark JSON's field for it (in its time_unit), or nullptr
  const char* help;      // what it is, for --metric's help (compared metrics only)
  // A count that repeats exactly enough to be judged by its measured repeatability (stats/counted.h),
  // not by a test over samples; its workers count it (workers/instruction_count.h).
  bool counted = false;
};

inline constexpr MetricInfo kMetrics[] = {
    {"wall_ns", Unit::kNanoseconds, "wall", "wall/iter", "real_time", "wall time"},
    {"cpu_ns", Unit::kNanoseconds, "cpu", "CPU/iter", "cpu_time", "main-thread CPU time"},
    {"process_cpu_ns", Unit::kNanoseconds, "process", "all-thread CPU/iter", nullptr,
     "CPU time of all threads: V8 collects and compiles on helper threads too, so a small young generation shows "
     "here, not in main-thread CPU"},
    {"gc_ns", Unit::kNanoseconds, "gc", "GC/iter", nullptr, "main-thread GC pause time, all kinds"},
    {"gc_count", Unit::kCount, nullptr, "GCs/iter", nullptr, nullptr},
    {"alloc_bytes", Unit::kBytes, "alloc", "alloc/iter", nullptr, "bytes allocated on the V8 heap"},
    {"peak_heap_bytes", Unit::kBytes, nullptr, "peak heap", nullptr, nullptr},  // a peak, not per iteration
    {"page_faults", Unit::kCount, "faults", "faults/iter", nullptr,
     "minor page faults of the main thread: memory touched for the first time (see docs/measurement.md, \"Which "
     "memory\")"},
    // Only when counted (`run --metric instructions`, docs/instructions.md): absent from time runs.
    {"instructions", Unit::kCount, "instructions", "instr/iter", nullptr,
     "instructions executed in the timed batches, counted under Valgrind's callgrind (or by the CPU's "
     "hardware counter where it has one): the workers run under simulation with deterministic V8 flags and a fixed "
     "iteration count; a verdict is a change beyond the counts' measured repeatability (docs/instructions.md)",
     true},
};

// What compare and diff compare when no --metric is given.
inline constexpr const char* kDefaultCompareMetric = "cpu";

// The metric of counter `counter`, or of --metric `option`; nullptr when there is none.
const MetricInfo* FindMetric(std::string_view counter);
const MetricInfo* FindMetricOption(std::string_view option);
// The --metric names, in table order: "wall", "cpu", ...
std::vector<std::string> MetricOptions();
// The unit of any counter: the registry's for a standard metric, else by its name's suffix (_ns
// nanoseconds, _bytes bytes), else a count. The worker protocol carries counters without units.
Unit CounterUnit(std::string_view counter);
// True for the standard metrics and the per-GC-kind breakdowns (scavenge_count, mark_compact_ns, ...).
bool IsStandardCounter(std::string_view counter);
// True for a key a run JSON's benchmark entry (report/json_reporter) holds besides the repetition's
// counters, which are written beside them: name, iterations, real_time, isolate, ... (and the worker
// protocol's "counters").
bool IsRunEntryField(std::string_view key);
// True for a name a suite's own counter (counters(state)) may not take: a figure v8bench measures
// (IsStandardCounter), the harness's own per-repetition tags (names starting "__"), or an entry field
// (IsRunEntryField). Such a counter would replace the measured value or the result's own field.
bool IsReservedCounterName(std::string_view counter);
// Why a suite's counter named `counter` (IsReservedCounterName) fails its case, for every host: the
// embedded one and the external runner's protocol lines alike.
std::string ReservedCounterMessage(std::string_view counter);

}  // namespace v8bench

namespace v8bench::metric {

// Names for the code that measures them (PerIteration) and reads them back (reporters).
inline constexpr const char* kWall = kMetrics[0].counter;
inline constexpr const char* kCpu = kMetrics[1].counter;         // main thread
inline constexpr const char* kProcessCpu = kMetrics[2].counter;  // all threads
inline constexpr const char* kGc = kMetrics[3].counter;          // main-thread GC pause, all kinds
inline constexpr const char* kGcCount = kMetrics[4].counter;
inline constexpr const char* kAlloc = kMetrics[5].counter;
inline constexpr const char* kPeakHeap = kMetrics[6].counter;      // a peak over the batch, not per iteration
inline constexpr const char* kPageFaults = kMetrics[7].counter;    // main thread, minor
inline constexpr const char* kInstructions = kMetrics[8].counter;  // counted, when asked for

}  // namespace v8bench::metric

namespace v8bench {

// The share of wall time spent in main-thread GC pauses (0..1; 0 when wall is 0). Against wall, not
// CPU: a pause is wall time (the main thread may wait for helper threads), so a share of CPU can
// exceed 100%.
inline double GcShare(double gc_ns, double wall_ns) { return wall_ns > 0 ? gc_ns / wall_ns : 0; }

// Whether V8's background work (all-thread CPU minus main-thread CPU, per iteration) differs enough
// between two measurements of one case to say the work moved between threads: the larger is more than
// kThreadShiftNoted times the smaller and at least kThreadShareFloor of its own all-thread CPU (a case
// that barely uses background threads is not named for moving a few microseconds). Work that moves
// between threads moves the main-thread figure with it, and not one for one: when V8's ArrayBuffer
// sweeping runs on a worker instead of the main thread, glibc's malloc on the main thread takes its slow
// path as another thread frees the buffers, and a byte-stream case costs the main thread ~1.5x as much
// (docs/measurement.md, "Which isolate, and which thread"). One rule for the
// repetitions of a run (report/case_summary SummariseThreads) and the variants of a comparison
// (analysis ThreadNote). The thresholds: measure/thresholds.h.
inline bool ThreadsShifted(double least_background_ns, double most_background_ns, double most_all_ns) {
  return most_background_ns >= kThreadShareFloor * most_all_ns &&
         most_background_ns > kThreadShiftNoted * least_background_ns;
}

// Two CPUs timed the same work apart: their medians differ by more than kCpuSpreadNoted (max/min - 1).
// On a VM the vCPUs need not run at the same speed (docs/measurement.md, "Which CPU"). One rule for the repetitions of
// a run (report/case_summary SummariseCpus) and the samples of a comparison (analysis CpuNote).
inline bool CpusDiffer(double fastest, double slowest) {
  return fastest > 0 && slowest / fastest - 1 > kCpuSpreadNoted;
}

// Totals for one timed batch.
struct BatchCost {
  std::uint64_t wall_ns = 0;
  std::uint64_t cpu_ns = 0;
  std::uint64_t process_cpu_ns = 0;
  std::uint64_t page_faults = 0;  // minor, main thread
  int cpu_at_start = -1;          // the CPU the main thread was on (CurrentCpu), -1 unknown
  int cpu_at_end = -1;
  HeapReading heap_before;
  HeapReading heap_after;
  std::optional<std::uint64_t> instructions;  // counted (BatchTimer with an InstructionCounter)
};

// Per-iteration counters for a batch of `iterations` (or of that many operations, when a bench counts
// its own): the standard metrics then one count and one pause time per GC kind that occurred.
std::vector<Counter> PerIteration(const BatchCost& cost, double iterations);

}  // namespace v8bench
