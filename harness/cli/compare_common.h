// Options and output shared by `compare` and `diff`: the statistics and gate options, the report
// format, and colour (on for a terminal unless NO_COLOR is set).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/cli/args.h"
#include "harness/driver/analysis.h"
#include "harness/driver/compare_report.h"

namespace v8bench::cli {

// --metric, --threshold, --alpha, --noise-floor, --min-samples, --format.
std::vector<OptionSpec> StatisticsOptionSpecs();

struct StatisticsChoice {
  std::optional<std::string> metric;
  std::optional<double> threshold;  // fraction
  std::optional<double> alpha;
  std::optional<double> noise_floor;  // fraction
  std::optional<int> min_samples;
  std::string format = "console";
};
Expected<StatisticsChoice> StatisticsFrom(const ParsedArgs& args);

// A percentage such as "5", "5%" or "0.5", as a fraction; an Error::Usage names the option.
Expected<double> ParsePercent(const std::string& option, const std::string& text, double max_pct);

bool UseColor(std::FILE* out);

// Prints the report in `format` (console or markdown; json is printed by the caller).
void PrintReport(const driver::Analysis& analysis, const driver::ReportHeader& header, const std::string& format);

}  // namespace v8bench::cli
