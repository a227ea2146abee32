#include "harness/stats/counted.h"
#include "harness/stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace v8bench::stats {
namespace {

TEST(Statistics, MedianOfOddAndEvenSamples) {
  EXPECT_DOUBLE_EQ(Median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(Median({4, 1, 3, 2}), 2.5);
}

TEST(Statistics, QuantileInterpolatesLinearly) {
  EXPECT_DOUBLE_EQ(Quantile({0, 10}, 0.25), 2.5);
  EXPECT_DOUBLE_EQ(Quantile({5, 1, 3}, 0), 1);
  EXPECT_DOUBLE_EQ(Quantile({5, 1, 3}, 1), 5);
}

TEST(Statistics, SampleStdDevAndCv) {
  // Sample standard deviation of 2,4,4,4,5,5,7,9 is sqrt(32/7).
  const std::vector<double> xs = {2, 4, 4, 4, 5, 5, 7, 9};
  EXPECT_NEAR(StdDev(xs), std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_NEAR(Cv(xs), std::sqrt(32.0 / 7.0) / 5.0, 1e-12);
  EXPECT_DOUBLE_EQ(StdDev({7}), 0);
  EXPECT_DOUBLE_EQ(Cv({0, 0}), 0);
}

TEST(Statistics, MinMaxMean) {
  EXPECT_DOUBLE_EQ(Min({3, -1, 2}), -1);
  EXPECT_DOUBLE_EQ(Max({3, -1, 2}), 3);
  EXPECT_DOUBLE_EQ(Mean({1, 2, 3, 4}), 2.5);
}

TEST(Counted, AChangeIsOneBeyondTheMeasuredRepeatability) {
  // Counts that repeat to 1 in 10^6: the 0.01% floor decides; +0.5% is a change, +0.005% is not.
  const std::vector<double> base = {1000000, 1000001, 1000000};
  const CountedComparison same = CompareCounts(base, {1000050, 1000050, 1000051});
  EXPECT_EQ(same.verdict, Verdict::kNoChange);
  EXPECT_DOUBLE_EQ(same.tolerance, kCountedFloor);
  const CountedComparison more = CompareCounts(base, {1005000, 1005001, 1005000});
  EXPECT_EQ(more.verdict, Verdict::kHigher);
  EXPECT_NEAR(more.ratio.ratio, 1.005, 1e-9);
  EXPECT_LT(more.ratio.low, more.ratio.ratio);
  // Counts that vary by 1% within a side: a 2% change is within three times that.
  const CountedComparison noisy = CompareCounts({100, 101, 100}, {102, 102, 102});
  EXPECT_NEAR(noisy.repeatability, 0.01, 1e-12);
  EXPECT_EQ(noisy.verdict, Verdict::kNoChange);
  EXPECT_EQ(CompareCounts({100, 101, 100}, {90, 90, 90}).verdict, Verdict::kLower);
}

TEST(Counted, OneSampleASideCannotMeasureRepeatability) {
  EXPECT_EQ(CompareCounts({100}, {200, 200}).verdict, Verdict::kInsufficient);
  EXPECT_EQ(CompareCounts({0, 0}, {200, 200}).verdict, Verdict::kInsufficient);
  EXPECT_DOUBLE_EQ(Repeatability({5}), 0);
}

}  // namespace
}  // namespace v8bench::stats
