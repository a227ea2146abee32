// The smallest p-value a rank test can reach with the samples at hand, whatever the data. A rank test's
// exact null distribution is discrete: with n paired differences the signed-rank statistic W+ takes
// 2^n equally likely sign patterns, so the most extreme outcome (all signs alike) has two-sided
// p = 2 / 2^n (R: 2 * psignrank(0, n)); with samples of m and n the rank-sum statistic takes
// C(m + n, m) equally likely rank sets, so the most extreme has p = 2 / C(m + n, m)
// (R: 2 * pwilcox(0, m, n)). Hollander & Wolfe, "Nonparametric Statistical Methods" (1999), §3.1 and §4.1.
// When that smallest p, multiplied by the Holm family size m (the first step of Holm's procedure,
// holm.h), is not below alpha, no comparison of the family can be significant: the test has no power,
// and its result says nothing about whether there is a change.
// Limits: these are the exact tests' bounds (no ties, no zero differences); the normal approximation
// used for ties or 50 and more values reaches slightly higher minima for a handful of values, far
// smaller ones (below 1e-9) at 50.
#pragma once

#include <cstddef>

namespace v8bench::stats {

// 2 / 2^n, capped at 1: the smallest two-sided Wilcoxon signed-rank p with n non-zero differences.
double MinSignedRankP(std::size_t n);

// 2 / C(m + n, m), capped at 1: the smallest two-sided Mann-Whitney p with samples of m and n values.
double MinRankSumP(std::size_t m, std::size_t n);

// The fewest paired differences whose smallest signed-rank p is below `level` (alpha / family size).
// REQUIRES level > 0.
std::size_t PairsNeeded(double level);

// The fewest values per sample (equal sizes) whose smallest rank-sum p is below `level`.
// REQUIRES level > 0.
std::size_t SamplesPerSideNeeded(double level);

// The most comparisons a Holm family can hold while a test whose smallest p is `min_p` can still be
// significant at `alpha` in it (min_p * m < alpha); 0 when not even one.
std::size_t LargestFamily(double min_p, double alpha);

}  // namespace v8bench::stats
