// The comparison statistics against reference values computed with SciPy 1.10 (scipy.stats,
// scipy.special) and R's p.adjust, and the properties the driver relies on (seeded, reproducible).
#include <gtest/gtest.h>

#include <cmath>

#include "harness/stats/bootstrap.h"
#include "harness/stats/compare.h"
#include "harness/stats/distributions.h"
#include "harness/stats/holm.h"
#include "harness/stats/mann_whitney.h"
#include "harness/stats/modality.h"
#include "harness/stats/power.h"
#include "harness/stats/rng.h"
#include "harness/stats/welch.h"

namespace v8bench::stats {
namespace {

const std::vector<double> kX = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
const std::vector<double> kY = {1.15, 0.88, 0.90, 0.74, 1.21};

TEST(Distributions, NormalCdf) {
  EXPECT_NEAR(NormalCdf(1.96), 0.9750021048517795, 1e-12);
  EXPECT_NEAR(NormalCdf(-3), 0.0013498980316300933, 1e-12);
  EXPECT_DOUBLE_EQ(NormalCdf(0), 0.5);
}

TEST(Distributions, RegularizedIncompleteBeta) {
  // scipy.special.betainc(a, b, x)
  EXPECT_NEAR(RegularizedIncompleteBeta(0.3, 2.5, 3.5), 0.2967529892956661, 1e-12);
  EXPECT_NEAR(RegularizedIncompleteBeta(0.9, 0.5, 0.5), 0.7951672353008662, 1e-12);
  EXPECT_NEAR(RegularizedIncompleteBeta(0.2, 10, 20), 0.049263517304212585, 1e-12);
  EXPECT_EQ(RegularizedIncompleteBeta(0, 2, 3), 0);
  EXPECT_EQ(RegularizedIncompleteBeta(1, 2, 3), 1);
}

TEST(Distributions, StudentT) {
  // 2 * scipy.stats.t.sf(|t|, df)
  EXPECT_NEAR(StudentTTwoSidedP(2.1, 3.7), 0.10926470508222474, 1e-10);
  EXPECT_NEAR(StudentTTwoSidedP(-1.0, 30), 0.32530861542602985, 1e-10);
  EXPECT_NEAR(StudentTTwoSidedP(1, 1), 0.5, 1e-12);
  EXPECT_EQ(StudentTTwoSidedP(INFINITY, 5), 0);
}

TEST(MannWhitney, ExactWithoutTies) {
  // R's example data; scipy.stats.mannwhitneyu(x, y, method='exact'): U = 35, p = 0.2544122544122544.
  const auto r = MannWhitneyU(kX, kY);
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 35);
  EXPECT_NEAR(r.p, 0.2544122544122544, 1e-12);
  // Complete separation of 3 and 4 values: p = 2/35.
  const auto s = MannWhitneyU({1, 2, 3}, {4, 5, 6, 7});
  EXPECT_DOUBLE_EQ(s.u, 0);
  EXPECT_NEAR(s.p, 0.05714285714285714, 1e-12);
  EXPECT_NEAR(MannWhitneyExactCdf(0, 3, 4), 1.0 / 35, 1e-15);
}

TEST(MannWhitney, NormalApproximationWithTies) {
  // scipy: method='asymptotic', use_continuity=True -> U = 30, p = 0.009371664169231873.
  const auto r = MannWhitneyU({1, 2, 2, 3, 3, 3, 4, 5, 5, 6, 7, 8}, {3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9, 10, 11});
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 30);
  EXPECT_NEAR(r.p, 0.009371664169231873, 1e-9);
}

