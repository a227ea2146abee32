#include "harness/stats/sequential.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/stats/distributions.h"
#include "harness/stats/power.h"
#include "harness/stats/wilcoxon.h"

namespace v8bench::stats {
namespace {

// The upper 1 - q quantile of the standard normal law, by bisection on NormalCdf (q in (0, 0.5]).
double NormalUpperQuantile(double q) {
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (NormalCdf(-mid) > q ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The count of sign patterns of {1..n} with each sum of positive ranks W+ (the exact null law of the
// signed-rank statistic, times 2^n), grown one rank at a time so that every look reads its own n.
class SignedRankLaw {
 public:
  explicit SignedRankLaw(std::size_t max_n) : count_(max_n * (max_n + 1) / 2 + 1, 0.0) { count_[0] = 1; }
  void GrowTo(std::size_t n) {
    for (; n_ < n; ++n_) {
      const std::size_t k = n_ + 1;
      for (std::size_t s = k * (k + 1) / 2; s >= k; --s) count_[s] += count_[s - k];
    }
  }
  // The largest c with P(W+ <= c - 1) <= q (0: none), for the current n.
  std::size_t LowerCritical(double q) const {
    const double total = std::ldexp(1.0, static_cast<int>(n_));
    double below = 0;
    std::size_t c = 0;
    const std::size_t max_w = n_ * (n_ + 1) / 2;
    while (c <= max_w && (below + count_[c]) / total <= q) below += count_[c++];
    return c;
  }

 private:
  std::vector<double> count_;
  std::size_t n_ = 0;
};

// The number k of smallest (and largest) Walsh averages outside the signed-rank interval at level
// `level` (two-sided) with n differences: Hollander & Wolfe §3.3, the largest k with P(W+ <= k - 1) <=
// level / 2; exact below 50 differences, else the normal approximation. 0: the interval is unbounded.
std::size_t WalshCutoff(SignedRankLaw& law, std::size_t n, double level) {
  if (n < 50) {
    law.GrowTo(n);
    return law.LowerCritical(level / 2);
  }
  const double nn = static_cast<double>(n);
  const double mean = nn * (nn + 1) / 4;
  const double sd = std::sqrt(nn * (nn + 1) * (2 * nn + 1) / 24);
  const double k = std::floor(mean - NormalUpperQuantile(level / 2) * sd);
  return k < 1 ? 0 : static_cast<std::size_t>(k);
}

// The repeated interval of the centre of xs at `level`, as a ratio (exp of the Walsh bounds).
RatioInterval WalshInterval(const std::vector<double>& xs, std::size_t cutoff) {
  RatioInterval r{1, 0, std::numeric_limits<double>::infinity()};
  std::vector<double> walsh;
  walsh.reserve(xs.size() * (xs.size() + 1) / 2);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    for (std::size_t j = i; j < xs.size(); ++j) walsh.push_back((xs[i] + xs[j]) / 2);
  }
  std::sort(walsh.begin(), walsh.end());
  r.ratio = std::exp(walsh[(walsh.size() - 1) / 2]);
  if (cutoff == 0 || cutoff > walsh.size() / 2) return r;
  r.low = std::exp(walsh[cutoff - 1]);
  r.high = std::exp(walsh[walsh.size() - cutoff]);
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

SequentialResult SequentialSignedRank(const std::vector<double>& log_ratios, const SequentialDesign& design) {
  SequentialResult r;
  const std::vector<SequentialLook> looks = SequentialLooks(design.max_blocks);
  SignedRankLaw law(std::min<std::size_t>(log_ratios.size(), 49));
  const double bound = std::log1p(design.equivalence);
  for (const SequentialLook& look : looks) {
    if (log_ratios.size() < look.blocks || look.share <= 0) break;
    const std::vector<double> first(log_ratios.begin(), log_ratios.begin() + static_cast<long>(look.blocks));
    ++r.looks;
    r.last_look = look.blocks;
    r.p = std::min(r.p, WilcoxonSignedRank(first).p / look.share);
    r.p_by_look.push_back(std::min(r.p, 1.0));
    r.min_p = std::min(r.min_p, MinSignedRankP(look.blocks) / look.share);
    r.interval = WalshInterval(first, WalshCutoff(law, look.blocks, design.alpha * look.share));
    if (r.equivalent_at == 0 && std::log(r.interval.low) > -bound && std::log(r.interval.high) < bound) {
      r.equivalent_at = look.blocks;
    }
  }
  r.p = std::min(r.p, 1.0);
  r.min_p = std::min(r.min_p, 1.0);
  return r;
}

bool SequentialDecided(const SequentialResult& r, double level) { return r.looks > 0 && r.p < level; }

}  // namespace v8bench::stats
