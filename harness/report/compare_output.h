// What `compare`, `diff`, `merge` and `report` print of a comparison, in one place: the report in the
// format asked for (console, Markdown, JSON, HTML, compare.R's table), and what `compare` says on stderr while it runs
// (the start line, the progress line) or when nothing could be measured.
#pragma once

#include <optional>
#include <string>

#include "harness/analysis/analysis.h"
#include "harness/driver/driver.h"
#include "harness/model/expected.h"
#include "harness/report/compare_report.h"

namespace v8bench::report {

// The report in `format`: "json" is `json` (the caller's document: a results file or diff's JSON),
// "html" the page of compare_html (with `command`, the command line that made it), "markdown" the
// Markdown, "node" compare.R's table (node_table.h), anything else the console table with `console`'s options.
std::string RenderComparison(const std::string& format, const Analysis& analysed, const Dataset& data,
                             const ReportHeader& header, const std::string& command, const std::string& json,
                             const ConsoleOptions& console);

// "v8bench compare: base, slow; 20 samples per variant; seed N (resuming after K samples)"; with few samples
// per variant it says how many comparisons they can judge after Holm (analysis::JudgeableComparisons).
std::string CompareStartLine(const CompareState& state);

// "[done/total] last · running ... · elapsed, ETA · note", one line.
std::string ProgressLine(const driver::Progress& progress);

// Every worker failed before it finished a case (all hang at load, say): there is nothing to
// compare, and the Error::Input lists the distinct reasons per variant. nullopt when some sample
// measured something (or a failed sample had no reason).
std::optional<Error> NothingMeasured(const CompareState& state);

}  // namespace v8bench::report