TEST(MannWhitney, LargeSamplesUseTheNormalApproximation) {
  // 60 and 55 values (no ties): scipy asymptotic with continuity -> U = 1242, p = 0.02251521341498784.
  const std::vector<double> u = {
      2.040919,  -2.555665, 0.418099,  -0.56777,  -0.452649, -0.215597, -2.019986, -0.231932, -0.865213, 3.323,
      0.225787,  -0.352631, -0.281287, -0.668046, -1.055151, -0.390801, 0.481945,  -0.238554, 0.957759,  -0.199802,
      0.02426,   1.545821,  0.545106,  -0.505229, -0.182839, 0.540525,  1.935088,  -0.26962,  -0.243559, 1.002314,
      -0.88646,  -0.29172,  0.882539,  0.58035,   0.091517,  0.670104,  -2.828162, 1.021307,  -0.959645, -1.66862,
      0.276446,  0.700545,  -0.444767, -1.076406, 0.026125,  -0.052747, 1.405598,  0.747408,  0.193816,  1.111633,
      -0.205523, -0.9259,   0.584058,  0.582538,  -0.214829, -0.782809, 0.229154,  -2.493894, 0.690125,  0.491368};
  const std::vector<double> v = {-1.138857, 0.561354,  -0.4641,   1.257221,  -1.534167, -0.414495, 1.20958,  1.656401,
                                 -1.658005, 0.00196,   0.82802,   -0.109216, 2.09064,   -0.691227, 0.854532, -0.548406,
                                 1.905963,  0.478349,  0.127749,  -1.218185, 2.181826,  1.252779,  1.253564, 1.637881,
                                 0.849227,  -0.139247, -0.300241, -0.3002,   1.870072,  -0.960381, -0.09637, 0.178756,
                                 0.724619,  1.075349,  -0.749097, -1.230013, 0.495586,  1.713564,  1.257058, 0.715651,
                                 0.182844,  0.793234,  0.256665,  1.317207,  -0.294447, 0.63424,   0.38922,  1.043359,
                                 0.724639,  3.050035,  1.998655,  1.996737,  -1.539504, 0.159683,  -0.108611};
  const auto r = MannWhitneyU(u, v);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 1242);
  EXPECT_NEAR(r.p, 0.02251521341498784, 1e-9);
}

TEST(MannWhitney, DegenerateSamples) {
  EXPECT_EQ(MannWhitneyU({}, {1, 2}).p, 1);
  EXPECT_EQ(MannWhitneyU({1, 1, 1}, {1, 1, 1}).p, 1);
}

TEST(Welch, MatchesScipy) {
  // scipy.stats.ttest_ind(x, y, equal_var=False): t = 2.0413830922100695, p = 0.06210134378107843.
  const auto r = WelchTTest(kX, kY);
  EXPECT_NEAR(r.t, 2.0413830922100695, 1e-10);
  EXPECT_NEAR(r.p, 0.06210134378107843, 1e-9);
  EXPECT_EQ(WelchTTest({1}, {2, 3}).p, 1);
  EXPECT_EQ(WelchTTest({1, 1}, {1, 1}).p, 1);
  EXPECT_EQ(WelchTTest({1, 1}, {2, 2}).p, 0);
}

