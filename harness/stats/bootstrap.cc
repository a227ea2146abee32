#include "harness/stats/bootstrap.h"

#include <algorithm>
#include <cmath>

#include "harness/stats/rng.h"
#include "harness/stats/statistics.h"

namespace v8bench::stats {
namespace {

// n draws with replacement from xs into scratch.
void Resample(const std::vector<double>& xs, std::vector<double>& scratch, Rng& rng) {
  const std::size_t n = xs.size();
  scratch.resize(n);
  for (std::size_t i = 0; i < n; ++i) scratch[i] = xs[rng.Below(n)];
}

// The central `confidence` share of the bootstrap distribution.
void PercentileBounds(std::vector<double> replicates, double confidence, double& low, double& high) {
  const double tail = (1 - confidence) / 2;
  low = Quantile(replicates, tail);
  high = Quantile(std::move(replicates), 1 - tail);
}

double ResampledMedian(const std::vector<double>& xs, std::vector<double>& scratch, Rng& rng) {
  Resample(xs, scratch, rng);
  return MedianInPlace(scratch);
}

}  // namespace

RatioInterval BootstrapRatioOfMedians(const std::vector<double>& base, const std::vector<double>& next,
                                      double confidence, int resamples, std::uint64_t seed) {
  RatioInterval out;
  out.ratio = Median(next) / Median(base);
  Rng rng(seed);
  std::vector<double> ratios;
  ratios.reserve(static_cast<std::size_t>(resamples));
  std::vector<double> scratch;
  for (int i = 0; i < resamples; ++i) {
    const double b = ResampledMedian(base, scratch, rng);
    const double n = ResampledMedian(next, scratch, rng);
    if (b > 0) ratios.push_back(n / b);
  }
  if (ratios.empty()) {
    out.low = out.high = out.ratio;
    return out;
  }
  PercentileBounds(std::move(ratios), confidence, out.low, out.high);
  return out;
}

Interval BootstrapInterval(const std::vector<double>& xs, SampleStatistic statistic, double confidence, int resamples,
                           std::uint64_t seed) {
  Interval out;
  std::vector<double> copy = xs;
  out.estimate = statistic(copy);
  Rng rng(seed);
  std::vector<double> replicates;
  replicates.reserve(static_cast<std::size_t>(resamples));
  std::vector<double> scratch;
  for (int i = 0; i < resamples; ++i) {
    Resample(xs, scratch, rng);
    replicates.push_back(statistic(scratch));
  }
  PercentileBounds(std::move(replicates), confidence, out.low, out.high);
  return out;
}

}  // namespace v8bench::stats
