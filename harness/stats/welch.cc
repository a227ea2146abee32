#include "harness/stats/welch.h"

#include <cmath>

#include "harness/stats/distributions.h"
#include "harness/stats/statistics.h"

namespace v8bench::stats {

WelchResult WelchTTest(const std::vector<double>& x, const std::vector<double>& y) {
  WelchResult r;
  if (x.size() < 2 || y.size() < 2) return r;
  const double n1 = static_cast<double>(x.size()), n2 = static_cast<double>(y.size());
  const double s1 = StdDev(x), s2 = StdDev(y);
  const double v1 = s1 * s1 / n1, v2 = s2 * s2 / n2;
  const double se2 = v1 + v2;
  const double diff = Mean(x) - Mean(y);
  if (se2 <= 0) {
    if (diff != 0) r.p = 0;
    r.t = diff == 0 ? 0 : std::copysign(INFINITY, diff);
    return r;
  }
  r.t = diff / std::sqrt(se2);
  r.df = se2 * se2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
  r.p = StudentTTwoSidedP(r.t, r.df);
  return r;
}

}  // namespace v8bench::stats
