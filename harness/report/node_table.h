// compare's report in the form Node core's contributors read after `benchmark/compare.js`: the table
// that benchmark/compare.R prints (confidence stars, improvement, accuracy), one row per case and
// variant, beside the Holm-corrected verdicts the rest of v8bench reports (--format node).
#pragma once

#include <string>

#include "harness/analysis/analysis.h"

namespace v8bench::report {

// One row per case and non-baseline variant: `confidence` (*, **, *** for p < 0.05, 0.01, 0.001,
// unadjusted, as compare.R marks its t-test's p), `improvement` (the change in the rate, higher is
// better, as compare.R's: baseline / variant - 1 of the compared figure, which is a cost per
// operation), `accuracy (*)` (the half-width of the 95% interval of that change), then the verdict
// after Holm's correction over every comparison, which compare.R leaves to its reader; and compare.R's
// closing sentence on the false positives to expect among that many comparisons.
std::string RenderNodeTable(const analysis::Analysis& analysis);

}  // namespace v8bench::report
