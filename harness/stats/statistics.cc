#include "harness/stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace v8bench::stats {

double Mean(const std::vector<double>& xs) {
  return std::accumulate(xs.begin(), xs.end(), 0.0) / static_cast<double>(xs.size());
}

double Quantile(std::vector<double> xs, double q) {
  std::sort(xs.begin(), xs.end());
  const double pos = q * static_cast<double>(xs.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, xs.size() - 1);
  const double frac = pos - static_cast<double>(lo);
  return xs[lo] + (xs[hi] - xs[lo]) * frac;
}

double Median(std::vector<double> xs) { return Quantile(std::move(xs), 0.5); }

double MedianInPlace(std::vector<double>& xs) {
  const std::size_t n = xs.size();
  const std::size_t mid = n / 2;
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid), xs.end());
  const double upper = xs[mid];
  if (n % 2 == 1) return upper;
  const double lower = *std::max_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

double StdDev(const std::vector<double>& xs) {
  if (xs.size() < 2) return 0;
  const double m = Mean(xs);
  double ss = 0;
  for (double x : xs) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(xs.size() - 1));
}

double Cv(const std::vector<double>& xs) {
  const double m = Mean(xs);
  return m == 0 ? 0 : StdDev(xs) / std::fabs(m);
}

double Min(const std::vector<double>& xs) { return *std::min_element(xs.begin(), xs.end()); }
double Max(const std::vector<double>& xs) { return *std::max_element(xs.begin(), xs.end()); }

Summary Describe(const std::vector<double>& xs) {
  Summary s;
  s.n = xs.size();
  if (xs.empty()) return s;
  s.median = Median(xs);
  s.mean = Mean(xs);
  s.stddev = StdDev(xs);
  s.cv = Cv(xs);
  s.min = Min(xs);
  s.max = Max(xs);
  return s;
}

}  // namespace v8bench::stats
