#include "harness/stats/clustered.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "harness/stats/distributions.h"
#include "harness/stats/ranks.h"

namespace v8bench::stats {

ClusterEffect EstimateClusterEffect(const std::vector<double>& values, const std::vector<std::size_t>& cluster) {
  ClusterEffect e;
  struct Group {
    double sum = 0;
    std::size_t n = 0;
  };
  std::map<std::size_t, Group> groups;
  for (std::size_t i = 0; i < values.size() && i < cluster.size(); ++i) {
    Group& g = groups[cluster[i]];
    g.sum += values[i];
    ++g.n;
  }
  e.clusters = groups.size();
  double n = 0, sum = 0, sum_sq_sizes = 0;
  for (const auto& [id, g] : groups) {
    n += static_cast<double>(g.n);
    sum += g.sum;
    sum_sq_sizes += static_cast<double>(g.n) * static_cast<double>(g.n);
  }
  if (n == 0) return e;
  e.mean_size = sum_sq_sizes / n;
  const double k = static_cast<double>(groups.size());
  if (groups.size() < 2 || n <= k) return e;  // no variance between, or none within, to compare
  const double grand = sum / n;
  double between = 0, within = 0;
  for (const auto& [id, g] : groups) {
    const double mean = g.sum / static_cast<double>(g.n);
    between += static_cast<double>(g.n) * (mean - grand) * (mean - grand);
  }
  for (std::size_t i = 0; i < values.size() && i < cluster.size(); ++i) {
    const Group& g = groups.at(cluster[i]);
    const double d = values[i] - g.sum / static_cast<double>(g.n);
    within += d * d;
  }
  const double msb = between / (k - 1), msw = within / (n - k);
  const double n0 = (n - sum_sq_sizes / n) / (k - 1);
  const auto icc_at = [n0](double f) { return std::clamp((f - 1) / (f + n0 - 1), 0.0, 1.0); };
  if (!(msw > 0)) {  // every cluster constant inside: all of the variance lies between them
    e.icc = e.icc_upper = msb > 0 ? 1.0 : 0.0;
  } else {
    const double f = msb / msw;
    e.icc = icc_at(f);
    e.icc_upper = icc_at(f / FQuantile(kIccUpperTail, k - 1, n - k));
  }
  e.design_effect = 1 + (e.mean_size - 1) * e.icc_upper;
  return e;
}

ClusteredSignedRankResult ClusteredSignedRank(const std::vector<double>& differences,
                                              const std::vector<std::size_t>& cluster) {
  ClusteredSignedRankResult r;
  r.plain = WilcoxonSignedRank(differences);
  r.p = r.plain.p;
  if (cluster.size() != differences.size() || r.plain.n == 0) return r;
  // The signed mid-ranks of the non-zero differences, each with its cluster (the order of wilcoxon.cc).
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < differences.size(); ++i) {
    if (differences[i] != 0) order.push_back(i);
  }
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return std::fabs(differences[a]) < std::fabs(differences[b]); });
  const MidRanks ranks = RankSorted(order.size(), [&](std::size_t k) { return std::fabs(differences[order[k]]); });
  std::vector<double> scores(order.size());
  std::vector<std::size_t> clusters(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    scores[k] = std::copysign(ranks.rank[k], differences[order[k]]);
    clusters[k] = cluster[order[k]];
  }
  r.effect = EstimateClusterEffect(scores, clusters);
  if (!(r.effect.design_effect > 1)) return r;
  const WilcoxonResult normal = WilcoxonSignedRank(differences, {.allow_exact = false});
  r.p = std::min(1.0, 2 * NormalCdf(-std::fabs(normal.z) / std::sqrt(r.effect.design_effect)));
  return r;
}

}  // namespace v8bench::stats
