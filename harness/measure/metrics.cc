#include "harness/measure/metrics.h"

#include "harness/model/case_fields.h"

#include <algorithm>

#include <string>

namespace v8bench {

std::uint64_t YoungCollections(const HeapReading& r) {
  return r.gc_count[static_cast<std::size_t>(GcKind::kScavenge)] +
         r.gc_count[static_cast<std::size_t>(GcKind::kMinorMarkCompact)];
}

double AllocatedBetween(const HeapReading& before, const HeapReading& after) {
  // Signed on purpose: the used heap can shrink across a batch.
  const double freed = static_cast<double>(after.freed_bytes - before.freed_bytes);
  const double growth = static_cast<double>(after.used_bytes) - static_cast<double>(before.used_bytes);
  return std::max(growth + freed, 0.0);
}

const char* GcKindName(GcKind kind) {
  switch (kind) {
    case GcKind::kScavenge:
      return "scavenge";
    case GcKind::kMinorMarkCompact:
      return "minor_mark_compact";
    case GcKind::kMarkCompact:
      return "mark_compact";
    case GcKind::kIncrementalMarking:
      return "incremental_marking";
    case GcKind::kWeakProcessing:
      return "weak_processing";
  }
  return "?";
}

const MetricInfo* FindMetric(std::string_view counter) {
  for (const MetricInfo& m : kMetrics) {
    if (counter == m.counter) return &m;
  }
  return nullptr;
}

const MetricInfo* FindMetricOption(std::string_view option) {
  for (const MetricInfo& m : kMetrics) {
    if (m.option != nullptr && option == m.option) return &m;
  }
  return nullptr;
}

std::vector<std::string> MetricOptions() {
  std::vector<std::string> out;
  for (const MetricInfo& m : kMetrics) {
    if (m.option != nullptr) out.emplace_back(m.option);
  }
  return out;
}

Unit CounterUnit(std::string_view counter) {
  if (const MetricInfo* m = FindMetric(counter)) return m->unit;
  if (counter.ends_with("_ns")) return Unit::kNanoseconds;
  if (counter.ends_with("_bytes")) return Unit::kBytes;
  return Unit::kCount;
}

bool IsStandardCounter(std::string_view counter) {
  if (FindMetric(counter) != nullptr) return true;
  for (std::size_t k = 0; k < kGcKinds; ++k) {
    const std::string kind = GcKindName(static_cast<GcKind>(k));
    if (counter == kind + "_count" || counter == kind + "_ns") return true;
  }
  return false;
}

bool IsRunEntryField(std::string_view key) {
  // Google Benchmark's keys, the case's own, a repetition's tags (also the worker protocol's).
  static constexpr std::string_view kResultKeys[] = {"name",
                                                     "run_name",
                                                     "run_type",
                                                     "family_index",
                                                     "per_family_instance_index",
                                                     "repetitions",
                                                     "repetition_index",
                                                     "threads",
                                                     "iterations",
                                                     "real_time",
                                                     "cpu_time",
                                                     "time_unit",
                                                     "aggregate_name",
                                                     "aggregate_unit",
                                                     "error_occurred",
                                                     "error_message",
                                                     "suite",
                                                     "bench",
                                                     "realm",
                                                     "params",
                                                     "status",
                                                     "native_kind",
                                                     "native_ns",
                                                     "js_over_native",
                                                     "native_below_floor",
                                                     "isolate",
                                                     "main_cpu",
                                                     "main_cpu_moved",
                                                     "code",
                                                     "counters"};
  for (std::string_view field : kResultKeys) {
    if (key == field) return true;
  }
  return IsCaseFieldKey(key);  // the case's own fields, declared once (model/case_fields.h)
}

bool IsReservedCounterName(std::string_view counter) {
  return IsStandardCounter(counter) || counter.starts_with("__") || IsRunEntryField(counter);
}

std::string ReservedCounterMessage(std::string_view counter) {
  const std::string name(counter);
  return "counters(state) returns '" + name +
         "', the name of a figure or field v8bench records itself; a suite's own counter cannot replace it: give it "
         "another name (e.g. 'suite_" +
         name + "')";
}

std::vector<Counter> PerIteration(const BatchCost& cost, double iterations) {
  const double n = iterations > 0 ? iterations : 1.0;
  const HeapReading& a = cost.heap_before;
  const HeapReading& b = cost.heap_after;
  const std::uint64_t gc_ns = b.total_pause_ns - a.total_pause_ns;
  // Collections only: incremental-marking steps and weak-callback processing are reported per kind
  // but are not collections of their own.
  std::uint64_t gc_count = 0;
  for (GcKind k : {GcKind::kScavenge, GcKind::kMinorMarkCompact, GcKind::kMarkCompact}) {
    const auto i = static_cast<std::size_t>(k);
    gc_count += b.gc_count[i] - a.gc_count[i];
  }
  const double alloc = AllocatedBetween(a, b);

  std::vector<Counter> out = {
      {metric::kWall, static_cast<double>(cost.wall_ns) / n, Unit::kNanoseconds},
      {metric::kCpu, static_cast<double>(cost.cpu_ns) / n, Unit::kNanoseconds},
      {metric::kProcessCpu, static_cast<double>(cost.process_cpu_ns) / n, Unit::kNanoseconds},
      {metric::kGc, static_cast<double>(gc_ns) / n, Unit::kNanoseconds},
      {metric::kGcCount, static_cast<double>(gc_count) / n, Unit::kCount},
      {metric::kAlloc, alloc / n, Unit::kBytes},
      {metric::kPeakHeap, static_cast<double>(b.peak_used_bytes), Unit::kBytes},
      {metric::kPageFaults, static_cast<double>(cost.page_faults) / n, Unit::kCount},
  };
  if (cost.instructions)
    out.push_back({metric::kInstructions, static_cast<double>(*cost.instructions) / n, Unit::kCount});
  for (std::size_t k = 0; k < kGcKinds; ++k) {
    const auto count = b.gc_count[k] - a.gc_count[k];
    if (count == 0) continue;
    const std::string kind = GcKindName(static_cast<GcKind>(k));
    out.push_back({kind + "_count", static_cast<double>(count) / n, Unit::kCount});
    out.push_back({kind + "_ns", static_cast<double>(b.gc_pause_ns[k] - a.gc_pause_ns[k]) / n, Unit::kNanoseconds});
  }
  return out;
}

}  // namespace v8bench
