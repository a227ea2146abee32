// The Wilcoxon signed-rank test and the Hodges-Lehmann estimate, against reference values computed
// with R's wilcox.test (as quoted in SciPy's own test suite, scipy/stats/tests/test_morestats.py,
// TestWilcoxon) and against exact enumeration.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "harness/stats/wilcoxon.h"

namespace v8bench::stats {
namespace {

// P(W+ <= w) for n ranks without ties, by enumerating all 2^n sign patterns.
double EnumeratedSignRankCdf(double w, int n) {
  std::uint64_t below = 0;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
    int sum = 0;
    for (int k = 0; k < n; ++k) {
      if (mask & (std::uint64_t{1} << k)) sum += k + 1;
    }
    if (sum <= w) ++below;
  }
  return static_cast<double>(below) / std::ldexp(1.0, n);
}

TEST(Wilcoxon, ExactCdfMatchesEnumeration) {
  for (int n : {1, 2, 5, 9, 14}) {
    const int max_w = n * (n + 1) / 2;
    for (int w = -1; w <= max_w + 1; ++w) {
      EXPECT_NEAR(WilcoxonSignedRankExactCdf(w, n), EnumeratedSignRankCdf(w, n), 1e-15) << "n=" << n << " w=" << w;
    }
  }
}

TEST(Wilcoxon, ExactOnRsExample) {
  // R's ?wilcox.test example (Hollander & Wolfe p. 29, depression scale before/after):
  // wilcox.test(x, y, paired = TRUE, alternative = "greater") -> V = 40, p-value = 0.01953;
  // two-sided: 20/512 = 0.0390625.
  const std::vector<double> x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
  const std::vector<double> y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
  std::vector<double> d;
  for (std::size_t i = 0; i < x.size(); ++i) d.push_back(x[i] - y[i]);
  const auto r = WilcoxonSignedRank(d);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.n, 9u);
  EXPECT_DOUBLE_EQ(r.w_plus, 40);
  EXPECT_NEAR(r.p, 0.0390625, 1e-15);
  // The same differences negated: the other tail, the same p.
  for (double& v : d) v = -v;
  const auto s = WilcoxonSignedRank(d);
  EXPECT_DOUBLE_EQ(s.w_plus, 5);
  EXPECT_NEAR(s.p, 0.0390625, 1e-15);
}

TEST(Wilcoxon, NormalApproximationMatchesR) {
  // R: wilcox.test(x, y, paired=TRUE, exact=FALSE, correct={FALSE,TRUE}) -> p = 0.6948866, 0.7240817;
  // SciPy's T = min(W+, W-) = 34.
  const std::vector<double> x = {120, 114, 181, 188, 180, 146, 121, 191, 132, 113, 127, 112};
  const std::vector<double> y = {133, 143, 119, 189, 112, 199, 198, 113, 115, 121, 142, 187};
  std::vector<double> d;
  for (std::size_t i = 0; i < x.size(); ++i) d.push_back(x[i] - y[i]);
  const auto uncorrected = WilcoxonSignedRank(d, {.allow_exact = false, .continuity_correction = false});
  EXPECT_FALSE(uncorrected.exact);
  EXPECT_DOUBLE_EQ(std::min(uncorrected.w_plus, 78 - uncorrected.w_plus), 34);
  EXPECT_NEAR(uncorrected.p, 0.6948866, 1e-6);
  const auto corrected = WilcoxonSignedRank(d, {.allow_exact = false, .continuity_correction = true});
  EXPECT_NEAR(corrected.p, 0.7240817, 1e-6);
}

TEST(Wilcoxon, TiesAndZerosUseTheCorrectedNormalApproximation) {
  // R: wilcox.test(rep(0.1, 10), exact=FALSE, correct={FALSE,TRUE}) -> 0.001565402, 0.001904195.
  // Ties forbid the exact distribution, so the default gives the corrected value.
  const std::vector<double> tied(10, 0.1);
  EXPECT_NEAR(WilcoxonSignedRank(tied, {.continuity_correction = false}).p, 0.001565402, 1e-9);
  const auto r = WilcoxonSignedRank(tied);
  EXPECT_FALSE(r.exact);
  EXPECT_NEAR(r.p, 0.001904195, 1e-9);

  // SciPy's accuracy test, zero_method="wilcox" (R's handling: zeros dropped), correction=False:
  // 56 values of which 8 are zero; T = 327, p = 0.00641346115861.
  const int freq[] = {1, 4, 16, 15, 8, 4, 5, 1, 2};
  std::vector<double> d;
  for (int value = -4; value <= 4; ++value) d.insert(d.end(), static_cast<std::size_t>(freq[value + 4]), value);
  const auto z = WilcoxonSignedRank(d, {.continuity_correction = false});
  EXPECT_EQ(z.zeros, 8u);
  EXPECT_EQ(z.n, 48u);
  EXPECT_DOUBLE_EQ(z.w_plus, 327);
  EXPECT_NEAR(z.p, 0.00641346115861, 1e-12);
}

TEST(Wilcoxon, ExactBelowFiftyAndApproximateAbove) {
  std::vector<double> d;
  for (int i = 1; i <= 60; ++i) d.push_back((i % 3 == 0 ? -1 : 1) * (i + 0.5));
  const std::vector<double> small(d.begin(), d.begin() + 49);
  const auto exact = WilcoxonSignedRank(small);
  const auto approx = WilcoxonSignedRank(small, {.allow_exact = false});
  EXPECT_TRUE(exact.exact);
  EXPECT_FALSE(approx.exact);
  EXPECT_NEAR(exact.p, approx.p, 0.1 * exact.p);  // the approximation is close at n = 49
  EXPECT_FALSE(WilcoxonSignedRank(d).exact);
}

TEST(Wilcoxon, DegenerateInput) {
  EXPECT_EQ(WilcoxonSignedRank({}).p, 1);
  const auto zeros = WilcoxonSignedRank({0, 0, 0});
  EXPECT_EQ(zeros.p, 1);
  EXPECT_EQ(zeros.zeros, 3u);
  // One positive difference: W+ = 1 of 1, p = 2 * 1/2 = 1.
  EXPECT_EQ(WilcoxonSignedRank({0.3}).p, 1);
}

TEST(HodgesLehmann, MedianOfWalshAverages) {
  // {0, 1, 10}: Walsh averages 0, 0.5, 5, 1, 5.5, 10 -> median (1 + 5) / 2 = 3.
  EXPECT_DOUBLE_EQ(HodgesLehmann({0, 1, 10}), 3);
  EXPECT_DOUBLE_EQ(HodgesLehmann({1, 2, 3}), 2);
  EXPECT_DOUBLE_EQ(HodgesLehmann({4}), 4);
  // Shift equivariance, and a single wild value moves it little (the mean would move by 20).
  const std::vector<double> xs = {0.01, 0.03, 0.02, 0.05, 0.04, 0.06, 0.02};
  std::vector<double> shifted, wild = xs;
  for (double x : xs) shifted.push_back(x + 1);
  wild[0] = 140;
  EXPECT_NEAR(HodgesLehmann(shifted), HodgesLehmann(xs) + 1, 1e-12);
  EXPECT_LT(std::fabs(HodgesLehmann(wild) - HodgesLehmann(xs)), 0.02);
}

}  // namespace
}  // namespace v8bench::stats
