// A percentile-bootstrap confidence interval for the ratio of medians, median(new) / median(base):
// both samples are resampled with replacement, independently, `resamples` times. Efron & Tibshirani,
// "An Introduction to the Bootstrap" (1993), ch. 13. The generator is seeded, so the same samples
// and seed always give the same interval.
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

}  // namespace v8bench::stats
