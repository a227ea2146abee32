// Options and output shared by `compare` and `diff`: the settings declared in driver/settings.h as
// options, the report format, and colour (on for a terminal unless NO_COLOR is set).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/cli/args.h"
#include "harness/driver/comparison.h"
#include "harness/report/compare_report.h"

namespace v8bench::cli {

// The settings' options (all of them, or with `statistics_only` those of the analysis and gate,
// for diff), then --format.
std::vector<OptionSpec> SettingOptionSpecs(bool statistics_only);
// Applies the setting options given on the command line to `settings` (the rest keep their value).
Status ApplySettingOptions(const ParsedArgs& args, bool statistics_only, driver::CompareSettings& settings);
// --format: console, markdown, json or html.
Expected<std::string> ReportFormat(const ParsedArgs& args);

bool UseColor(std::FILE* out);

// Prints the report in `format` (console or markdown; json is printed by the caller). The console table
// gets each case's distribution (report::ConsoleOptions) from `samples` with --plot, or on a terminal
// wide enough for it.
void PrintReport(const analysis::Analysis& analysed, const report::ReportHeader& header, const std::string& format,
                 const ParsedArgs& args, const analysis::Dataset& samples);

}  // namespace v8bench::cli
