// The signed-rank test of blocks that come in clusters: with long-lived workers (docs/paired.md,
// "Long-lived workers") every block's log ratio comes from one pair of worker processes (block b: worker
// b mod K of each variant), and the blocks of one pair share the pair's speed offset. The signed-rank test
// (wilcoxon.h) treats the blocks as independent; with m blocks per pair and an intraclass correlation ρ
// (the share of the variance that lies between pairs) the variance of its statistic is larger by the
// design effect 1 + (m̄ - 1) ρ (Kish, "Survey Sampling" (1965), §5.4; m̄ = Σ m_g² / N for clusters of
// unequal size), and its p-values are too small by as much: at ρ = 0.3 with 4 pairs, a sequential A/A
// "found" a change in 13% of simulated comparisons at alpha 0.01 (docs/statistics.md, "Blocks from
// long-lived workers").
// The guard:
//  - the scores are the statistic's own summands, the signed mid-ranks of the non-zero differences
//    (W+ - n(n+1)/4 is half their sum), so the design effect is that of the statistic, and one wild
//    block moves the estimate by one rank at most;
//  - ρ by the one-way analysis of variance of the scores by cluster (Fisher's estimator, as in Donner,
//    Int. Stat. Rev. 54 (1986)), with n0 = (N - Σ m_g² / N) / (G - 1) for unequal sizes;
//  - with few clusters (4 pairs: 3 degrees of freedom) that estimate is far too often near 0 when ρ is
//    not, so the design effect uses its upper confidence bound instead: with F = MSB / MSW, the bound
//    (F / F_q - 1) / (F / F_q + n0 - 1), F_q the kIccUpperTail quantile of F(G - 1, N - G) (Searle,
//    "Linear Models" (1971), §9.7; exact for equal sizes and normal scores), truncated to [0, 1];
//  - z = (W+ - n(n+1)/4 ∓ 1/2) / sqrt(Var(W+) · deff) (R's normal approximation with its tie and
//    continuity corrections, its variance scaled), p = 2 Φ(-|z|). A design effect of 1 (no cluster of two
//    or more blocks, or a bound of 0) leaves the plain test (exact where wilcoxon.h is).
// kIccUpperTail was chosen by the seeded simulation in tests/clustered_test.cc (4 pairs, ρ 0 to 0.5, the
// sequential rule of sequential.h at alpha 0.01): a tail whose A/A rate stays within alpha at every ρ
// simulated (0.25 did not at ρ = 0.3 and 0.5). The price is power where ρ is 0 (docs/statistics.md).
// Limits: a normal model of the scores (a rank statistic's); the clusters' effects exchangeable (one
// pair of processes is like another); with one cluster ρ cannot be estimated and the plain test is
// returned with `clusters` = 1 for the caller to say so.
#pragma once

#include <cstddef>
#include <vector>

#include "harness/stats/wilcoxon.h"

namespace v8bench::stats {

// The upper tail of the ICC's confidence bound that the design effect uses (see above).
inline constexpr double kIccUpperTail = 0.15;

struct ClusterEffect {
  std::size_t clusters = 0;  // distinct clusters among the values
  double icc = 0;            // the ANOVA estimate of ρ, truncated to [0, 1] (0 with fewer than 2 clusters)
  double icc_upper = 0;      // its upper bound at kIccUpperTail, truncated to [0, 1]
  double mean_size = 1;      // Kish's m̄ = Σ m_g² / N
  double design_effect = 1;  // 1 + (m̄ - 1) icc_upper
};

// ρ of `values` by `cluster` (parallel vectors; any cluster ids), and the design effect at its bound.
ClusterEffect EstimateClusterEffect(const std::vector<double>& values, const std::vector<std::size_t>& cluster);

struct ClusteredSignedRankResult {
  WilcoxonResult plain;  // the test that treats the differences as independent
  ClusterEffect effect;  // of the signed ranks
  double p = 1;          // the guarded p: plain.p when the design effect is 1
};

// The signed-rank test of `differences` against 0, corrected for the design effect of `cluster`
// (parallel; empty: every difference its own cluster, the plain test).
ClusteredSignedRankResult ClusteredSignedRank(const std::vector<double>& differences,
                                              const std::vector<std::size_t>& cluster);

}  // namespace v8bench::stats
