#include "harness/stats/bootstrap.h"

#include <algorithm>
#include <cmath>

#include "harness/stats/rng.h"
#include "harness/stats/statistics.h"

namespace v8bench::stats {
namespace {

double ResampledMedian(const std::vector<double>& xs, std::vector<double>& scratch, Rng& rng) {
  const std::size_t n = xs.size();
  scratch.resize(n);
  for (std::size_t i = 0; i < n; ++i) scratch[i] = xs[rng.Below(n)];
  const std::size_t mid = n / 2;
  std::nth_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid), scratch.end());
  const double upper = scratch[mid];
  if (n % 2 == 1) return upper;
  const double lower = *std::max_element(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
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
  const double tail = (1 - confidence) / 2;
  out.low = Quantile(ratios, tail);
  out.high = Quantile(std::move(ratios), 1 - tail);
  return out;
}

}  // namespace v8bench::stats
