// A group-sequential version of the paired signed-rank test (paired.h): the comparison looks at its
// per-block log ratios at a fixed schedule of block counts and may stop at any look, with no peeking
// bias, because the level alpha is spent over the looks in advance:
//  - the looks: kFirstLook blocks, then 25% more each time, and the horizon N (--max-runs) last;
//  - the spending function (Lan & DeMets, Biometrika 70 (1983)): the share of alpha spent by the
//    information fraction t = n / N is Pocock-type, ln(1 + (e - 1) t) (Jennison & Turnbull, "Group
//    Sequential Methods with Applications to Clinical Trials" (2000), §7.2), so look k gets the share
//    w_k = S(t_k) - S(t_(k-1)). O'Brien-Fleming-type spending gives the early looks nominal levels
//    (below 1e-6 at 10 of 50 blocks) that an exact rank test cannot reach with so few blocks
//    (2 / 2^n, power.h): its early looks would be empty;
//  - the looks are combined by Bonferroni's inequality rather than by the joint normal law of the
//    looks' statistics: the sequential p-value is min_k p_k / w_k over the looks taken (p_k: the
//    Wilcoxon signed-rank p of the first n_k log ratios), so P(p <= u) <= sum_k P(p_k <= u w_k) <= u
//    under "no change", whatever the distribution of the log ratios (each p_k is exact or R's
//    approximation) and whatever rule stopped the sampling. That is what lets Holm (holm.h) take it
//    like any p-value: Holm over cases of these p-values keeps the family's error at alpha. The cost
//    of Bonferroni over exact joint boundaries is small: the looks share little alpha where they are
//    most correlated (docs/statistics.md, "Sequential stopping", has the derivation and the simulated
//    error rates and power);
//  - the repeated confidence intervals (Jennison & Turnbull ch. 9): at look k the sign test's interval
//    of the median log ratio at level 1 - alpha w_k (order statistics; Hollander & Wolfe §3.6): the
//    median is the estimate v8bench reports, and the interval needs neither symmetry nor light tails
//    (one slow block moves it by one order statistic at most). By the same inequality all of them cover
//    the true median at once with probability at least 1 - alpha, so "the interval at some look lies
//    within ±X" may stop the comparison and claim "no change beyond X" at that level.
//  - blocks from long-lived workers come in clusters (one pair of processes each): each look's p_k is then
//    the signed-rank p corrected for the design effect of the first n_k blocks' clusters (clustered.h),
//    estimated afresh at every look, so each p_k stays a valid p-value and the inequality above holds.
// Limits: as the fixed test's (paired.h): log ratios symmetric under no change; blocks independent, or
// independent between the clusters given.
#pragma once

#include <cstddef>
#include <vector>

#include "harness/stats/bootstrap.h"
#include "harness/stats/clustered.h"

namespace v8bench::stats {

// The first look: with 9 blocks the exact signed-rank p cannot go below 2 / 2^9 = 0.0039, above the
// Pocock-type share of alpha 0.01 that a first look gets at the default horizon (0.0030 at 10 of 50).
inline constexpr std::size_t kFirstLook = 10;
inline constexpr double kLookGrowth = 1.25;  // each look 25% more blocks than the one before

struct SequentialDesign {
  double alpha = 0.01;          // spent over the looks, per comparison (the equivalence claims' level too)
  std::size_t max_blocks = 50;  // the horizon N: the last look, where all of alpha is spent
  double equivalence = 0.05;    // X, a fraction: "no change beyond X" when a look's interval is within ratio ±X
};

// Lan-DeMets Pocock-type spending: the cumulative share of alpha spent by information fraction t in
// [0, 1], ln(1 + (e - 1) t).
double PocockTypeSpending(double t);

struct SequentialLook {
  std::size_t blocks = 0;
  double share = 0;  // w_k: of alpha, spent at this look
};
// kFirstLook, then each look kLookGrowth times the last (rounded up), then max_blocks; one look at
// max_blocks when it is below kFirstLook. The shares sum to 1.
std::vector<SequentialLook> SequentialLooks(std::size_t max_blocks);

struct SequentialResult {
  // min over the looks taken of p_k / w_k, capped at 1: a p-value valid whatever stopped the sampling.
  double p = 1;
  std::size_t looks = 0;          // looks taken: log ratios reached their block counts
  std::size_t last_look = 0;      // blocks at the last look taken (0: none)
  double min_p = 1;               // the smallest p reachable at the looks taken (min_k (2 / 2^n_k) / w_k)
  std::size_t equivalent_at = 0;  // blocks at the first look whose interval is within ±X; 0: none
  RatioInterval interval;         // the repeated interval of the median at the last look (0, inf: unbounded)
  std::vector<double> p_by_look;  // the sequential p as it stood after each look taken
  ClusterEffect clusters;         // the blocks' clusters at the last look taken (design effect 1: none)
};

// The sequential test of `log_ratios` in block order (log(new / base) per block, as LogRatios). `clusters`:
// per log ratio, the cluster its block belongs to (the pair of processes that ran it); empty: the blocks
// are independent.
SequentialResult SequentialSignedRank(const std::vector<double>& log_ratios, const SequentialDesign& design,
                                      const std::vector<std::size_t>& clusters = {});

// The fewest blocks at whose look a comparison can reach `level` (its smallest p there, (2 / 2^n) / w_k,
// below it); 0 when no look up to max_blocks can.
std::size_t SequentialBlocksNeeded(std::size_t max_blocks, double level);

// Whether a comparison may stop: its sequential p is below `level` (the level its verdict is decided at:
// alpha over the Holm family's size, so the Holm verdict holds), or a look's interval was within ±X.
bool SequentialDecided(const SequentialResult& r, double level);
inline bool SequentialStopped(const SequentialResult& r, double level) {
  return SequentialDecided(r, level) || r.equivalent_at > 0;
}

}  // namespace v8bench::stats
