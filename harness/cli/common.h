// The commands, and the pieces they share: engine and run-setting options from the command line, the
// default suites, --out, failing with a message, the standard descriptors, and compare's and diff's
// settings options and report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/cli/args.h"
#include "harness/driver/comparison.h"
#include "harness/engine/engine_options.h"
#include "harness/model/knobs.h"
#include "harness/model/shell_words.h"
#include "harness/report/compare_report.h"
#include "harness/runner/run_settings.h"

namespace v8bench::cli {

// The subcommands, each declared with its options, its line in `v8bench --help` and its body (whose exit
// code is 0 on success, 1 when a case failed or a gate tripped, 2 on bad input).
CommandSpec RunSpec();
CommandSpec ListSpec();
CommandSpec InfoSpec();
CommandSpec ProfileSpec();
CommandSpec CompareSpec();
CommandSpec MergeSpec();
CommandSpec DiffSpec();
CommandSpec NativeSpec();
CommandSpec ReportSpec();
CommandSpec BisectSpec();
CommandSpec CacheSpec();

// A knob of model/knobs.h's table as a command's option: its word, metavar and help (or `help` instead, for a
// command that gives it another meaning), its value checked by KnobsFrom.
OptionSpec KnobOption(const KnobSpec& knob, const std::string& help = "");
// The options of the table's knobs in `group`, in table order.
std::vector<OptionSpec> KnobOptions(KnobGroup group);
// The knobs given on the command line (those the command declares), each parsed as a variant's words are.
Expected<Knobs> KnobsFrom(const ParsedArgs& args);

// --v8-flags and the engine knobs (KnobGroup::kEngine).
std::vector<OptionSpec> EngineOptionSpecs();
// Also takes V8 flags given after `--`. Contradictory knobs are an Error::Usage.
Expected<EngineOptions> EngineOptionsFrom(const ParsedArgs& args);

// The suites shipped with v8bench (the source tree's suites/), used when no path is given.
std::vector<std::string> SuitePathsOrDefault(const std::vector<std::string>& positional);

// RunSettings from the options a command declares among --quick (quick defaults), --filter, the knobs
// (KnobsFrom: --param, --tier, --main-cpu), --keep-changed and those of RunSettingOption; absent ones keep
// their defaults.
Expected<RunSettings> RunSettingsFrom(const ParsedArgs& args);

// The option of a numeric RunSettings field (repetitions, min-time, warmup, max-warmup, isolates,
// min-young-gcs, timeout) with its type and range, and `help` followed by the field's default (and
// `default_note` after it).
OptionSpec RunSettingOption(const std::string& name, const std::string& help, const std::string& default_note = "");

// What --timeout's default of run and compare is for a file sized for one call per process, after the
// ordinary default (measure/thresholds.h kOneCallFileCallTimeoutSeconds): " (1800 per call for ...)".
std::string OneCallTimeoutNote();

// --out FILE, checked writable before anything is measured or read (CheckWritable) and refused when it
// is one of the command's positional arguments (its input files); nullopt when --out is not given.
Expected<std::optional<std::string>> WritableOut(const ParsedArgs& args);

// Prints "v8bench: <message>" to stderr and returns the error's exit code.
int Fail(const Error& error);

// Before anything else: a closed standard descriptor (`>&-`) is opened on /dev/null read-only, so no
// file or pipe opened later takes its number (libuv's own would, and then fail an assertion) and a
// write to it still fails (EBADF) as on the closed one; SIGPIPE is ignored, so a reader of stdout that
// goes away (`| head`) is a failed write (EPIPE) and not the end of the process before --out is written;
// every other inherited descriptor is made close-on-exec, so no child (a worker, and its suite) gets it.
void PrepareStandardDescriptors();

// For a command that writes its output once, at its end, atomically (diff, merge, report, profile): an
// interrupt (SIGINT, SIGTERM) before then has nothing finished to save, so it ends the command at once,
// with a message and 128 + the signal; an output file is never left half-written (only its .tmp).
void StopAtOnceOnInterrupt();

// The command's exit code once stdout is flushed: a failed write there (a full device, a reader gone, a
// closed descriptor) is told on stderr and makes a successful command exit 1.
int FinishStandardOutput(int code);

// Shared by `compare` and `diff`: the settings (driver/settings.h) as options, the report format, and the
// report on stdout (colour on a terminal unless NO_COLOR is set).
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
