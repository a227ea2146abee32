// Pieces the commands share: engine options from the command line, the run context, defaults.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/cli/args.h"
#include "harness/engine/v8_process.h"
#include "harness/model/result.h"
#include "harness/model/shell_words.h"
#include "harness/runner/run_settings.h"
#include "harness/runner/suite_loader.h"

namespace v8bench::cli {

// --v8-flags, --semi-space, --fast-trig, --no-fast-trig.
std::vector<OptionSpec> EngineOptionSpecs();
// Also takes V8 flags given after `--`. Contradictory knobs are an Error::Usage.
Expected<EngineOptions> EngineOptionsFrom(const ParsedArgs& args);

// The suites shipped with v8bench (the source tree's suites/), used when no path is given.
std::vector<std::string> SuitePathsOrDefault(const std::vector<std::string>& positional);

RunContext MakeRunContext(V8Process& process, const EngineOptions& options);

// Facts about this process and machine, for the results files: now as ISO 8601 with the offset,
// this executable's path (absolute: what a child process is started with), the host name.
std::string NowText();
std::string SelfExecutable();
std::string HostName();

// `path` as a results file records it: relative to the current directory when it lies inside it (a
// run from a checkout records build/v8bench, not the machine's absolute path, so results travel),
// otherwise unchanged.
std::string PathForResults(const std::string& path);

// RunSettings from the options a command declares among --quick, --filter, --param, --repetitions,
// --min-time, --warmup, --timeout (declared with RunSettingOption, so Parse checked their ranges;
// absent ones keep their defaults; --quick sets quick defaults).
Expected<RunSettings> RunSettingsFrom(const ParsedArgs& args);

// The declared option (metavar, type and range) of one RunSettings field: repetitions, min-time,
// warmup or timeout, with the command's own help sentence.
OptionSpec RunSettingOption(const std::string& name, std::string help);

// --param NAME=V1,V2 (repeatable) as grid overrides; a malformed one is an Error::Usage.
Expected<ParamOverrides> ParseParamOverrides(const std::vector<std::string>& texts);

// LoadSuites, then checks that every --param names a parameter of some loaded grid: an unknown
// name is an Error::Usage that lists the parameters the suites have.
Expected<std::vector<LoadedSuiteFile>> LoadSuitesWithParams(V8Process& process, const std::vector<std::string>& paths,
                                                            bool quick, const ParamOverrides& params, double timeout_s);

// Parses `argv` for `spec`. Returns the exit code to stop with (2 after printing a usage error, 0
// after printing --help), or nullopt when the command should go on with `out`.
std::optional<int> ParseCommand(const CommandSpec& spec, const std::vector<std::string>& argv, ParsedArgs& out);

// Prints "v8bench: <message>" to stderr and returns the error's exit code.
int Fail(const Error& error);

}  // namespace v8bench::cli
