// Holm-Bonferroni adjusted p-values: with m comparisons, the i-th smallest p-value is multiplied by
// (m - i + 1), made monotone, and capped at 1. Rejecting where the adjusted p < alpha keeps the
// chance of any false positive among all m at or below alpha. Holm, Scand. J. Statist. 6 (1979);
// the same as R's p.adjust(method = "holm").
#pragma once

#include <vector>

namespace v8bench::stats {

// Returns the adjusted p-values in the input order.
std::vector<double> HolmAdjust(const std::vector<double>& p);

}  // namespace v8bench::stats
