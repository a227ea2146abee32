// The paired statistics (wilcoxon, bootstrap intervals of one sample, machine states, paired
// comparison, adaptive stopping), against reference values computed with R's wilcox.test (as quoted
// in SciPy's own test suite, scipy/stats/tests/test_morestats.py, TestWilcoxon) and against exact
// enumeration; then seeded simulations of a two-state machine that show what pairing buys.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numbers>
#include <vector>

#include "harness/stats/bootstrap.h"
#include "harness/stats/compare.h"
#include "harness/stats/machine_state.h"
#include "harness/stats/mann_whitney.h"
#include "harness/stats/paired.h"
#include "harness/stats/rng.h"
#include "harness/stats/statistics.h"
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

double Gaussian(Rng& rng) {  // Box-Muller
  const double u1 = 1 - rng.Uniform(), u2 = rng.Uniform();
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
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

TEST(Bootstrap, OneSampleIntervalIsSeededAndCoversTheStatistic) {
  const SampleStatistic median = [](std::vector<double>& xs) { return MedianInPlace(xs); };
  const std::vector<double> xs = {0.049, 0.061, 0.052, -0.41, 0.047, 0.055, 0.058, 0.044, 0.39,  0.050,
                                  0.053, 0.046, 0.057, 0.051, 0.048, 0.060, 0.045, 0.054, 0.059, 0.043};
  const Interval a = BootstrapInterval(xs, median, 0.95, 2000, 42);
  const Interval b = BootstrapInterval(xs, median, 0.95, 2000, 42);
  EXPECT_EQ(a.estimate, b.estimate);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  EXPECT_DOUBLE_EQ(a.estimate, Median(xs));
  EXPECT_LE(a.low, a.estimate);
  EXPECT_GE(a.high, a.estimate);
  // The two wild blocks do not reach the interval of the median.
  EXPECT_GT(a.low, 0.045);
  EXPECT_LT(a.high, 0.058);
  const Interval c = BootstrapInterval(xs, median, 0.95, 2000, 43);
  EXPECT_TRUE(c.low != a.low || c.high != a.high);
}

TEST(Bootstrap, OneSampleIntervalCoverageIsNearNominal) {
  // Normal samples of 20 (the default block count) centred on 0: the 95% interval of the median
  // covers 0 in 94% of 1000 trials when written (docs/paired.md); bounds leave room for chance.
  const SampleStatistic median = [](std::vector<double>& xs) { return MedianInPlace(xs); };
  Rng rng(2024);
  int covered = 0;
  const int trials = 400;
  for (int t = 0; t < trials; ++t) {
    std::vector<double> xs;
    for (int i = 0; i < 20; ++i) xs.push_back(Gaussian(rng));
    const Interval iv = BootstrapInterval(xs, median, 0.95, 1000, static_cast<std::uint64_t>(t) + 1);
    covered += iv.low <= 0 && iv.high >= 0;
  }
  EXPECT_GE(covered, 360);  // 90%
  EXPECT_LE(covered, 392);  // 98%
}

TEST(MedianInPlace, EqualsMedian) {
  for (const std::vector<double>& xs : std::vector<std::vector<double>>{{3}, {2, 1}, {5, 1, 4, 2, 3}, {4, 1, 3, 2}}) {
    std::vector<double> copy = xs;
    EXPECT_DOUBLE_EQ(MedianInPlace(copy), Median(xs));
  }
}

// ---- A two-state machine -------------------------------------------------------------------------

struct Machine {
  double fast = 1.0, slow = 1.6;  // the two states' speeds, 60% apart
  double persistence = 0.9;       // P(the next sample runs in the same state)
  double slow_persistence = -1;   // the same, from the slow state, when >= 0 (0: bursts of one sample)
  double noise = 0.03;            // lognormal sigma inside a state
};

// `blocks` blocks of variants 0 (base) and 1 (base * factor), the order inside each block random,
// in schedule order; the machine's state persists from sample to sample.
std::vector<BlockSample> Simulate(const Machine& m, std::size_t blocks, double factor, std::uint64_t seed) {
  Rng rng(seed);
  bool slow = rng.Uniform() < 0.5;
  std::vector<BlockSample> out;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = rng.Below(2);
    for (std::size_t k = 0; k < 2; ++k) {
      if (rng.Uniform() >= (slow && m.slow_persistence >= 0 ? m.slow_persistence : m.persistence)) slow = !slow;
      const std::size_t variant = k == 0 ? first : 1 - first;
      const double value = (slow ? m.slow : m.fast) * (variant == 1 ? factor : 1) * std::exp(m.noise * Gaussian(rng));
      out.push_back({b, variant, value});
    }
  }
  return out;
}

