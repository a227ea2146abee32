#include "harness/stats/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "harness/stats/distributions.h"
#include "harness/stats/ranks.h"

namespace v8bench::stats {

double MannWhitneyExactCdf(double u, int m, int n) {
  if (u < 0) return 0;
  const int max_u = m * n;
  if (u >= max_u) return 1;
  // c holds the coefficients of [n+i choose i]_q after step i: the number of arrangements with each U.
  std::vector<double> c(static_cast<std::size_t>(max_u) + 1, 0.0);
  c[0] = 1;
  for (int i = 1; i <= m; ++i) {
    const int up = n + i;  // multiply by (1 - q^(n+i)) ...
    for (int k = max_u; k >= up; --k) c[k] -= c[k - up];
    for (int k = i; k <= max_u; ++k) c[k] += c[k - i];  // ... and divide by (1 - q^i)
  }
  double total = 0, below = 0;
  const auto limit = static_cast<int>(std::floor(u + 1e-9));
  for (int k = 0; k <= max_u; ++k) {
    total += c[k];
    if (k <= limit) below += c[k];
  }
  return std::min(1.0, below / total);
}

MannWhitneyResult MannWhitneyU(const std::vector<double>& x, const std::vector<double>& y) {
  MannWhitneyResult r;
  const std::size_t m = x.size(), n = y.size();
  if (m == 0 || n == 0) return r;
  std::vector<std::pair<double, int>> all;
  all.reserve(m + n);
  for (double v : x) all.emplace_back(v, 0);
  for (double v : y) all.emplace_back(v, 1);
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const MidRanks ranks = RankSorted(all.size(), [&](std::size_t i) { return all[i].first; });
  double rank_sum_x = 0;
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k].second == 0) rank_sum_x += ranks.rank[k];
  }
  const bool ties = ranks.ties;
  const double tie_term = ranks.tie_term;
  const double dm = static_cast<double>(m), dn = static_cast<double>(n), N = dm + dn;
  r.u = rank_sum_x - dm * (dm + 1) / 2;
  if (!ties && m < 50 && n < 50) {
    r.exact = true;
    const double u_small = std::min(r.u, dm * dn - r.u);
    r.p = std::min(1.0, 2 * MannWhitneyExactCdf(u_small, static_cast<int>(m), static_cast<int>(n)));
    return r;
  }
  const double mean = dm * dn / 2;
  const double var = dm * dn / 12 * ((N + 1) - tie_term / (N * (N - 1)));
  if (var <= 0) return r;  // every value equal
  const double diff = r.u - mean;
  const double corrected = std::max(0.0, std::fabs(diff) - 0.5);
  r.z = std::copysign(corrected / std::sqrt(var), diff);
  r.p = std::min(1.0, 2 * (1 - NormalCdf(std::fabs(r.z))));
  return r;
}

}  // namespace v8bench::stats
