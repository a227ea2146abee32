// The verdict on a counted metric (instructions under simulation): counts that repeat almost exactly
// have no sampling distribution to test (a rank test over identical values has no variance, and with
// three samples a side no p-value can reach alpha anyway). So a change is what exceeds the counts'
// own measured repeatability, with a floor:
//   repeatability r = the larger, over the two sides, of max/min - 1 of that side's samples;
//   ratio           = median(new) / median(base);
//   changed         when |ratio - 1| > max(kCountedRepeatabilityFactor x r, kCountedFloor).
// The interval reported is [ratio / (1 + r), ratio x (1 + r)]: where the ratio could lie if every
// sample were off by as much as the worst repetition. docs/instructions.md says what such a verdict means.
#pragma once

#include <cstddef>
#include <vector>

#include "harness/stats/bootstrap.h"
#include "harness/stats/compare.h"

namespace v8bench::stats {

// A change is called only beyond three times the spread seen within a side, and never below 0.01%.
inline constexpr double kCountedRepeatabilityFactor = 3.0;
inline constexpr double kCountedFloor = 1e-4;
// Two samples a side are the fewest that measure repeatability.
inline constexpr std::size_t kCountedMinSamples = 2;

struct CountedComparison {
  RatioInterval ratio;       // new / base, the interval as above
  double repeatability = 0;  // r, a fraction
  double tolerance = 0;      // the change below which nothing is called, a fraction
  Verdict verdict = Verdict::kInsufficient;
};

// The spread of one side's counts: max/min - 1 (0 for fewer than two; infinity when min <= 0).
double Repeatability(const std::vector<double>& counts);

CountedComparison CompareCounts(const std::vector<double>& base, const std::vector<double>& next);

}  // namespace v8bench::stats