// As Simulate, but the state can change in the middle of a sample (as on the real machine, where a
// sample is a worker process of a second or so): with probability 1 - persistence the state changes at
// a uniform point inside the sample, whose value is then the time-weighted blend of the two speeds.
// Values fill the gap between the states, so the best two-group split of a sample falls somewhere
// different for every sample of values: the case where a split per variant differs between variants.
std::vector<BlockSample> SimulateBlended(const Machine& m, std::size_t blocks, double factor, std::uint64_t seed) {
  Rng rng(seed);
  bool slow = rng.Uniform() < 0.5;
  std::vector<BlockSample> out;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = rng.Below(2);
    for (std::size_t k = 0; k < 2; ++k) {
      double speed = slow ? m.slow : m.fast;
      if (rng.Uniform() >= m.persistence) {
        const double before = rng.Uniform();
        slow = !slow;
        speed = before * speed + (1 - before) * (slow ? m.slow : m.fast);
      }
      const std::size_t variant = k == 0 ? first : 1 - first;
      out.push_back({b, variant, speed * (variant == 1 ? factor : 1) * std::exp(m.noise * Gaussian(rng))});
    }
  }
  return out;
}

std::vector<double> ValuesOf(const std::vector<BlockSample>& samples, std::size_t variant) {
  std::vector<double> out;
  for (const auto& s : samples) {
    if (s.variant == variant) out.push_back(s.value);
  }
  return out;
}

TEST(MachineState, FindsTheStatesAndTheSplitBlocks) {
  // Hand-made: 12 blocks, variant 1 is 5% slower; blocks 3 and 8 straddle a state change.
  std::vector<BlockSample> s;
  const double state_of[12][2] = {{1, 1},     {1, 1}, {1, 1},   {1, 1.6}, {1.6, 1.6}, {1.6, 1.6},
                                  {1.6, 1.6}, {1, 1}, {1.6, 1}, {1, 1},   {1, 1},     {1.6, 1.6}};
  for (std::size_t b = 0; b < 12; ++b) {
    const double jitter = 1 + 0.001 * static_cast<double>(b);
    s.push_back({b, 0, state_of[b][0] * jitter});
    s.push_back({b, 1, state_of[b][1] * 1.05 * jitter});
  }
  const MachineStates states = ClassifyMachineStates(s);
  ASSERT_TRUE(states.detected);
  EXPECT_EQ(states.blocks, 12u);
  EXPECT_EQ(states.split_blocks, 2u);
  EXPECT_DOUBLE_EQ(states.split_share, 2.0 / 12);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double speed = state_of[s[i].block][s[i].variant];
    EXPECT_EQ(states.state[i], speed > 1.3 ? 1 : 0) << i;
  }
  const PairedBlocks pairs = PairBlocks(s, states, 0, 1);
  ASSERT_EQ(pairs.log_ratio.size(), 12u);
  EXPECT_NEAR(pairs.log_ratio[0], std::log(1.05), 1e-12);
  EXPECT_FALSE(pairs.same_state[3]);
  EXPECT_FALSE(pairs.same_state[8]);
  const std::vector<double> same = SameStateLogRatios(pairs);
  ASSERT_EQ(same.size(), 10u);
  for (double r : same) EXPECT_NEAR(r, std::log(1.05), 1e-12);
  CompareOptions o;
  const BlockComparison c = CompareBlocks(s, states, 0, 1, o);
  EXPECT_EQ(c.all.blocks, 12u);
  EXPECT_EQ(c.same_state.blocks, 10u);
  EXPECT_EQ(c.split_pairs, 2u);
  EXPECT_NEAR(c.same_state.ratio.ratio, 1.05, 1e-12);
}

