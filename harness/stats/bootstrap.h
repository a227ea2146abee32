// Percentile-bootstrap confidence intervals (Efron & Tibshirani, "An Introduction to the Bootstrap"
// (1993), ch. 13): for the ratio of medians of two independent samples, and for a statistic of one
// sample (v8bench: the median or Hodges-Lehmann estimate of per-block log ratios, resampling whole
// blocks). The generator is seeded (rng.h, the same stream on every platform), so the same samples
// and seed always give the same interval, wherever it is computed.
// Why percentile and not BCa: BCa's acceleration is estimated by the jackknife, which is
// inconsistent for the median (Efron & Tibshirani §11.6), the statistic v8bench bootstraps most.
#pragma once

#include <cstdint>
#include <vector>

namespace v8bench::stats {

struct RatioInterval {
  double ratio = 0;  // median(new) / median(base) on the samples themselves
  double low = 0;
  double high = 0;
};

// REQUIRES: both samples non-empty and median(base) > 0. confidence in (0, 1), e.g. 0.95.
RatioInterval BootstrapRatioOfMedians(const std::vector<double>& base, const std::vector<double>& next,
                                      double confidence, int resamples, std::uint64_t seed);

struct Interval {
  double estimate = 0;  // the statistic on the sample itself
  double low = 0;
  double high = 0;
};

// A statistic of one sample; it may reorder its argument (a resample the bootstrap owns).
using SampleStatistic = double (*)(std::vector<double>& xs);

// The sample is resampled with replacement `resamples` times; [low, high] are the (1 - confidence)/2
// and (1 + confidence)/2 quantiles of the statistic over the resamples.
// REQUIRES: a non-empty sample, confidence in (0, 1), resamples >= 1.
Interval BootstrapInterval(const std::vector<double>& xs, SampleStatistic statistic, double confidence, int resamples,
                           std::uint64_t seed);

}  // namespace v8bench::stats
