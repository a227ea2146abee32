// The Wilcoxon signed-rank test: are paired differences (here, per-block log ratios new/base)
// symmetric about zero, against a shift in either direction? Each block is compared with itself, so
// a machine state that slows both samples of a block cancels out; rank-based, so a few blocks that
// straddle a state change move it far less than they move a paired t-test.
// Wilcoxon, Biometrics Bulletin 1 (1945); Hollander & Wolfe, "Nonparametric Statistical Methods"
// (1999), §3.1. Zeros, ties, the exact/approximate choice and the continuity correction as R's
// wilcox.test(paired = TRUE):
//  - zero differences are dropped before ranking (Wilcoxon's own handling; R's, and scipy's
//    zero_method="wilcox"), so n counts the non-zero differences only;
//  - exact when n < 50 and there are neither ties nor zeros: the null distribution of W+ by counting
//    the subsets of {1..n} with each rank sum;
//  - otherwise the normal approximation with the tie correction of the variance
//    (σ² = n(n+1)(2n+1)/24 - Σ(t³ - t)/48) and a continuity correction of 0.5 towards the mean,
//    exactly as R computes it (no clamping: R's p for |W+ - mean| < 0.5 is what this returns too).
// Limits: the test assumes the differences are independent and symmetric under the null. In
// v8bench that symmetry comes from the randomised order inside each block (under A/A the later
// sample of a block is equally likely to be either variant); it is lost if the order is fixed.
#pragma once

#include <cstddef>
#include <vector>

namespace v8bench::stats {

struct WilcoxonOptions {
  bool allow_exact = true;            // R's exact = NULL; false is R's exact = FALSE
  bool continuity_correction = true;  // R's correct
};

struct WilcoxonResult {
  double w_plus = 0;  // R's V: the sum of the ranks of the positive differences
  double z = 0;       // the normal-approximation statistic (0 when the exact distribution was used)
  double p = 1;       // two-sided
  std::size_t n = 0;  // non-zero differences, the ones ranked
  std::size_t zeros = 0;
  bool exact = false;
};

// p = 1 when no difference is non-zero.
WilcoxonResult WilcoxonSignedRank(const std::vector<double>& differences, WilcoxonOptions options = {});

// P(W+ <= w) under the null hypothesis for n non-zero differences without ties (R's psignrank).
// REQUIRES 0 <= n <= 1000 (the counts are held in doubles: exact while they stay below 2^53, i.e. n < 50,
// and accurate to rounding beyond).
double WilcoxonSignedRankExactCdf(double w, int n);

// The Hodges-Lehmann estimate of the centre of a symmetric sample: the median of the n(n+1)/2 Walsh
// averages (x_i + x_j)/2, i <= j. The estimator that goes with the signed-rank test (R's
// wilcox.test(conf.int = TRUE) "(pseudo)median"). Hodges & Lehmann, Ann. Math. Statist. 34 (1963).
// Breakdown point 29% (the median's is 50%); O(n² log n) time and O(n²) memory.
// REQUIRES a non-empty sample.
double HodgesLehmann(const std::vector<double>& xs);

}  // namespace v8bench::stats
