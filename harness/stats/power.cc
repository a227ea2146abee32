#include "harness/stats/power.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace v8bench::stats {

double MinSignedRankP(std::size_t n) {
  return std::min(1.0, std::ldexp(2.0, -static_cast<int>(std::min<std::size_t>(n, 2000))));
}

double MinRankSumP(std::size_t m, std::size_t n) {
  if (m == 0 || n == 0) return 1;
  // log C(m + n, m) through lgamma: exact enough for any size, and no overflow.
  const double log_choose = std::lgamma(static_cast<double>(m + n) + 1) - std::lgamma(static_cast<double>(m) + 1) -
                            std::lgamma(static_cast<double>(n) + 1);
  return std::min(1.0, 2.0 * std::exp(-log_choose));
}

std::size_t PairsNeeded(double level) {
  std::size_t n = 1;
  while (!(MinSignedRankP(n) < level) && n < 2000) ++n;
  return n;
}

std::size_t SamplesPerSideNeeded(double level) {
  std::size_t n = 1;
  while (!(MinRankSumP(n, n) < level) && n < 2000) ++n;
  return n;
}

std::size_t LargestFamily(double min_p, double alpha) {
  if (!(min_p > 0)) return std::numeric_limits<std::size_t>::max();
  // The largest m with m * min_p < alpha.
  const double m = std::ceil(alpha / min_p) - 1;
  if (m >= static_cast<double>(std::numeric_limits<std::size_t>::max())) return std::numeric_limits<std::size_t>::max();
  return m < 1 ? 0 : static_cast<std::size_t>(m);
}

}  // namespace v8bench::stats
