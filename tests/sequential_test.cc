// The sequential paired test (stats/sequential.h): its looks and spending, its p-value and repeated
// intervals on known data, and a seeded simulation of whole sequential comparisons, stopped as the driver
// stops them: the A/A false-positive rate at alpha 0.01 and the power for 5% and 10% changes at the
// block scatter v8bench meets (log-ratio sd 0.02, 0.06, 0.19), normal and heavy-tailed. The table it
// prints is the one in docs/statistics.md ("Sequential stopping").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "harness/stats/power.h"
#include "harness/stats/rng.h"
#include "harness/stats/sequential.h"
#include "harness/stats/wilcoxon.h"

namespace v8bench::stats {
namespace {

double Gaussian(Rng& rng) {  // Box-Muller
  const double u = 1 - rng.Uniform(), v = rng.Uniform();
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * 3.14159265358979323846 * v);
}

// Student's t with 3 degrees of freedom, scaled to unit variance (its variance is 3): heavy tails.
double HeavyTailed(Rng& rng) {
  double chi = 0;
  for (int i = 0; i < 3; ++i) {
    const double g = Gaussian(rng);
    chi += g * g;
  }
  return Gaussian(rng) / std::sqrt(chi / 3) / std::sqrt(3.0);
}

TEST(SequentialLooks, GrowByAQuarterFromTenToTheHorizonAndSpendAllOfAlpha) {
  const std::vector<SequentialLook> looks = SequentialLooks(50);
  std::vector<std::size_t> blocks;
  double total = 0;
  for (const SequentialLook& l : looks) {
    blocks.push_back(l.blocks);
    total += l.share;
    EXPECT_GT(l.share, 0);
  }
  EXPECT_EQ(blocks, (std::vector<std::size_t>{10, 13, 17, 22, 28, 35, 44, 50}));
  EXPECT_NEAR(total, 1, 1e-12);
  // Pocock-type: 29.5% of alpha at the first look (t = 0.2), so that 10 blocks all of one sign
  // (p = 2 / 2^10) decide at alpha 0.01.
  EXPECT_NEAR(looks[0].share, std::log(1 + (std::exp(1.0) - 1) * 0.2), 1e-12);
  EXPECT_LT(MinSignedRankP(10), 0.01 * looks[0].share);
  EXPECT_GT(MinSignedRankP(9), 0.01 * looks[0].share);
  // A horizon below the first look: one look there, with all of alpha.
  ASSERT_EQ(SequentialLooks(8).size(), 1U);
  EXPECT_EQ(SequentialLooks(8)[0].blocks, 8U);
  EXPECT_NEAR(SequentialLooks(8)[0].share, 1, 1e-12);
}

TEST(SequentialSignedRank, PIsTheSmallestLookPDividedByItsShare) {
  std::vector<double> xs;
  for (int i = 0; i < 30; ++i) xs.push_back(0.01 * (i % 3 == 0 ? -1 : 1) * (1 + i));
  const SequentialDesign design{0.01, 50, 0.05};
  const SequentialResult r = SequentialSignedRank(xs, design);
  ASSERT_EQ(r.looks, 5U);  // 10, 13, 17, 22, 28
  EXPECT_EQ(r.last_look, 28U);
  const std::vector<SequentialLook> looks = SequentialLooks(50);
  double expected = 1;
  for (std::size_t k = 0; k < r.looks; ++k) {
    const std::vector<double> first(xs.begin(), xs.begin() + static_cast<long>(looks[k].blocks));
    expected = std::min(expected, WilcoxonSignedRank(first).p / looks[k].share);
    EXPECT_NEAR(r.p_by_look[k], std::min(expected, 1.0), 1e-12);
  }
  EXPECT_NEAR(r.p, std::min(expected, 1.0), 1e-12);
  // Nine blocks: no look yet, nothing decided, nothing reachable.
  const SequentialResult none = SequentialSignedRank(std::vector<double>(9, 0.5), design);
  EXPECT_EQ(none.looks, 0U);
  EXPECT_EQ(none.p, 1);
  EXPECT_EQ(none.min_p, 1);
  EXPECT_FALSE(SequentialStopped(none, 0.01));
  // Ten blocks all slower decide at the first look, at the level of one comparison but not of four.
  const SequentialResult ten = SequentialSignedRank(std::vector<double>{.1, .2, .3, .4, .5, .6, .7, .8, .9, 1}, design);
  EXPECT_TRUE(SequentialDecided(ten, 0.01));
  EXPECT_FALSE(SequentialDecided(ten, 0.01 / 4));
}

TEST(SequentialSignedRank, RepeatedIntervalIsTheSignTestIntervalOfTheMedianAtTheLooksLevel) {
  // 10 blocks: at level 0.01 * 0.295 the binomial law allows one value out on each side
  // (P(B <= 0) = 1/1024 <= 0.00148, P(B <= 1) = 11/1024 > 0.00148): the interval is [min, max].
  std::vector<double> xs = {0.01, -0.02, 0.03, 0.005, -0.01, 0.02, 0.0, 0.015, -0.005, 0.025};
  xs[6] = 0.001;  // no zero difference
  const SequentialResult r = SequentialSignedRank(xs, {0.01, 50, 0.05});
  EXPECT_NEAR(std::log(r.interval.low), -0.02, 1e-12);
  EXPECT_NEAR(std::log(r.interval.high), 0.03, 1e-12);
  EXPECT_EQ(r.equivalent_at, 10U);                                          // within ±5%
  EXPECT_EQ(SequentialSignedRank(xs, {0.01, 50, 0.02}).equivalent_at, 0U);  // 3% is beyond ±2%
  EXPECT_TRUE(SequentialStopped(r, 0.01));
  EXPECT_FALSE(SequentialDecided(r, 0.01));
  // 30 blocks, the look at 28 (level 0.01 * 0.111): P(B <= 5) = 4.6e-4 <= 5.6e-4 < P(B <= 6) = 1.9e-3, so
  // the 6th smallest and the 6th largest of the first 28 values; an outlier moves neither.
  std::vector<double> ys;
  for (int i = 0; i < 30; ++i) ys.push_back(0.001 * (i - 14) + (i == 3 ? 5.0 : 0));
  const SequentialResult s = SequentialSignedRank(ys, {0.01, 50, 0.05});
  std::vector<double> first(ys.begin(), ys.begin() + 28);
  std::sort(first.begin(), first.end());
  EXPECT_NEAR(std::log(s.interval.low), first[5], 1e-12);
  EXPECT_NEAR(std::log(s.interval.high), first[22], 1e-12);
}

// One simulated comparison, stopped as the driver stops it: at the first look where it is decided at
// alpha (one comparison) or its interval is within ±X; else at the horizon.
struct Outcome {
  bool slower = false, faster = false, equivalent = false;
  std::size_t blocks = 0;
};
Outcome Simulate(Rng& rng, double shift, double sd, bool heavy, const SequentialDesign& design) {
  std::vector<double> xs;
  for (std::size_t i = 0; i < design.max_blocks; ++i)
    xs.push_back(shift + sd * (heavy ? HeavyTailed(rng) : Gaussian(rng)));
  const SequentialResult all = SequentialSignedRank(xs, design);
  const std::vector<SequentialLook> looks = SequentialLooks(design.max_blocks);
  Outcome o;
  for (std::size_t k = 0; k < all.looks; ++k) {
    o.blocks = looks[k].blocks;
    const bool decided = all.p_by_look[k] < design.alpha;
    if (decided) {
      const std::vector<double> first(xs.begin(), xs.begin() + static_cast<long>(o.blocks));
      const double centre = HodgesLehmann(first);
      o.slower = centre > 0;
      o.faster = centre < 0;
      return o;
    }
    if (all.equivalent_at != 0 && all.equivalent_at <= o.blocks) {
      o.equivalent = true;
      return o;
    }
  }
  return o;
}

struct Row {
  double found = 0, equivalent = 0, median_blocks = 0;
};
Row Replicate(std::uint64_t seed, int n, double shift, double sd, bool heavy, const SequentialDesign& design) {
  Rng rng(seed);
  Row row;
  std::vector<double> blocks;
  for (int i = 0; i < n; ++i) {
    const Outcome o = Simulate(rng, shift, sd, heavy, design);
    row.found += (shift > 0 ? o.slower : (o.slower || o.faster)) ? 1 : 0;
    row.equivalent += o.equivalent ? 1 : 0;
    blocks.push_back(static_cast<double>(o.blocks));
  }
  row.found /= n;
  row.equivalent /= n;
  std::sort(blocks.begin(), blocks.end());
  row.median_blocks = blocks[blocks.size() / 2];
  return row;
}

// The A/A rate does not depend on the law of the log ratios (the signed-rank test's null law is the
// same for every continuous symmetric one); with every look taken (no stop for equivalence) it is the
// worst case of any stopping: P(min_k p_k / w_k < alpha) <= alpha by Bonferroni.
TEST(SequentialSimulation, FalsePositivesStayBelowAlphaAndChangesAreFoundEarly) {
  const SequentialDesign design{0.01, 50, 0.05};
  SequentialDesign no_equivalence = design;
  no_equivalence.equivalence = 0;  // never within ±0: every look is taken
  const Row aa = Replicate(1, 4000, 0, 1, false, no_equivalence);
  std::printf("A/A, every look taken: %.2f%% false positives (4000 comparisons)\n", aa.found * 100);
  EXPECT_LE(aa.found, 0.01);
  const Row aa_heavy = Replicate(2, 2000, 0, 1, true, no_equivalence);
  std::printf("A/A heavy tails, every look taken: %.2f%%\n", aa_heavy.found * 100);
  EXPECT_LE(aa_heavy.found, 0.01);

  std::printf("| change | log-ratio sd | tails | found | within ±5%% | median blocks |\n");
  struct Cell {
    double change, sd;
    bool heavy;
    double min_found;  // what the test requires
    double max_median_blocks;
  };
  const Cell cells[] = {
      {0, 0.02, false, 0, 10},       {0, 0.06, false, 0, 50},       {0, 0.19, false, 0, 50},
      {0.05, 0.02, false, 0.99, 10}, {0.05, 0.06, false, 0.8, 35},  {0.05, 0.19, false, 0, 50},
      {0.10, 0.02, false, 0.99, 10}, {0.10, 0.06, false, 0.99, 13}, {0.10, 0.19, false, 0.4, 50},
      {0, 0.06, true, 0, 50},        {0.05, 0.06, true, 0.8, 35},   {0.10, 0.06, true, 0.99, 13},
      {0.10, 0.19, true, 0.4, 50},
  };
  std::uint64_t seed = 100;
  for (const Cell& c : cells) {
    const Row row = Replicate(seed++, c.change == 0 ? 1000 : 300, std::log1p(c.change), c.sd, c.heavy, design);
    std::printf("| %s | %.2f | %s | %.0f%% | %.0f%% | %.0f |\n",
                c.change == 0 ? "none (A/A)" : (c.change == 0.05 ? "+5%" : "+10%"), c.sd, c.heavy ? "t(3)" : "normal",
                row.found * 100, row.equivalent * 100, row.median_blocks);
    if (c.change == 0) {
      EXPECT_LE(row.found, 0.01) << c.sd;
    } else {
      EXPECT_GE(row.found, c.min_found) << c.change << " " << c.sd;
    }
    EXPECT_LE(row.median_blocks, c.max_median_blocks) << c.change << " " << c.sd;
  }
}

}  // namespace
}  // namespace v8bench::stats