TEST(MachineState, LargeRealDifferenceFallsBackToAllBlocks) {
  // One state, but variant 1 is 60% slower: the pooled values are bimodal (the variants' own difference
  // looks like two states) and every pair is split, so the verdict rests on all blocks, where it shows.
  Machine steady;
  steady.persistence = 1;
  steady.slow = steady.fast;
  const auto s = Simulate(steady, 30, 1.6, 7);
  const MachineStates states = ClassifyMachineStates(s);
  EXPECT_TRUE(states.detected);
  EXPECT_EQ(states.split_blocks, 30u);
  const BlockComparison c = CompareBlocks(s, states, 0, 1, CompareOptions{});
  EXPECT_FALSE(c.stratified);
  EXPECT_EQ(c.used().blocks, 30u);
  EXPECT_EQ(c.used().verdict, Verdict::kHigher);
  EXPECT_NEAR(c.used().ratio.ratio, 1.6, 0.05);
}

TEST(MachineState, PairingSkipsIncompleteBlocksAndBadValues) {
  const std::vector<BlockSample> s = {{0, 0, 1.0}, {0, 1, 1.1}, {1, 0, 1.0}, {2, 1, 1.2},
                                      {3, 0, 0.0}, {3, 1, 1.0}, {4, 1, 2.0}, {4, 0, 1.0}};
  const PairedBlocks pairs = PairBlocks(s, ClassifyMachineStates(s), 0, 1);
  ASSERT_EQ(pairs.block.size(), 2u);
  EXPECT_EQ(pairs.block[0], 0u);
  EXPECT_EQ(pairs.block[1], 4u);
  EXPECT_NEAR(pairs.log_ratio[1], std::log(2.0), 1e-12);
}

// ---- The paired comparison -----------------------------------------------------------------------

TEST(Paired, LogRatiosSkipUnusableBlocks) {
  const auto r = LogRatios({1, 2, 0, 4}, {2, 2, 1, -1});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_NEAR(r[0], std::log(2.0), 1e-15);
  EXPECT_EQ(r[1], 0);
}

TEST(Paired, VerdictNeedsTestIntervalAndNoiseFloor) {
  CompareOptions o;
  o.seed = 5;
  std::vector<double> slower;  // 20 blocks near +5%, two wild ones
  for (int i = 0; i < 20; ++i) slower.push_back(std::log(1.05) + 0.002 * (i % 7 - 3));
  slower[4] = -0.45;
  slower[11] = 0.47;
  const PairedComparison c = ComparePaired(slower, o);
  EXPECT_EQ(c.blocks, 20u);
  EXPECT_LT(c.wilcoxon.p, 0.01);
  EXPECT_NEAR(c.ratio.ratio, 1.05, 0.005);
  EXPECT_GT(c.ratio.low, 1);
  EXPECT_EQ(c.verdict, Verdict::kHigher);
  EXPECT_NEAR(c.hodges_lehmann, 1.05, 0.01);

  // The same shape at +0.5%: significant, the interval excludes 1, but below the 1% noise floor.
  std::vector<double> tiny;
  for (double r : slower) tiny.push_back(r - std::log(1.05) + std::log(1.005));
  const PairedComparison t = ComparePaired(tiny, o);
  EXPECT_LT(t.wilcoxon.p, 0.05);
  EXPECT_GT(t.ratio.low, 1);
  EXPECT_EQ(t.verdict, Verdict::kNoChange);

  // Faster, with the Hodges-Lehmann estimator.
  std::vector<double> faster;
  for (double r : slower) faster.push_back(-r);
  const PairedComparison f = ComparePaired(faster, o, PairedEstimator::kHodgesLehmann);
  EXPECT_EQ(f.verdict, Verdict::kLower);
  EXPECT_NEAR(f.ratio.ratio, 1 / 1.05, 0.01);

  // Too few blocks.
  o.min_samples = 5;
  EXPECT_EQ(ComparePaired({0.1, 0.1, 0.1, 0.1}, o).verdict, Verdict::kInsufficient);
}

