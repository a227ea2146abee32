// The Mann-Whitney U test (Wilcoxon rank-sum): do two independent samples come from the same
// distribution, against a shift in either direction? Rank-based, so a few outliers or a second mode
// in one sample move it far less than they move a t-test on means.
// Mann & Whitney, Ann. Math. Statist. 18 (1947); the tie-corrected normal approximation as in
// Hollander & Wolfe, "Nonparametric Statistical Methods" (1999), §4.1; exact and approximate choice
// and the continuity correction as R's wilcox.test.
#pragma once

#include <vector>

namespace v8bench::stats {

struct MannWhitneyResult {
  double u = 0;  // U of the first sample: the number of pairs (x, y) with x > y, ties counting 1/2
  double z = 0;  // the normal-approximation statistic (0 when the exact distribution was used)
  double p = 1;  // two-sided
  bool exact = false;
};

// Exact when both samples have fewer than 50 values and there are no ties; otherwise the normal
// approximation with tie correction and continuity correction. Samples with fewer than one value
// each give p = 1.
MannWhitneyResult MannWhitneyU(const std::vector<double>& x, const std::vector<double>& y);

// P(U <= u) under the null hypothesis, for sample sizes m and n without ties (exact: the
// coefficients of the Gaussian binomial coefficient [m+n choose m]_q, Andrews 1976).
double MannWhitneyExactCdf(double u, int m, int n);

}  // namespace v8bench::stats
