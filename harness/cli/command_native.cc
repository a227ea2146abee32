#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/report/units.h"
#include "harness/runner/native_runner.h"
#include "harness/runner/suite_runner.h"
#include "harness/stats/statistics.h"

namespace v8bench::cli {
namespace {

CommandSpec NativeSpec() {
  CommandSpec spec;
  spec.name = "native";
  spec.synopsis = "v8bench native [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Runs only the native floors: for each case whose bench declares floor(state), the same work done in\n"
      "C++ (simdjson parsing the same payload, the host libm's sin/cos over the same inputs, memcpy of the same\n"
      "byte count), timed through Google Benchmark. `v8bench run` shows these beside each JS figure, with the\n"
      "JS/native ratio. Cases without a floor are skipped.";
  spec.options = {
      {"filter", "REGEX", "Measures only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"param", "NAME=V[,V...]", "Replaces parameter NAME's values in every grid that has it; repeatable.", true},
      {"quick", "", "Uses the suites' quick grids and short timings."},
      RunSettingOption("repetitions", "Measures each floor N times. Default: 5 (3 with --quick)."),
      RunSettingOption("min-time", "Runs each repetition for at least S seconds. Default: 0.5 (0.05 with --quick)."),
  };
  return spec;
}

}  // namespace

int NativeCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = NativeSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  auto parsed_settings = RunSettingsFrom(*args);
  if (!parsed_settings) return Fail(parsed_settings.error());
  const RunSettings settings = parsed_settings.value();

  auto process = V8Process::Start({});
  if (!process) return Fail(process.error());
  auto files = LoadSuitesWithParams(*process.value(), SuitePathsOrDefault(args->positional), settings.quick,
                                    settings.params, settings.timeout_s);
  if (!files) return Fail(files.error());
  auto plan = PlanCases(files.value(), settings);
  if (!plan) return Fail(plan.error());

  std::size_t width = 24;
  for (const auto& pc : plan.value()) width = std::max(width, pc.info.name.size());
  fmt::print("{:<{}}  {:<10}  {:>10} {:>6}  {}\n", "case", width, "floor", "time", "±CV", "throughput");
  int failed = 0;
  std::size_t measured = 0;
  for (const auto& pc : plan.value()) {
    auto floor = MeasureCaseFloor(*process.value(), pc, settings);
    if (!floor) {
      ++failed;
      fmt::print("{:<{}}  failed: {}\n", pc.info.name, width, floor.error().message);
      continue;
    }
    if (!floor.value()) continue;
    ++measured;
    const NativeFloor& f = *floor.value();
    const double ns = stats::Median(f.ns_per_iteration);
    std::string throughput;
    if (f.bytes_per_iteration > 0) throughput = fmt::format("{:.3g} GB/s", f.bytes_per_iteration / ns);
    if (f.calls_per_iteration > 0) throughput = fmt::format("{} per call", FormatDuration(ns / f.calls_per_iteration));
    fmt::print("{:<{}}  {:<10}  {:>10} {:>6}  {}\n", pc.info.name, width, f.kind, FormatDuration(ns),
               FormatPercent(stats::Cv(f.ns_per_iteration)), throughput);
    std::fflush(stdout);
  }
  fmt::print("\n{} floor{} measured{}\n", measured, measured == 1 ? "" : "s",
             failed ? fmt::format(", {} failed", failed) : "");
  return failed > 0 ? 1 : 0;
}

}  // namespace v8bench::cli