TEST(Paired, HolmAcrossCases) {
  CompareOptions o;
  o.alpha = 0.05;              // the weak case's p, 0.033, is significant alone at 0.05 (not at the default 0.01)
  std::vector<double> strong;  // 20 of 20 positive: exact p = 2/2^20
  for (int i = 0; i < 20; ++i) strong.push_back(0.05 + 0.001 * i);
  // 20 blocks, |log ratio| = 0.01 + 0.004 * rank, negative at ranks 5, 6, 8, 11, 18: W- = 48,
  // exact p = 2 * P(W+ <= 48) = 0.03276824951171875 (Python enumeration).
  std::vector<double> weak;
  for (int rank = 1; rank <= 20; ++rank) {
    const bool negative = rank == 5 || rank == 6 || rank == 8 || rank == 11 || rank == 18;
    weak.push_back((negative ? -1 : 1) * (0.01 + 0.004 * rank));
  }
  const PairedComparison s = ComparePaired(strong, o), w = ComparePaired(weak, o);
  EXPECT_NEAR(w.wilcoxon.p, 0.03276824951171875, 1e-15);
  ASSERT_EQ(w.verdict, Verdict::kHigher);  // alone it is called
  // With the strong case, Holm multiplies only the smaller p by 2: the weak case is still called;
  // an insufficient case is not a comparison and does not count.
  const std::vector<HolmVerdict> v = HolmPaired({s, w, ComparePaired({0.1, 0.2}, o)}, o);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_DOUBLE_EQ(v[0].p_holm, 2 * s.wilcoxon.p);
  EXPECT_DOUBLE_EQ(v[1].p_holm, w.wilcoxon.p);
  EXPECT_EQ(v[0].verdict, Verdict::kHigher);
  EXPECT_EQ(v[1].verdict, Verdict::kHigher);
  EXPECT_EQ(v[2].verdict, Verdict::kInsufficient);
  EXPECT_EQ(v[2].p_holm, 1);
  // Two weak cases: the smaller p doubled is 0.066 > alpha, and Holm is monotone, so neither is.
  const std::vector<HolmVerdict> two_weak = HolmPaired({w, w}, o);
  EXPECT_NEAR(two_weak[0].p_holm, 2 * w.wilcoxon.p, 1e-15);
  EXPECT_EQ(two_weak[0].verdict, Verdict::kNoChange);
  EXPECT_EQ(two_weak[1].verdict, Verdict::kNoChange);
}

TEST(Paired, StoppingUsesTheReportedInterval) {
  CompareOptions o;
  std::vector<PairedCase> cases;
  Machine m;
  for (std::uint64_t seed : {11, 12, 13}) {
    const auto s = Simulate(m, 40, 1.05, seed);
    const PairedBlocks pairs = PairBlocks(s, ClassifyMachineStates(s), 0, 1);
    cases.push_back({pairs.log_ratio, seed * 7919});
  }
  const PairedStop loose = PairedTargetReached(cases, 0.5, o);
  EXPECT_TRUE(loose.reached);
  ASSERT_EQ(loose.comparisons.size(), 3u);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CompareOptions seeded = o;
    seeded.seed = cases[i].seed;
    const PairedComparison report = ComparePaired(cases[i].log_ratios, seeded);
    EXPECT_EQ(report.ratio.low, loose.comparisons[i].ratio.low);
    EXPECT_EQ(report.ratio.high, loose.comparisons[i].ratio.high);
    EXPECT_LE(RelativeHalfWidth(report.ratio), loose.widest);
  }
  EXPECT_DOUBLE_EQ(loose.widest, RelativeHalfWidth(loose.comparisons[loose.widest_case].ratio));
  const PairedStop tight = PairedTargetReached(cases, loose.widest / 2, o);
  EXPECT_FALSE(tight.reached);
  EXPECT_EQ(tight.widest, loose.widest);
  // A case without enough blocks holds sampling open.
  cases.push_back({{0.01, 0.02}, 1});
  const PairedStop open = PairedTargetReached(cases, 0.5, o);
  EXPECT_FALSE(open.reached);
  EXPECT_EQ(open.widest, std::numeric_limits<double>::infinity());
  EXPECT_EQ(open.widest_case, 3u);
  EXPECT_FALSE(PairedTargetReached({}, 0.5, o).reached);
}

