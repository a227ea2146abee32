// Welch's unequal-variances t-test on the means of two independent samples, with the
// Welch-Satterthwaite degrees of freedom and a real t distribution (not a normal approximation).
// Welch, Biometrika 34 (1947). This is what Node's benchmark/compare.R reports; v8bench shows it
// beside the Mann-Whitney test, which its verdict uses, because means are moved by a second mode.
#pragma once

#include <vector>

namespace v8bench::stats {

struct WelchResult {
  double t = 0;
  double df = 0;
  double p = 1;  // two-sided; 1 when either sample has fewer than two values or both have no spread
};

WelchResult WelchTTest(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace v8bench::stats
