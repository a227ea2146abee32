// The comparison as people read it: an aligned console table (colour when asked) or Markdown for a
// pull-request comment. One row per case and variant: the chosen metric's median per iteration
// with its CV, the GC share of CPU time and allocation beside it, then, versus the baseline, the
// change with its 95% CI, the Mann-Whitney and Welch p-values with Node-style marks, the verdict
// and the Holm-adjusted verdict. Notes after the table: the false-positive warning, multimodal
// samples, failures, cases without enough samples, and the gate.
#pragma once

#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/analysis/analysis_text.h"

namespace v8bench::report {

using analysis::Analysis;
using analysis::Dataset;
using driver::CompareState;

struct ReportHeader {
  std::string title;               // "v8bench compare" / "v8bench diff"
  std::vector<std::string> lines;  // variants, engines, flags, sampling, seed
};

// The report header of a comparison: variants with engines, V8 versions and trig path; sampling; machine.
ReportHeader CompareHeader(const CompareState& state);
// "v8bench COMMAND ARGS..." with each argument shell-quoted: the exact command, for the HTML header.
std::string CommandLine(const std::string& command, const std::vector<std::string>& argv);
// A command that reproduces a saved comparison (its suites, filter, variants, engines, runs and seed).
std::string ReproducingCommand(const CompareState& state);

// A text box plot of `xs` on the axis [lo, hi] in `width` columns (like mitata's inline plots):
// ├ the smallest sample, ┤ the largest, ─ between them, █ the middle half (25th to 75th percentile),
// │ the median. With `log_axis` (lo > 0) positions are proportional to log(x), so a ratio spans the
// same distance anywhere on the axis. Values outside [lo, hi] are drawn at its ends; an empty `xs`
// gives `width` spaces.
std::string InlineBoxPlot(const std::vector<double>& xs, double lo, double hi, std::size_t width,
                          bool log_axis = false);

struct ConsoleOptions {
  bool color = false;
  // With the samples the analysis came from (parallel cases and variants), a last column
  // "distribution": per case, each variant's samples of the chosen metric as an InlineBoxPlot on one
  // logarithmic axis, from the case's smallest to its largest sample, so two clusters or a shifted
  // spread show (a linear axis would squash the faster variant of a 30x change into one column).
  const Dataset* samples = nullptr;
  // The column is left out when the table would be wider than this (a terminal's width); 0: no limit.
  std::size_t max_width = 0;
  std::size_t plot_width = 24;
};

std::string RenderConsole(const Analysis& analysis, const ReportHeader& header, const ConsoleOptions& options);
inline std::string RenderConsole(const Analysis& analysis, const ReportHeader& header, bool color) {
  return RenderConsole(analysis, header, ConsoleOptions{color});
}
std::string RenderMarkdown(const Analysis& analysis, const ReportHeader& header);

}  // namespace v8bench::report
