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

}  // namespace
}  // namespace v8bench::stats