// ---- Simulations: what pairing buys on a two-state machine ---------------------------------------

// Per simulated comparison: the tests' p below the threshold, and the verdicts that were called
// (any direction: for A/A every call is a false positive) and called slower.
struct Detection {
  int paired = 0, stratified = 0, mann_whitney = 0;
  int unpaired_called = 0, unpaired_slower = 0, paired_called = 0, paired_slower = 0;
};

Detection Detect(const Machine& m, std::size_t blocks, double factor, int seeds, double p_threshold) {
  Detection d;
  CompareOptions o;
  for (int seed = 1; seed <= seeds; ++seed) {
    const auto s = Simulate(m, blocks, factor, static_cast<std::uint64_t>(seed));
    const MachineStates states = ClassifyMachineStates(s);
    o.seed = static_cast<std::uint64_t>(seed);
    const BlockComparison c = CompareBlocks(s, states, 0, 1, o);
    d.paired += c.all.wilcoxon.p < p_threshold;
    d.stratified += c.same_state.wilcoxon.p < p_threshold;
    d.mann_whitney += MannWhitneyU(ValuesOf(s, 1), ValuesOf(s, 0)).p < p_threshold;
    const Verdict unpaired = CompareSamples(ValuesOf(s, 0), ValuesOf(s, 1), o).verdict;
    const Verdict paired = c.same_state.verdict;
    d.unpaired_called += unpaired != Verdict::kNoChange;
    d.unpaired_slower += unpaired == Verdict::kHigher;
    d.paired_called += paired != Verdict::kNoChange;
    d.paired_slower += paired == Verdict::kHigher;
  }
  return d;
}

TEST(Simulation, PairingDetectsA5PercentSlowdownOnATwoStateMachine) {
  const int seeds = 100;
  const Detection d = Detect(Machine{}, 20, 1.05, seeds, 0.01);
  std::printf(
      "5%% slowdown, 20 blocks, %d seeds, p < 0.01: paired %d, stratified %d, Mann-Whitney %d; "
      "called slower: unpaired %d, paired (stratified) %d\n",
      seeds, d.paired, d.stratified, d.mann_whitney, d.unpaired_slower, d.paired_slower);
  // Seeded, so these counts are fixed (72, 97, 43, 39, 99 when written); the bounds leave room for
  // a libm that rounds log/exp/cos differently.
  EXPECT_GE(d.stratified, 90);
  EXPECT_GE(d.paired, 55);
  EXPECT_LT(d.mann_whitney, 50);
  EXPECT_LT(d.unpaired_slower, 50);
  EXPECT_GE(d.paired_slower, 90);
  EXPECT_EQ(d.paired_called, d.paired_slower);  // never the wrong sign
}

TEST(Simulation, AAFalsePositivesStayNearAlpha) {
  const int seeds = 400;
  const Detection d = Detect(Machine{}, 20, 1.0, seeds, 0.05);
  std::printf(
      "A/A, 20 blocks, %d seeds, p < 0.05: paired %d, stratified %d, Mann-Whitney %d; "
      "called: unpaired %d, paired (stratified) %d\n",
      seeds, d.paired, d.stratified, d.mann_whitney, d.unpaired_called, d.paired_called);
  // The test itself is valid (rejects ~5%); the verdict, which also needs the interval and the noise
  // floor, rejects no more often.
  EXPECT_GE(d.paired, 8);   // 2%
  EXPECT_LE(d.paired, 32);  // 8%
  EXPECT_LE(d.stratified, 32);
  EXPECT_LE(d.paired_called, 28);  // 7%
}

