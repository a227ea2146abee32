// Paired comparison of two variants sampled in blocks (one sample of every variant per block, back to
// back, in a seeded random order): per block the log ratio log(new / base), and
//  - the estimate: the median of the log ratios (or their Hodges-Lehmann estimate), as a ratio;
//  - its percentile-bootstrap confidence interval over blocks (bootstrap.h), seeded;
//  - the Wilcoxon signed-rank test of the log ratios against 0 (wilcoxon.h);
//  - the verdict of compare.h's Decide: p < alpha, the interval excludes 1, and the change is at
//    least the noise floor. With several cases, adjust the p-values with HolmAdjust (holm.h) first.
// Why pairs: the machine's speed drifts between states that persist for several samples, so two
// samples run back to back share a state far more often than two samples drawn from the whole run;
// the block's log ratio cancels the state that an unpaired test (Mann-Whitney, or a bootstrap of the
// ratio of medians) sees as noise. Method and references: docs/paired.md.
// Limits: blocks are assumed independent given the states (the bootstrap resamples whole blocks; a
// drift inside a block is symmetrised by the random order, not removed); log ratios need values > 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/stats/bootstrap.h"
#include "harness/stats/clustered.h"
#include "harness/stats/compare.h"
#include "harness/stats/machine_state.h"
#include "harness/stats/wilcoxon.h"

namespace v8bench::stats {

enum class PairedEstimator { kMedian, kHodgesLehmann };

// log(next[i] / base[i]) for each block i where both values are > 0 and the ratio is finite.
// REQUIRES base.size() == next.size() (block i of both).
std::vector<double> LogRatios(const std::vector<double>& base, const std::vector<double>& next);

struct PairedComparison {
  std::size_t blocks = 0;
  RatioInterval ratio;        // exp of the estimate and of the bootstrap bounds of the log ratio: new / base
  double hodges_lehmann = 0;  // exp(Hodges-Lehmann estimate of the log ratios), for reference
  // The signed-rank test; with clusters given its p is the guarded one (clustered.h), its other figures the plain
  // test's.
  WilcoxonResult wilcoxon;
  ClusterEffect clusters;                    // design effect 1: no clusters, or none to correct for
  Verdict verdict = Verdict::kInsufficient;  // on the unadjusted Wilcoxon p
};

// Everything from the per-block log ratios; options.seed seeds the bootstrap, options.min_samples is
// the minimum number of blocks (fewer: kInsufficient, and no interval). `clusters`: per log ratio, its
// block's pair of long-lived processes (PairedBlocks::cluster); empty: independent blocks.
PairedComparison ComparePaired(const std::vector<double>& log_ratios, const CompareOptions& options,
                               PairedEstimator estimator = PairedEstimator::kMedian,
                               const std::vector<std::size_t>& clusters = {});

// The Wilcoxon p-values Holm-adjusted across `comparisons`, and the verdicts on them (Decide with the
// adjusted p). kInsufficient comparisons are left out of the family and stay kInsufficient, p 1.
struct HolmVerdict {
  double p_holm = 1;
  Verdict verdict = Verdict::kInsufficient;
};
std::vector<HolmVerdict> HolmPaired(const std::vector<PairedComparison>& comparisons, const CompareOptions& options);

// One comparison straight from the driver's samples: the pairs of `variant` against `base`, compared
// over all blocks and over the blocks whose two samples ran in one machine state (the stratified
// comparison; it is the same as `all` when no states were detected). Both use options.seed.
// `stratified` says which the verdict rests on: the stratified comparison when states were detected,
// it has at least options.min_samples blocks, and at most kMaxSplitShare of the pairs were split (more:
// the "states" are most likely the variants' own difference, and dropping the split pairs would keep
// only the blocks where noise hid it). Every input of that choice is unchanged when the two samples of
// a block are swapped (the pooled states, the counts of pairs), so under "no change" the chosen test
// keeps its exact level: choosing never means testing twice and keeping the smaller p.
inline constexpr double kMaxSplitShare = 0.5;
struct BlockComparison {
  PairedComparison all;
  PairedComparison same_state;
  std::size_t split_pairs = 0;  // pairs left out of same_state
  bool stratified = false;
  const PairedComparison& used() const { return stratified ? same_state : all; }
};
BlockComparison CompareBlocks(const std::vector<BlockSample>& samples, const MachineStates& states, std::size_t base,
                              std::size_t variant, const CompareOptions& options,
                              PairedEstimator estimator = PairedEstimator::kMedian);

// Half the interval's width relative to its ratio, (high - low) / 2 / ratio: the figure --target-ci
// bounds (the driver's unpaired check uses the same definition).
double RelativeHalfWidth(const RatioInterval& r);

// Adaptive stopping on the paired interval. Each case carries its log ratios and the bootstrap seed
// the report will use for it; the check runs ComparePaired with exactly that seed, so the interval
// that stopped sampling is the one reported (the comparisons are returned for that purpose).
struct PairedCase {
  std::vector<double> log_ratios;
  std::uint64_t seed = 0;
};
struct PairedStop {
  bool reached = false;                       // every case has min_samples blocks and a half-width <= target
  double widest = 0;                          // the largest half-width (infinity while a case lacks blocks)
  std::size_t widest_case = 0;                // its index
  std::vector<PairedComparison> comparisons;  // per case, as ComparePaired computed them
};
// `target` is a fraction (0.02 for ±2%). No cases: not reached.
PairedStop PairedTargetReached(const std::vector<PairedCase>& cases, double target, const CompareOptions& options,
                               PairedEstimator estimator = PairedEstimator::kMedian);

}  // namespace v8bench::stats
