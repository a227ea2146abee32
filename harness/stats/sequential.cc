#include "harness/stats/sequential.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/power.h"

namespace v8bench::stats {
namespace {

// The number k of smallest (and largest) log ratios outside the sign test's interval of the median at
// `level` (two-sided) with n values: the largest k with P(B <= k - 1) <= level / 2, B ~ Binomial(n, 1/2)
// (Hollander & Wolfe §3.6; exact, by the binomial law's terms in logs). 0: the interval is unbounded.
std::size_t SignCutoff(std::size_t n, double level) {
  const double nn = static_cast<double>(n);
  double below = 0;
  std::size_t k = 0;
  for (; k <= n; ++k) {
    const double kk = static_cast<double>(k);
    const double term =
        std::exp(std::lgamma(nn + 1) - std::lgamma(kk + 1) - std::lgamma(nn - kk + 1) - nn * std::log(2.0));
    if (below + term > level / 2) break;
    below += term;
  }
  return k;
}

// The repeated interval of the median of xs, as a ratio: exp of the order statistics `cutoff` from each end.
RatioInterval SignInterval(std::vector<double> xs, std::size_t cutoff) {
  RatioInterval r{1, 0, std::numeric_limits<double>::infinity()};
  std::sort(xs.begin(), xs.end());
  const std::size_t n = xs.size();
  r.ratio = std::exp(n % 2 == 1 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2);
  if (cutoff == 0 || 2 * cutoff > n) return r;
  r.low = std::exp(xs[cutoff - 1]);
  r.high = std::exp(xs[n - cutoff]);
  return r;
}

}  // namespace

double PocockTypeSpending(double t) { return std::log(1 + (std::exp(1.0) - 1) * std::clamp(t, 0.0, 1.0)); }

std::vector<SequentialLook> SequentialLooks(std::size_t max_blocks) {
  std::vector<SequentialLook> looks;
  std::size_t n = kFirstLook;
  while (n < max_blocks) {
    looks.push_back({n, 0});
    n = std::max(n + 1, static_cast<std::size_t>(std::ceil(static_cast<double>(n) * kLookGrowth)));
  }
  looks.push_back({max_blocks, 0});
  double spent = 0;
  for (SequentialLook& look : looks) {
    const double cumulative = PocockTypeSpending(static_cast<double>(look.blocks) / static_cast<double>(max_blocks));
    look.share = cumulative - spent;
    spent = cumulative;
  }
  return looks;
}

SequentialResult SequentialSignedRank(const std::vector<double>& log_ratios, const SequentialDesign& design,
                                      const std::vector<std::size_t>& clusters) {
  SequentialResult r;
  const std::vector<SequentialLook> looks = SequentialLooks(design.max_blocks);
  const double bound = std::log1p(design.equivalence);
  for (const SequentialLook& look : looks) {
    if (log_ratios.size() < look.blocks || look.share <= 0) break;
    const auto end = static_cast<long>(look.blocks);
    const std::vector<double> first(log_ratios.begin(), log_ratios.begin() + end);
    std::vector<std::size_t> first_clusters;
    if (clusters.size() == log_ratios.size()) first_clusters.assign(clusters.begin(), clusters.begin() + end);
    const ClusteredSignedRankResult test = ClusteredSignedRank(first, first_clusters);
    ++r.looks;
    r.last_look = look.blocks;
    r.clusters = test.effect;
    r.p = std::min(r.p, test.p / look.share);
    r.p_by_look.push_back(std::min(r.p, 1.0));
    r.min_p = std::min(r.min_p, MinSignedRankP(look.blocks) / look.share);
    r.interval = SignInterval(first, SignCutoff(look.blocks, design.alpha * look.share));
    if (r.equivalent_at == 0 && std::log(r.interval.low) > -bound && std::log(r.interval.high) < bound) {
      r.equivalent_at = look.blocks;
    }
  }
  r.p = std::min(r.p, 1.0);
  r.min_p = std::min(r.min_p, 1.0);
  return r;
}

std::size_t SequentialBlocksNeeded(std::size_t max_blocks, double level) {
  for (const SequentialLook& look : SequentialLooks(max_blocks)) {
    if (look.share > 0 && MinSignedRankP(look.blocks) / look.share < level) return look.blocks;
  }
  return 0;
}

bool SequentialDecided(const SequentialResult& r, double level) { return r.looks > 0 && r.p < level; }

}  // namespace v8bench::stats