// The exactness condition of the stratified test (machine_state.h): which pairs are kept, and whether
// the verdict rests on them or on all blocks, must not change when the two samples of a block swap
// variants (what the random order inside a block does under "no change"). A classifier that split each
// variant at its own boundary failed this on most of these seeds.
TEST(MachineState, StratificationIgnoresWhichVariantEachSampleOfABlockIs) {
  Machine blended;
  blended.persistence = 0.8;
  Machine bursts;
  bursts.persistence = 0.85;
  bursts.slow_persistence = 0;
  bursts.noise = 0.01;
  CompareOptions o;
  o.resamples = 200;
  int detected = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    for (const bool use_bursts : {false, true}) {
      const auto s = use_bursts ? Simulate(bursts, 20, 1.0, seed) : SimulateBlended(blended, 20, 1.0, seed);
      auto swapped = s;
      Rng coin(seed * 31);
      for (std::size_t i = 0; i + 1 < swapped.size(); i += 2) {  // a block's two samples are adjacent
        if (coin.Below(2) == 1) std::swap(swapped[i].variant, swapped[i + 1].variant);
      }
      const MachineStates a = ClassifyMachineStates(s), b = ClassifyMachineStates(swapped);
      detected += a.detected;
      ASSERT_EQ(a.detected, b.detected) << seed;
      EXPECT_EQ(PairBlocks(s, a, 0, 1).same_state, PairBlocks(swapped, b, 0, 1).same_state) << seed;
      const BlockComparison ca = CompareBlocks(s, a, 0, 1, o), cb = CompareBlocks(swapped, b, 0, 1, o);
      EXPECT_EQ(ca.stratified, cb.stratified) << seed;
      EXPECT_EQ(ca.used().wilcoxon.n, cb.used().wilcoxon.n) << seed;
    }
  }
  EXPECT_GE(detected, 100);  // states were found on at least half of the seeds
}

TEST(Simulation, AAVerdictTestHoldsItsLevelWhenSlowStatesAreShortBursts) {
  // A/A on a machine whose slow state lasts one sample (a burst of other load), so that nearly every
  // slow sample sits in a split block. The comparison the verdict rests on (CompareBlocks' choice, the
  // real classifier): its Wilcoxon p is below 0.05 in about 5% of the seeds, as the test promises. With
  // each variant split at its own boundary (and the stratified comparison only when both variants were
  // bimodal) it was below 0.05 in 8.1%: a variant that got fewer of the bursts was not bimodal, so the
  // verdict fell back to all blocks exactly when the bursts' signs were lopsided.
  const int seeds = 1000;
  Machine m;
  m.persistence = 0.85;
  m.slow_persistence = 0;
  m.noise = 0.01;
  int below_05 = 0, below_01 = 0, stratified = 0;
  CompareOptions o;
  for (int seed = 1; seed <= seeds; ++seed) {
    const auto s = Simulate(m, 20, 1.0, static_cast<std::uint64_t>(seed));
    o.seed = static_cast<std::uint64_t>(seed);
    const BlockComparison c = CompareBlocks(s, ClassifyMachineStates(s), 0, 1, o);
    below_05 += c.used().wilcoxon.p < 0.05;
    below_01 += c.used().wilcoxon.p < 0.01;
    stratified += c.stratified;
  }
  std::printf("A/A, slow bursts of one sample, %d seeds: stratified %d, p < 0.05 %d, p < 0.01 %d\n", seeds, stratified,
              below_05, below_01);
  EXPECT_GE(stratified, seeds / 2);  // the stratified comparison is exercised
  EXPECT_LE(below_05, 71);           // 5% + 3 standard errors of 1000 seeds
  EXPECT_LE(below_01, 19);           // 1% + 3 standard errors
}

}  // namespace
}  // namespace v8bench::stats
