#include "harness/stats/compare.h"

#include <cmath>

#include "harness/stats/statistics.h"

namespace v8bench::stats {

const char* VerdictName(Verdict v, bool is_time) {
  switch (v) {
    case Verdict::kLower:
      return is_time ? "faster" : "lower";
    case Verdict::kHigher:
      return is_time ? "slower" : "higher";
    case Verdict::kNoChange:
      return "no change";
    case Verdict::kInsufficient:
      return "insufficient";
    case Verdict::kTooFewSamples:
      return "too few samples to judge";
    case Verdict::kNotJudged:
      return "not judged";
  }
  return "?";
}

Verdict Decide(double p, const RatioInterval& r, const CompareOptions& o) {
  if (!(p < o.alpha)) return Verdict::kNoChange;
  if (r.low <= 1 && r.high >= 1) return Verdict::kNoChange;
  if (std::fabs(r.ratio - 1) < o.noise_floor) return Verdict::kNoChange;
  return r.ratio > 1 ? Verdict::kHigher : Verdict::kLower;
}

SampleComparison CompareSamples(const std::vector<double>& base, const std::vector<double>& next,
                                const CompareOptions& o) {
  SampleComparison c;
  if (base.size() < o.min_samples || next.size() < o.min_samples || base.empty() || next.empty()) return c;
  c.mann_whitney = MannWhitneyU(next, base);
  c.welch = WelchTTest(next, base);
  if (Median(base) > 0) {
    c.ratio = BootstrapRatioOfMedians(base, next, o.confidence, o.resamples, o.seed);
  } else {
    // A metric that is zero in the baseline (no GC at all): a ratio is meaningless.
    c.ratio.ratio = c.ratio.low = c.ratio.high = Median(next) > 0 ? INFINITY : 1;
  }
  c.verdict = Decide(c.mann_whitney.p, c.ratio, o);
  return c;
}

const char* SignificanceMarks(double p) {
  if (p < 0.001) return "***";
  if (p < 0.01) return "**";
  if (p < 0.05) return "*";
  return "";
}

}  // namespace v8bench::stats
