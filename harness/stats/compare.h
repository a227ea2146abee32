// One comparison of two samples of a metric (lower is better: time, GC time, bytes): the ratio of
// medians with a bootstrap confidence interval, the Mann-Whitney U and Welch t-tests, and a verdict.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/stats/bootstrap.h"
#include "harness/stats/mann_whitney.h"
#include "harness/stats/welch.h"

namespace v8bench::stats {

// kInsufficient: fewer samples than the minimum (no test ran). kTooFewSamples: the test ran, but with
// these samples (and this many comparisons, for the Holm verdict) its smallest reachable p is not below
// alpha (power.h): it could not have found any change, so "no change" would claim what it cannot show.
// kNotJudged: the samples are not independent (the repetitions of one process), so no test applies.
enum class Verdict { kNoChange, kLower, kHigher, kInsufficient, kTooFewSamples, kNotJudged };
// "faster"/"slower" for times, "lower"/"higher" for counts and bytes; "no change", "insufficient",
// "too few samples to judge", "not judged".
const char* VerdictName(Verdict v, bool is_time);

// The significance level of every verdict by default (compare and diff, `--alpha`): the one home of
// that default. 0.01 rather than the customary 0.05 because a verdict is a claim a user acts on (and the
// CI gate fails on): with 0.05 a Holm family of comparisons of identical code calls something faster or
// slower in up to one comparison in twenty, i.e. in most series of twenty A/A runs. The price is power:
// the exact signed-rank test needs 8 blocks for one comparison at 0.01 (2 / 2^8 = 0.0078) and 10 for a
// family of 4 (power.h); the default 40 blocks judge families of up to 5497558138. docs/verdicts.md.
inline constexpr double kDefaultAlpha = 0.01;

struct CompareOptions {
  double alpha = kDefaultAlpha;  // significance level of the test behind the verdict
  double noise_floor = 0.01;     // a change smaller than this fraction is never called significant
  double confidence = 0.95;      // of the bootstrap interval
  int resamples = 2000;          // bootstrap resamples
  std::uint64_t seed = 1;        // bootstrap seed
  std::size_t min_samples = 5;   // per side; fewer gives kInsufficient
};

struct SampleComparison {
  RatioInterval ratio;  // next / base
  MannWhitneyResult mann_whitney;
  WelchResult welch;
  Verdict verdict = Verdict::kInsufficient;
};

SampleComparison CompareSamples(const std::vector<double>& base, const std::vector<double>& next,
                                const CompareOptions& options);

// The verdict for p-value `p` (raw or adjusted): significant only when p < alpha, the interval
// excludes 1, and the ratio differs from 1 by at least the noise floor; the direction is the ratio's.
Verdict Decide(double p, const RatioInterval& ratio, const CompareOptions& options);

// Node's benchmark/compare.R marks: "***" p < 0.001, "**" p < 0.01, "*" p < 0.05, "" otherwise.
const char* SignificanceMarks(double p);

}  // namespace v8bench::stats
