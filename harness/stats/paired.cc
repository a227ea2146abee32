#include "harness/stats/paired.h"

#include <cmath>
#include <limits>

#include "harness/stats/holm.h"
#include "harness/stats/statistics.h"

namespace v8bench::stats {
namespace {

double MedianStatistic(std::vector<double>& xs) { return MedianInPlace(xs); }
double HodgesLehmannStatistic(std::vector<double>& xs) { return HodgesLehmann(xs); }

}  // namespace

std::vector<double> LogRatios(const std::vector<double>& base, const std::vector<double>& next) {
  std::vector<double> out;
  out.reserve(base.size());
  for (std::size_t i = 0; i < base.size() && i < next.size(); ++i) {
    if (!(base[i] > 0) || !(next[i] > 0)) continue;
    const double r = std::log(next[i] / base[i]);
    if (std::isfinite(r)) out.push_back(r);
  }
  return out;
}

PairedComparison ComparePaired(const std::vector<double>& log_ratios, const CompareOptions& options,
                               PairedEstimator estimator, const std::vector<std::size_t>& clusters) {
  PairedComparison c;
  c.blocks = log_ratios.size();
  if (c.blocks == 0 || c.blocks < options.min_samples) return c;
  const ClusteredSignedRankResult test = ClusteredSignedRank(log_ratios, clusters);
  c.wilcoxon = test.plain;
  c.wilcoxon.p = test.p;
  c.clusters = test.effect;
  c.hodges_lehmann = std::exp(HodgesLehmann(log_ratios));
  const SampleStatistic statistic = estimator == PairedEstimator::kMedian ? MedianStatistic : HodgesLehmannStatistic;
  const Interval log_interval =
      BootstrapInterval(log_ratios, statistic, options.confidence, options.resamples, options.seed);
  c.ratio.ratio = std::exp(log_interval.estimate);
  c.ratio.low = std::exp(log_interval.low);
  c.ratio.high = std::exp(log_interval.high);
  c.verdict = Decide(c.wilcoxon.p, c.ratio, options);
  return c;
}

std::vector<HolmVerdict> HolmPaired(const std::vector<PairedComparison>& comparisons, const CompareOptions& options) {
  std::vector<double> p;
  std::vector<std::size_t> index;
  for (std::size_t i = 0; i < comparisons.size(); ++i) {
    if (comparisons[i].verdict == Verdict::kInsufficient) continue;
    p.push_back(comparisons[i].wilcoxon.p);
    index.push_back(i);
  }
  const std::vector<double> adjusted = HolmAdjust(p);
  std::vector<HolmVerdict> out(comparisons.size());
  for (std::size_t k = 0; k < index.size(); ++k) {
    out[index[k]].p_holm = adjusted[k];
    out[index[k]].verdict = Decide(adjusted[k], comparisons[index[k]].ratio, options);
  }
  return out;
}

BlockComparison CompareBlocks(const std::vector<BlockSample>& samples, const MachineStates& states, std::size_t base,
                              std::size_t variant, const CompareOptions& options, PairedEstimator estimator) {
  const PairedBlocks pairs = PairBlocks(samples, states, base, variant);
  const std::vector<double> same = SameStateLogRatios(pairs);
  std::vector<std::size_t> same_clusters;
  for (std::size_t i = 0; i < pairs.cluster.size(); ++i) {
    if (pairs.same_state[i]) same_clusters.push_back(pairs.cluster[i]);
  }
  BlockComparison out;
  out.all = ComparePaired(pairs.log_ratio, options, estimator, pairs.cluster);
  out.same_state = ComparePaired(same, options, estimator, same_clusters);
  out.split_pairs = pairs.log_ratio.size() - same.size();
  out.stratified = states.detected && out.same_state.verdict != Verdict::kInsufficient &&
                   static_cast<double>(out.split_pairs) <= kMaxSplitShare * static_cast<double>(pairs.log_ratio.size());
  return out;
}

double RelativeHalfWidth(const RatioInterval& r) { return (r.high - r.low) / 2 / r.ratio; }

PairedStop PairedTargetReached(const std::vector<PairedCase>& cases, double target, const CompareOptions& options,
                               PairedEstimator estimator) {
  PairedStop stop;
  stop.reached = !cases.empty();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CompareOptions seeded = options;
    seeded.seed = cases[i].seed;
    stop.comparisons.push_back(ComparePaired(cases[i].log_ratios, seeded, estimator));
    const PairedComparison& c = stop.comparisons.back();
    const double width =
        c.verdict == Verdict::kInsufficient ? std::numeric_limits<double>::infinity() : RelativeHalfWidth(c.ratio);
    if (i == 0 || width > stop.widest) {
      stop.widest = width;
      stop.widest_case = i;
    }
    stop.reached = stop.reached && width <= target;
  }
  return stop;
}

}  // namespace v8bench::stats
