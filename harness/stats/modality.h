// Is a sample multimodal, e.g. most runs near one rate and some 60% faster? Two tests must agree:
//  - Sarle's bimodality coefficient BC = (g² + 1) / (κ + 3(n-1)²/((n-2)(n-3))), with g the sample
//    skewness and κ the sample excess kurtosis; BC > 5/9 (the value of a uniform distribution)
//    suggests two modes (SAS/STAT User's Guide, PROC CLUSTER; Pfister et al., Front. Psychol. 2013).
//  - The best split of the sorted sample into two groups (least within-group sum of squares, i.e.
//    1-D k-means with k = 2) separates them cleanly: Ashman's D = √2·|m1 - m2| / √(s1² + s2²) > 4
//    (Ashman et al., J. Appl. Stat. 1994, give D > 2 for a fitted mixture; a hard split shrinks
//    each group's spread, and splits of unimodal normal, lognormal and uniform samples reach D ≈ 2.7
//    to 3.5, so v8bench asks for 4) and the smaller group holds at least 2 values and 5% of them.
// Simulated with 300 samples each: a normal or lognormal sample is flagged ≤ 3% of the time; an
// 85%/15% mixture whose modes are 60% apart is flagged in 80% of samples of 20 and 99% of 40.
#pragma once

#include <cstddef>
#include <vector>

namespace v8bench::stats {

struct Modality {
  bool multimodal = false;
  double bimodality_coefficient = 0;
  double ashman_d = 0;
  // The two groups of the best split (low values first): their medians and sizes.
  double low_median = 0, high_median = 0;
  std::size_t low_count = 0, high_count = 0;
  // Midway between the largest value of the low group and the smallest of the high group: values
  // above it belong to the high group (0 for fewer than 10 values).
  double boundary = 0;
};

// Samples with fewer than 10 values are never called multimodal.
Modality DetectModality(const std::vector<double>& xs);

}  // namespace v8bench::stats
