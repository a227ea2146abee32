#include "harness/stats/modality.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/statistics.h"

namespace v8bench::stats {
namespace {

double BimodalityCoefficient(const std::vector<double>& xs) {
  const double n = static_cast<double>(xs.size());
  const double m = Mean(xs);
  double m2 = 0, m3 = 0, m4 = 0;
  for (double x : xs) {
    const double d = x - m;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  if (m2 <= 0) return 0;
  // Bias-corrected sample skewness and excess kurtosis (as SAS, and scipy with bias=False).
  const double g1 = m3 / std::pow(m2, 1.5);
  const double skew = g1 * std::sqrt(n * (n - 1)) / (n - 2);
  const double g2 = m4 / (m2 * m2) - 3;
  const double kurt = ((n + 1) * g2 + 6) * (n - 1) / ((n - 2) * (n - 3));
  return (skew * skew + 1) / (kurt + 3 * (n - 1) * (n - 1) / ((n - 2) * (n - 3)));
}

}  // namespace

Modality DetectModality(const std::vector<double>& input) {
  Modality out;
  const std::size_t n = input.size();
  if (n < 10) return out;
  std::vector<double> xs = input;
  std::sort(xs.begin(), xs.end());
  out.bimodality_coefficient = BimodalityCoefficient(xs);

  // Best split by prefix sums: SS(group) = Σx² - (Σx)²/k.
  std::vector<double> s(n + 1, 0), s2(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    s[i + 1] = s[i] + xs[i];
    s2[i + 1] = s2[i] + xs[i] * xs[i];
  }
  auto ss = [&](std::size_t a, std::size_t b) {  // [a, b)
    const double k = static_cast<double>(b - a);
    const double sum = s[b] - s[a];
    return std::max(0.0, (s2[b] - s2[a]) - sum * sum / k);
  };
  std::size_t best_k = 1;
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t k = 1; k < n; ++k) {
    const double within = ss(0, k) + ss(k, n);
    if (within < best) {
      best = within;
      best_k = k;
    }
  }
  const std::vector<double> low(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(best_k));
  const std::vector<double> high(xs.begin() + static_cast<std::ptrdiff_t>(best_k), xs.end());
  out.low_count = low.size();
  out.boundary = (low.back() + high.front()) / 2;
  out.high_count = high.size();
  out.low_median = Median(low);
  out.high_median = Median(high);
  const double sl = StdDev(low), sh = StdDev(high);
  const double spread = std::sqrt(sl * sl + sh * sh);
  const double gap = std::fabs(Mean(high) - Mean(low));
  out.ashman_d = spread > 0 ? std::sqrt(2.0) * gap / spread : (gap > 0 ? std::numeric_limits<double>::infinity() : 0);
  const std::size_t minor = std::min(low.size(), high.size());
  out.multimodal = out.bimodality_coefficient > 5.0 / 9.0 && out.ashman_d > 4 && minor >= 2 &&
                   static_cast<double>(minor) >= 0.05 * static_cast<double>(n);
  return out;
}

}  // namespace v8bench::stats
