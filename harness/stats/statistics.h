// Descriptive statistics over a sample of doubles (free functions, like Google Benchmark's).
// Each REQUIRES a non-empty sample unless it says otherwise.
#pragma once

#include <cstddef>
#include <vector>

namespace v8bench::stats {

double Mean(const std::vector<double>& xs);
double Median(std::vector<double> xs);
double MedianInPlace(std::vector<double>& xs);      // O(n), reordering xs; equal to Median up to rounding
double Quantile(std::vector<double> xs, double q);  // linear interpolation, q in [0, 1]
double StdDev(const std::vector<double>& xs);       // sample (n-1); 0 for n < 2
double Cv(const std::vector<double>& xs);           // StdDev / Mean; 0 when the mean is 0
double Min(const std::vector<double>& xs);
double Max(const std::vector<double>& xs);

// All of the above at once; a zero Summary (n = 0) for an empty sample.
struct Summary {
  std::size_t n = 0;
  double median = 0, mean = 0, stddev = 0, cv = 0, min = 0, max = 0;
};
Summary Describe(const std::vector<double>& xs);

}  // namespace v8bench::stats
