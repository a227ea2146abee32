// The comparison as people read it: an aligned console table (colour when asked) or Markdown for a
// pull-request comment. One row per case and variant: the chosen metric's median per iteration
// with its CV, the GC share of CPU time and allocation beside it, then, versus the baseline, the
// change with its 95% CI, the Mann-Whitney and Welch p-values with Node-style marks, the verdict
// and the Holm-adjusted verdict. Notes after the table: the false-positive warning, multimodal
// samples, failures, cases without enough samples, and the gate.
#pragma once

#include <string>
#include <vector>

#include "harness/driver/analysis.h"

namespace v8bench::driver {

struct ReportHeader {
  std::string title;               // "v8bench compare" / "v8bench diff"
  std::vector<std::string> lines;  // variants, engines, flags, sampling, seed
};

std::string RenderConsole(const Analysis& analysis, const ReportHeader& header, bool color);
std::string RenderMarkdown(const Analysis& analysis, const ReportHeader& header);

}  // namespace v8bench::driver
