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
};
std::optional<FloorSummary> SummariseFloor(const CaseResult& result);

// The CV above which a figure is flagged as noisy.
inline constexpr double kHighCv = 0.05;

}  // namespace v8bench