TEST(Holm, MatchesRsPAdjust) {
  // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
  const auto adj = HolmAdjust({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(adj.size(), 4u);
  EXPECT_NEAR(adj[0], 0.03, 1e-15);
  EXPECT_NEAR(adj[1], 0.06, 1e-15);
  EXPECT_NEAR(adj[2], 0.06, 1e-15);
  EXPECT_NEAR(adj[3], 0.02, 1e-15);
  EXPECT_EQ(HolmAdjust({0.9, 0.8})[0], 1);
  EXPECT_TRUE(HolmAdjust({}).empty());
}

TEST(Power, SmallestReachablePMatchesR) {
  // 2 * psignrank(0, n): 6 -> 0.03125, 5 -> 0.0625, 20 -> 1.907349e-06
  EXPECT_DOUBLE_EQ(MinSignedRankP(6), 0.03125);
  EXPECT_DOUBLE_EQ(MinSignedRankP(5), 0.0625);
  EXPECT_NEAR(MinSignedRankP(20), 1.907349e-06, 1e-12);
  EXPECT_EQ(MinSignedRankP(0), 1);
  EXPECT_EQ(MinSignedRankP(1), 1);
  // 2 * pwilcox(0, m, n): (5, 5) -> 0.007936508, (6, 6) -> 0.002164502, (3, 7) -> 0.01666667, (1, 1) -> 1
  EXPECT_NEAR(MinRankSumP(5, 5), 0.007936508, 1e-9);
  EXPECT_NEAR(MinRankSumP(6, 6), 0.002164502, 1e-9);
  EXPECT_NEAR(MinRankSumP(3, 7), 0.01666667, 1e-8);
  EXPECT_DOUBLE_EQ(MinRankSumP(1, 1), 1);
  EXPECT_EQ(MinRankSumP(0, 5), 1);
  // The fewest blocks below a level: alpha 0.05 alone 6; Holm over 4 (0.0125) 8; over 100 (5e-4) 12.
  EXPECT_EQ(PairsNeeded(0.05), 6u);
  EXPECT_EQ(PairsNeeded(0.05 / 4), 8u);
  EXPECT_EQ(PairsNeeded(0.05 / 100), 12u);    // 2/4096 = 0.00049
  EXPECT_EQ(SamplesPerSideNeeded(0.05), 4u);  // 2/C(8,4) = 0.029; 2/C(6,3) = 0.1
  EXPECT_EQ(SamplesPerSideNeeded(0.05 / 4), 5u);
  // m * min_p < alpha: 0.05 / 0.03125 = 1.6 -> 1; exactly 0.5 / 0.125 = 4 -> 3; none at 0.0625.
  EXPECT_EQ(LargestFamily(0.03125, 0.05), 1u);
  EXPECT_EQ(LargestFamily(0.125, 0.5), 3u);
  EXPECT_EQ(LargestFamily(0.0625, 0.05), 0u);
  // The case as Holm sees it: four p-values of 2/64 adjust to 0.125, never below 0.05.
  for (double p : HolmAdjust({0.03125, 0.03125, 0.03125, 0.03125})) EXPECT_DOUBLE_EQ(p, 0.125);
}

TEST(Rng, SameSeedSameStream) {
  Rng a(7), b(7), c(8);
  for (int i = 0; i < 100; ++i) {
    const auto x = a.Next();
    EXPECT_EQ(x, b.Next());
    EXPECT_NE(x, c.Next());
  }
  Rng d(1);
  for (int i = 0; i < 1000; ++i) EXPECT_LT(d.Below(3), 3u);
}

std::vector<double> Normal(Rng& rng, std::size_t n, double mean, double sd) {
  std::vector<double> xs;
  while (xs.size() < n) {  // Box-Muller
    const double u1 = rng.Uniform() + 1e-300, u2 = rng.Uniform();
    xs.push_back(mean + sd * std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2));
  }
  return xs;
}

TEST(Bootstrap, ReproducibleAndCoversTheRatio) {
  Rng rng(3);
  const auto base = Normal(rng, 30, 100, 5);
  const auto next = Normal(rng, 30, 110, 5);
  const auto a = BootstrapRatioOfMedians(base, next, 0.95, 2000, 42);
  const auto b = BootstrapRatioOfMedians(base, next, 0.95, 2000, 42);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  EXPECT_LT(a.low, a.ratio);
  EXPECT_GT(a.high, a.ratio);
  EXPECT_GT(a.low, 1.0);  // a 10% shift with 5% noise and 30 values is clear
  EXPECT_LT(a.low, 1.1);
  EXPECT_GT(a.high, 1.1 - 0.03);
}

TEST(Bootstrap, IntervalCoverageIsAboutNominal) {
  // Equal distributions: the 95% interval of the ratio should contain 1 in most repeats.
  Rng rng(11);
  int covered = 0;
  for (int rep = 0; rep < 200; ++rep) {
    const auto r = BootstrapRatioOfMedians(Normal(rng, 25, 50, 4), Normal(rng, 25, 50, 4), 0.95, 500, rep);
    covered += (r.low <= 1 && r.high >= 1) ? 1 : 0;
  }
  EXPECT_GE(covered, 180);  // nominal 190; percentile intervals of medians are slightly narrow
}

TEST(Compare, VerdictNeedsSignificanceIntervalAndNoiseFloor) {
  Rng rng(5);
  const auto base = Normal(rng, 20, 100, 2);
  CompareOptions o;
  const auto slower = CompareSamples(base, Normal(rng, 20, 105, 2), o);
  EXPECT_EQ(slower.verdict, Verdict::kHigher);
  EXPECT_LT(slower.mann_whitney.p, 0.001);
  const auto faster = CompareSamples(base, Normal(rng, 20, 90, 2), o);
  EXPECT_EQ(faster.verdict, Verdict::kLower);
  // Significant but below a 10% noise floor.
  o.noise_floor = 0.10;
  EXPECT_EQ(CompareSamples(base, Normal(rng, 20, 105, 2), o).verdict, Verdict::kNoChange);
  // Too few samples.
  o.min_samples = 25;
  EXPECT_EQ(CompareSamples(base, base, o).verdict, Verdict::kInsufficient);
  EXPECT_STREQ(SignificanceMarks(0.0005), "***");
  EXPECT_STREQ(SignificanceMarks(0.005), "**");
  EXPECT_STREQ(SignificanceMarks(0.03), "*");
  EXPECT_STREQ(SignificanceMarks(0.2), "");
}

TEST(Compare, BimodalNoiseDefeatsTheMeanButNotTheMedian) {
  // 85% of runs near one rate, 15% 60% faster (as measured on the 2-core machine), and a 5% slowdown.
  Rng rng(9);
  auto bimodal = [&](double scale) {
    std::vector<double> xs;
    for (int i = 0; i < 20; ++i) {
      const double mode = rng.Uniform() < 0.15 ? 1 / 1.6 : 1.0;
      xs.push_back(scale * mode * (1 + 0.015 * Normal(rng, 1, 0, 1)[0]));
    }
    return xs;
  };
  const auto c = CompareSamples(bimodal(100), bimodal(105), CompareOptions{});
  EXPECT_LT(c.mann_whitney.p, 0.01);
  EXPECT_EQ(c.verdict, Verdict::kHigher);
}

TEST(Modality, FlagsTwoModesNotOneOrAnOutlier) {
  Rng rng(21);
  std::vector<double> two;
  for (int i = 0; i < 40; ++i) two.push_back(i % 7 == 0 ? 62 + rng.Uniform() : 100 + 3 * rng.Uniform());
  const auto m = DetectModality(two);
  EXPECT_TRUE(m.multimodal);
  EXPECT_EQ(m.low_count, 6u);
  EXPECT_NEAR(m.low_median, 62.5, 1);
  EXPECT_NEAR(m.high_median, 101.5, 1.5);

  EXPECT_FALSE(DetectModality(Normal(rng, 40, 100, 5)).multimodal);
  auto outlier = Normal(rng, 40, 100, 2);
  outlier.push_back(200);
  EXPECT_FALSE(DetectModality(outlier).multimodal);
  EXPECT_FALSE(DetectModality({1, 1, 1, 5, 5}).multimodal);  // too few values to say
}

TEST(Modality, FalseAlarmRateOnNormalSamplesIsLow) {
  Rng rng(33);
  int flagged = 0;
  for (int rep = 0; rep < 300; ++rep) flagged += DetectModality(Normal(rng, 20, 100, 5)).multimodal ? 1 : 0;
  EXPECT_LE(flagged, 9);  // ≤ 3%
}

}  // namespace
}  // namespace v8bench::stats
