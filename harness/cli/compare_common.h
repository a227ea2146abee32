// Options and output shared by `compare` and `diff`: the settings declared in driver/settings.h as
// options, the report format, and the report on stdout (colour on a terminal unless NO_COLOR is set).
#pragma once

#include <cstdio>
#include <optional>
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

// Prints the comparison on stdout in `format` (report::RenderComparison; `json` is the document for
// --format json). The console table gets each case's distribution (report::ConsoleOptions) from
// `data` with --plot, or on a terminal wide enough for it. With `out`, also writes the report to that
// file atomically: HTML for a .html name, Markdown for a .md name, else `json`.
Status EmitComparison(const ParsedArgs& args, const std::string& format, const analysis::Analysis& analysed,
                      const analysis::Dataset& data, const report::ReportHeader& header, const std::string& command,
                      const std::string& json, const std::optional<std::string>& out);

}  // namespace v8bench::cli
