// `v8bench native`: the suites' native floors alone (runner/native_runner), as report/native_table's table.
#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/report/native_table.h"
#include "harness/runner/native_runner.h"
#include "harness/runner/suite_loader.h"
#include "harness/runner/suite_runner.h"

namespace v8bench::cli {
namespace {

Expected<int> Native(const ParsedArgs& args, const std::vector<std::string>&) {
  V8BENCH_TRY(const RunSettings settings, RunSettingsFrom(args));
  V8BENCH_TRY(auto process, V8Process::Start({}));
  V8BENCH_TRY(const auto files, LoadSuitesWithParams(*process, SuitePathsOrDefault(args.positional), settings.quick,
                                                     settings.params, settings.timeout_s));
  V8BENCH_TRY(const auto plan, PlanCases(files, settings));
  std::vector<std::string> names;
  for (const auto& pc : plan) names.push_back(pc.info.name);
  NativeFloorTable table(stdout, names);
  for (const auto& pc : plan) {
    auto floor = MeasureCaseFloor(*process, pc, settings);
    if (!floor && floor.error().kind == Error::Kind::kUnsupported) {
      table.Unsupported(pc.info.name, floor.error().message);  // as `run` reports it: not a failure
    } else if (!floor) {
      table.Failed(pc.info.name, floor.error().message);
    } else if (floor.value()) {
      table.Measured(pc.info.name, *floor.value());
    }
  }
  table.End();
  return table.failed() > 0 ? 1 : 0;
}

}  // namespace

CommandSpec NativeSpec() {
  CommandSpec spec;
  spec.name = "native";
  spec.summary = "run only the native floors (simdjson, libm, memcpy) of the suites' cases";
  spec.run = Native;
  spec.synopsis = "v8bench native [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Runs only the native floors: for each case whose bench declares floor(state), the same work done in\n"
      "C++ (simdjson parsing the same payload, the host libm's sin/cos over the same inputs, memcpy of the same\n"
      "byte count), timed through Google Benchmark. `v8bench run` shows these beside each JS figure, with the\n"
      "JS/native ratio. Cases without a floor are skipped; a case whose setup this engine cannot run (an API\n"
      "it lacks) is reported as unsupported, as `run` reports it. Exit: 0; 1 when a floor failed; 2 on bad input.";
  spec.options = {
      {"filter", "REGEX", "Measures only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"param", "NAME=V[,V...]", "Replaces parameter NAME's values in every grid that has it; repeatable.", true},
      {"quick", "", "Uses the suites' quick grids and short timings."},
      RunSettingOption("repetitions", "Measures each floor N times. Default: 5 (3 with --quick)."),
      RunSettingOption("min-time", "Runs each repetition for at least S seconds. Default: 0.5 (0.05 with --quick)."),
  };
  return spec;
}

}  // namespace v8bench::cli
