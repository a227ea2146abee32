// `v8bench diff`'s two sides (results_file's ReadResultsSide) as one comparison: the cases both files
// hold, paired into a Dataset (variant "base" and "new"), the report header that names the files, and
// the check that the compared metric is in them at all.
#pragma once

#include <string>

#include "harness/analysis/analysis.h"
#include "harness/files/results_file.h"
#include "harness/model/expected.h"
#include "harness/report/compare_report.h"

namespace v8bench::report {

// The cases both sides hold (and `filter`, an ECMAScript regex over case keys, selects; empty: all),
// in BASE's order; or an Error::Input listing (up to 8 of) the ones only one side holds, or saying
// that no case is in both.
Expected<Dataset> PairCases(const files::ResultsSide& base, const files::ResultsSide& next, const std::string& filter);

// "v8bench diff", then a line per side: its path, format, variant and engine.
ReportHeader DiffHeader(const files::ResultsSide& base, const files::ResultsSide& next);

// An Error::Input when no case of either side has the figures of `metric` (a --metric name), e.g.
// process CPU from Google Benchmark JSON, which has only cpu and wall time.
Status CheckMetricPresent(const Dataset& data, const std::string& metric);

}  // namespace v8bench::report
