#include "harness/stats/counted.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/statistics.h"

namespace v8bench::stats {

double Repeatability(const std::vector<double>& counts) {
  if (counts.size() < 2) return 0;
  const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
  if (!(*lo > 0)) return std::numeric_limits<double>::infinity();
  return *hi / *lo - 1;
}

CountedComparison CompareCounts(const std::vector<double>& base, const std::vector<double>& next) {
  CountedComparison c;
  if (base.size() < kCountedMinSamples || next.size() < kCountedMinSamples) return c;
  const double base_median = Median(base);
  if (!(base_median > 0)) return c;
  c.repeatability = std::max(Repeatability(base), Repeatability(next));
  if (!std::isfinite(c.repeatability)) return c;
  const double ratio = Median(next) / base_median;
  c.ratio = {ratio, ratio / (1 + c.repeatability), ratio * (1 + c.repeatability)};
  c.tolerance = std::max(kCountedRepeatabilityFactor * c.repeatability, kCountedFloor);
  if (std::abs(ratio - 1) <= c.tolerance) {
    c.verdict = Verdict::kNoChange;
  } else {
    c.verdict = ratio > 1 ? Verdict::kHigher : Verdict::kLower;
  }
  return c;
}

}  // namespace v8bench::stats
