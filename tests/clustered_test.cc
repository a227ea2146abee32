// The design-effect guard of the signed-rank test for blocks in clusters (stats/clustered.h): its F
// distribution and ICC estimate against R, the guarded p on known data, and a seeded simulation of whole
// sequential comparisons (stats/sequential.h) whose blocks come from pairs of processes that carry speed
// offsets (ICC 0, 0.1, 0.3, 0.5): 4 pairs for the whole comparison, or the default's 10 pairs each retired
// after 3 samples (driver/settings.h); the A/A rate at alpha 0.01 with and without the guard, and the power
// for a 5% change at the block scatter long-lived workers show, and for +79% whose size differs by pair. The table it
// prints is the one in docs/statistics.md ("Blocks from long-lived workers").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "harness/stats/clustered.h"
#include "harness/stats/distributions.h"
#include "harness/stats/rng.h"
#include "harness/stats/sequential.h"

namespace v8bench::stats {
namespace {

double Gaussian(Rng& rng) {  // Box-Muller
  const double u = 1 - rng.Uniform(), v = rng.Uniform();
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * 3.14159265358979323846 * v);
}

TEST(FDistribution, MatchesR) {
  EXPECT_NEAR(FQuantile(0.25, 3, 46), 0.405139380291866, 1e-9);  // qf(0.25, 3, 46)
  EXPECT_NEAR(FCdf(2.5, 3, 46), 0.928792104564649, 1e-12);       // pf(2.5, 3, 46)
  EXPECT_NEAR(FCdf(FQuantile(0.9, 7, 3), 7, 3), 0.9, 1e-9);
  EXPECT_TRUE(std::isnan(FQuantile(0, 3, 46)));
}

TEST(EstimateClusterEffect, IsTheAnovaEstimateAndItsUpperBoundAsRComputesThem) {
  // R: a <- anova(lm(y ~ g)); F <- a[1,3] / a[2,3]; n0 <- (N - sum(m^2) / N) / (K - 1);
  //    (F - 1) / (F + n0 - 1), and with F / qf(0.15, K - 1, N - K) for the bound.
  const std::vector<double> y = {1.2, 0.8, 1.5, 2.0, 3.1, 2.7, 3.5, 0.2, 0.9, 0.4, 0.1, 0.6, 1.9, 2.2};
  const std::vector<std::size_t> g = {1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4};
  const ClusterEffect e = EstimateClusterEffect(y, g);
  EXPECT_EQ(e.clusters, 4U);
  EXPECT_NEAR(e.icc, 0.896033694868975, 1e-9);
  EXPECT_NEAR(e.icc_upper, 0.971018718466568, 1e-9);
  EXPECT_NEAR(e.mean_size, 3.85714285714286, 1e-12);
  EXPECT_NEAR(e.design_effect, 1 + (3.85714285714286 - 1) * 0.971018718466568, 1e-9);
  // Clusters no more alike inside than between: the estimate is truncated at 0, the bound is not 0.
  const ClusterEffect mixed = EstimateClusterEffect({1, 2, 3, 4, 1, 2, 3, 4}, {1, 1, 1, 1, 2, 2, 2, 2});
  EXPECT_EQ(mixed.icc, 0);
  EXPECT_EQ(mixed.icc_upper, 0);  // F = 0: even its bound is 0
  EXPECT_EQ(mixed.design_effect, 1);
  // One cluster: nothing between to estimate.
  const ClusterEffect one = EstimateClusterEffect({1, 2, 3}, {7, 7, 7});
  EXPECT_EQ(one.clusters, 1U);
  EXPECT_EQ(one.design_effect, 1);
}

TEST(ClusteredSignedRank, ScalesTheStatisticsVarianceByTheDesignEffect) {
  std::vector<double> d;
  std::vector<std::size_t> pair;
  for (int i = 0; i < 24; ++i) {
    d.push_back((i % 4 == 0 ? -0.01 : 0.02) * (1 + 0.1 * i) + (i % 4 == 1 ? 0.3 : 0));
    pair.push_back(static_cast<std::size_t>(i % 4));
  }
  const ClusteredSignedRankResult plain = ClusteredSignedRank(d, {});
  EXPECT_EQ(plain.p, WilcoxonSignedRank(d).p);
  EXPECT_EQ(plain.effect.design_effect, 1);
  std::vector<std::size_t> own(d.size());
  for (std::size_t i = 0; i < own.size(); ++i) own[i] = i;
  EXPECT_EQ(ClusteredSignedRank(d, own).p, plain.p);  // every block its own cluster
  const ClusteredSignedRankResult guarded = ClusteredSignedRank(d, pair);
  EXPECT_GT(guarded.effect.icc, 0.5);  // pair 0 all negative, pair 1 the largest
  EXPECT_GT(guarded.effect.design_effect, 3);
  const double z = WilcoxonSignedRank(d, {.allow_exact = false}).z;
  EXPECT_NEAR(guarded.p, 2 * NormalCdf(-std::fabs(z) / std::sqrt(guarded.effect.design_effect)), 1e-15);
  EXPECT_GT(guarded.p, 20 * plain.p);
  // The sequential rule takes the guarded p at every look.
  const SequentialDesign design{0.01, 50, 0.05};
  const SequentialResult seq = SequentialSignedRank(d, design, pair);
  const std::vector<SequentialLook> looks = SequentialLooks(50);
  double expected = 1;
  for (std::size_t k = 0; k < seq.looks; ++k) {
    const auto end = static_cast<long>(looks[k].blocks);
    const std::vector<double> first(d.begin(), d.begin() + end);
    const std::vector<std::size_t> clusters(pair.begin(), pair.begin() + end);
    expected = std::min(expected, ClusteredSignedRank(first, clusters).p / looks[k].share);
  }
  EXPECT_NEAR(seq.p, std::min(expected, 1.0), 1e-12);
  EXPECT_EQ(seq.clusters.clusters, 4U);
}

// Blocks from K long-lived workers per variant: block b's log ratio comes from pair b mod K, whose two
// processes' offsets differ by u_g (sd sqrt(icc) * sd), plus the block's own noise (sd sqrt(1 - icc) * sd).
// Stopped as the driver stops it; `every_look`: no stop for equivalence (the worst case of any stopping).
struct Outcome {
  bool slower = false, faster = false;
  std::size_t blocks = 0;
  double design_effect = 1;
};
Outcome Simulate(Rng& rng, double shift, double sd, double icc, std::size_t k, std::size_t lifetime, bool guarded,
                 const SequentialDesign& design) {
  std::vector<double> offsets;
  std::vector<double> xs;
  std::vector<std::size_t> pairs;
  for (std::size_t b = 0; b < design.max_blocks; ++b) {
    const std::size_t cluster = b % k + k * (lifetime == 0 ? 0 : b / k / lifetime);
    while (offsets.size() <= cluster) offsets.push_back(sd * std::sqrt(icc) * Gaussian(rng));
    xs.push_back(shift + offsets[cluster] + sd * std::sqrt(1 - icc) * Gaussian(rng));
    pairs.push_back(cluster);
  }
  const SequentialResult all = SequentialSignedRank(xs, design, guarded ? pairs : std::vector<std::size_t>{});
  const std::vector<SequentialLook> looks = SequentialLooks(design.max_blocks);
  Outcome o;
  o.design_effect = all.clusters.design_effect;
  for (std::size_t i = 0; i < all.looks; ++i) {
    o.blocks = looks[i].blocks;
    if (all.p_by_look[i] < design.alpha) {
      const std::vector<double> first(xs.begin(), xs.begin() + static_cast<long>(o.blocks));
      o.slower = HodgesLehmann(first) > 0;
      o.faster = !o.slower;
      return o;
    }
    if (all.equivalent_at != 0 && all.equivalent_at <= o.blocks) return o;
  }
  return o;
}

struct Row {
  double found = 0, median_blocks = 0, median_design_effect = 1;
};
Row Replicate(std::uint64_t seed, int n, double shift, double sd, double icc, bool guarded,
              const SequentialDesign& design, std::size_t k = 4, std::size_t lifetime = 0) {
  Rng rng(seed);
  Row row;
  std::vector<double> blocks, effects;
  for (int i = 0; i < n; ++i) {
    const Outcome o = Simulate(rng, shift, sd, icc, k, lifetime, guarded, design);
    row.found += (shift > 0 ? o.slower : (o.slower || o.faster)) ? 1 : 0;
    blocks.push_back(static_cast<double>(o.blocks));
    effects.push_back(o.design_effect);
  }
  row.found /= n;
  std::sort(blocks.begin(), blocks.end());
  std::sort(effects.begin(), effects.end());
  row.median_blocks = blocks[blocks.size() / 2];
  row.median_design_effect = effects[effects.size() / 2];
  return row;
}

// The default (driver/settings.h: K = 10 pairs, each retired after 3 samples) and pairs that live for the
// whole comparison (K = 4, --worker-samples 0).
constexpr std::size_t kDefaultPairs = 10, kDefaultLifetime = 3;

TEST(ClusteredSimulation, AAStaysBelowAlphaWhateverTheProcessesShareAndPowerIsStated) {
  const SequentialDesign design{0.01, 50, 0.05};
  SequentialDesign every_look = design;
  every_look.equivalence = 0;  // never within ±0: every look is taken
  std::printf(
      "| ICC | A/A found: 4 pairs, plain test | 4 pairs for good, guarded | 10 pairs retired after 3, guarded |"
      " median design effect at 50 (4 pairs; 10 retired) |\n");
  std::uint64_t seed = 500;
  for (const double icc : {0.0, 0.1, 0.3, 0.5}) {
    const Row plain = Replicate(seed, 2000, 0, 1, icc, false, every_look);
    const Row guarded = Replicate(seed, 2000, 0, 1, icc, true, every_look);
    const Row retired = Replicate(seed++, 2000, 0, 1, icc, true, every_look, kDefaultPairs, kDefaultLifetime);
    std::printf("| %.1f | %.2f%% | %.2f%% | %.2f%% | %.2f; %.2f |\n", icc, plain.found * 100, guarded.found * 100,
                retired.found * 100, guarded.median_design_effect, retired.median_design_effect);
    // ICC 0.5 is printed, not required of pairs for good: 1.1% of 2000 (docs/statistics.md states it as a limit).
    if (icc <= 0.3) {
      EXPECT_LE(guarded.found, 0.01) << icc;
    }
    EXPECT_LE(retired.found, 0.01) << icc;
    if (icc >= 0.3) {
      EXPECT_GT(plain.found, 0.02) << icc;  // what the guard is for
    }
  }
  std::printf(
      "| change | log-ratio sd | ICC | found: plain | 4 pairs for good, guarded | 10 retired after 3, guarded |"
      " median blocks (4 for good; 10 retired) |\n");
  struct Cell {
    double change, sd, icc, min_for_good, min_retired;
  };
  // The floors are a little below what the seeded simulation gives. The +79% rows: a change whose size differs
  // from one pair of processes to the next (the young generation at 1 MB), decided at the first look by the
  // default, as its 10 blocks come from 10 pairs.
  for (const Cell& c : {Cell{0.05, 0.03, 0, 0.7, 0.9}, Cell{0.05, 0.06, 0, 0.35, 0.75}, Cell{0.05, 0.10, 0, 0.1, 0.2},
                        Cell{0.05, 0.06, 0.1, 0.15, 0.65}, Cell{0.79, 0.20, 0.3, 0.2, 0.95}}) {
    const Row plain = Replicate(seed, 300, std::log1p(c.change), c.sd, c.icc, false, design);
    const Row guarded = Replicate(seed, 300, std::log1p(c.change), c.sd, c.icc, true, design);
    const Row retired =
        Replicate(seed++, 300, std::log1p(c.change), c.sd, c.icc, true, design, kDefaultPairs, kDefaultLifetime);
    std::printf("| +%.0f%% | %.2f | %.1f | %.0f%% | %.0f%% | %.0f%% | %.0f; %.0f |\n", c.change * 100, c.sd, c.icc,
                plain.found * 100, guarded.found * 100, retired.found * 100, guarded.median_blocks,
                retired.median_blocks);
    EXPECT_GE(guarded.found, c.min_for_good) << c.sd << " " << c.icc;
    EXPECT_GE(retired.found, c.min_retired) << c.sd << " " << c.icc;
    if (c.change > 0.5) {
      EXPECT_EQ(retired.median_blocks, static_cast<double>(kFirstLook));
    }
  }
}

}  // namespace
}  // namespace v8bench::stats
