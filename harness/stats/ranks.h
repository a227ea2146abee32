// Mid-ranks with ties, as the rank tests (Mann-Whitney, Wilcoxon signed-rank) use them.
#pragma once

#include <cstddef>
#include <vector>

namespace v8bench::stats {

// Ranks 1..n of n elements already sorted by `key` (key(i) is element i's sort key); tied elements
// share the mean of the ranks they span. tie_term is the sum over tie groups of t^3 - t, the tie
// correction of the normal approximations (Hollander & Wolfe, Nonparametric Statistical Methods).
struct MidRanks {
  std::vector<double> rank;
  double tie_term = 0;
  bool ties = false;
};

template <class Key>
MidRanks RankSorted(std::size_t n, Key key) {
  MidRanks out;
  out.rank.resize(n);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && key(j) == key(i)) ++j;
    const double t = static_cast<double>(j - i);
    const double mid = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2;
    if (t > 1) {
      out.ties = true;
      out.tie_term += t * t * t - t;
    }
    for (std::size_t k = i; k < j; ++k) out.rank[k] = mid;
    i = j;
  }
  return out;
}

}  // namespace v8bench::stats
