// `v8bench native`: the suites' native floors alone (runner/native_runner), as report/native_table's table.
#include <cstdio>

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
  spec.synopsis = "v8bench native [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Runs only the native floors: for each case whose bench declares floor(state), the same work in C++\n"
      "(simdjson, libm, memcpy) through Google Benchmark, as `run` shows it beside the JS figure. A case this\n"
      "engine cannot set up is reported as unsupported. Exit: 0; 1 when a floor failed; 2 on bad input.";
  spec.options = {
      {"filter", "REGEX", "Measures only cases whose name matches this ECMAScript regex. Default: all cases."},
      KnobOption(KnobSpecOf(Knob::kParam), "Replaces parameter NAME's values in every grid that has it; repeatable."),
      {"quick", "", "Uses the suites' quick grids and short timings."},
      RunSettingOption("repetitions", "Measures each floor N times."),
      RunSettingOption("min-time", "Runs each repetition for at least S seconds."),
  };
  spec.run = Native;
  return spec;
}

}  // namespace v8bench::cli
