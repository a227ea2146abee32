// The comparison as one self-contained HTML page (inline CSS and SVG, no script, no network), for a
// CI artifact or a browser: the header (variants, engines, V8 versions, flags, trig path, machine,
// seed, the command), a forest plot of every change with its 95% CI coloured by verdict, a table
// with GC share and allocation beside the compared metric, and per case every sample of every
// variant as a strip plot with boxes on one shared axis (two clusters are easier to see than to
// read as "multimodal"). Reads the Analysis and the samples of the Dataset it was computed from.
#pragma once

#include <string>

#include "harness/analysis/analysis.h"
#include "harness/report/compare_report.h"

namespace v8bench::report {

using analysis::Analysis;
using analysis::Dataset;

// `command`: the command line that made (or reproduces) the comparison; empty leaves it out.
std::string RenderCompareHtml(const Analysis& analysis, const Dataset& data, const ReportHeader& header,
                              const std::string& command);

}  // namespace v8bench::report
