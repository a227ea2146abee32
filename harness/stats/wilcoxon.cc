#include "harness/stats/wilcoxon.h"

#include <algorithm>
#include <cmath>

#include "harness/stats/distributions.h"
#include "harness/stats/ranks.h"
#include "harness/stats/statistics.h"

namespace v8bench::stats {

double WilcoxonSignedRankExactCdf(double w, int n) {
  if (w < 0) return 0;
  const int max_w = n * (n + 1) / 2;
  if (w >= max_w) return 1;
  // count[s]: the number of subsets of {1..k} whose sum is s, after step k (each rank is positive or not).
  std::vector<double> count(static_cast<std::size_t>(max_w) + 1, 0.0);
  count[0] = 1;
  for (int k = 1; k <= n; ++k) {
    for (int s = k * (k + 1) / 2; s >= k; --s) count[s] += count[s - k];
  }
  const auto limit = static_cast<int>(std::floor(w + 1e-9));
  double below = 0;
  for (int s = 0; s <= limit; ++s) below += count[s];
  return std::min(1.0, below / std::ldexp(1.0, n));
}

WilcoxonResult WilcoxonSignedRank(const std::vector<double>& differences, WilcoxonOptions options) {
  WilcoxonResult r;
  std::vector<double> d;
  d.reserve(differences.size());
  for (double x : differences) {
    if (x == 0) {
      ++r.zeros;
    } else {
      d.push_back(x);
    }
  }
  r.n = d.size();
  if (d.empty()) return r;
  std::sort(d.begin(), d.end(), [](double a, double b) { return std::fabs(a) < std::fabs(b); });
  const MidRanks ranks = RankSorted(d.size(), [&](std::size_t i) { return std::fabs(d[i]); });
  for (std::size_t k = 0; k < d.size(); ++k) {
    if (d[k] > 0) r.w_plus += ranks.rank[k];
  }
  const bool ties = ranks.ties;
  const double tie_term = ranks.tie_term;
  const double n = static_cast<double>(r.n);
  const double mean = n * (n + 1) / 4;
  if (options.allow_exact && r.n < 50 && !ties && r.zeros == 0) {
    r.exact = true;
    const int ni = static_cast<int>(r.n);
    // R: the tail on the side of W+, doubled; P(W+ >= w) = P(W+ <= n(n+1)/2 - w) by symmetry.
    const double tail = WilcoxonSignedRankExactCdf(r.w_plus > mean ? 2 * mean - r.w_plus : r.w_plus, ni);
    r.p = std::min(1.0, 2 * tail);
    return r;
  }
  const double var = n * (n + 1) * (2 * n + 1) / 24 - tie_term / 48;
  if (var <= 0) return r;
  const double diff = r.w_plus - mean;
  const double correction = options.continuity_correction && diff != 0 ? std::copysign(0.5, diff) : 0;
  r.z = (diff - correction) / std::sqrt(var);
  r.p = std::min(1.0, 2 * NormalCdf(-std::fabs(r.z)));  // the lower tail keeps tiny p-values exact
  return r;
}

double HodgesLehmann(const std::vector<double>& xs) {
  std::vector<double> walsh;
  walsh.reserve(xs.size() * (xs.size() + 1) / 2);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    for (std::size_t j = i; j < xs.size(); ++j) walsh.push_back((xs[i] + xs[j]) / 2);
  }
  return Median(std::move(walsh));
}

}  // namespace v8bench::stats
