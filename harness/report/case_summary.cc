#include "harness/report/case_summary.h"

#include "harness/measure/metrics.h"
#include "harness/stats/statistics.h"

namespace v8bench {

const MetricSummary* CaseSummary::Find(const std::string& name) const {
  for (const auto& m : metrics) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

CaseSummary Summarise(const CaseResult& result) {
  CaseSummary out;
  if (result.samples.empty()) return out;
  for (const Counter& c : result.samples.front().counters) {
    std::vector<double> xs;
    for (const Sample& s : result.samples) {
      if (auto v = s.Get(c.name)) xs.push_back(*v);
    }
    MetricSummary m;
    static_cast<stats::Summary&>(m) = stats::Describe(xs);
    m.name = c.name;
    m.unit = c.unit;
    out.metrics.push_back(m);
  }
  return out;
}

std::optional<FloorSummary> SummariseFloor(const CaseResult& result) {
  if (!result.native || result.native->ns_per_iteration.empty()) return std::nullopt;
  FloorSummary f;
  f.kind = result.native->kind;
  f.native_ns = stats::Median(result.native->ns_per_iteration);
  const CaseSummary s = Summarise(result);
  if (const MetricSummary* wall = s.Find(metric::kWall); wall != nullptr && f.native_ns > 0) {
    f.js_over_native = wall->median / f.native_ns;
  }
  return f;
}

}  // namespace v8bench
