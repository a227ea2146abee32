// A case's figures summarised over its repetitions, as every reporter shows them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/model/result.h"

namespace v8bench {

struct MetricSummary {
  std::string name;
  Unit unit = Unit::kCount;
  double median = 0;
  double mean = 0;
  double stddev = 0;
  double cv = 0;
  double min = 0;
  double max = 0;
  std::size_t n = 0;
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
};
std::optional<FloorSummary> SummariseFloor(const CaseResult& result);

// The CV above which a figure is flagged as noisy.
inline constexpr double kHighCv = 0.05;

}  // namespace v8bench
