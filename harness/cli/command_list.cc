// `v8bench list`: the suite files loaded (runner/suite_loader) and listed (report/suite_listing).
#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/report/results_stream.h"
#include "harness/report/suite_listing.h"
#include "harness/runner/suite_loader.h"

namespace v8bench::cli {
namespace {

CommandSpec ListSpec() {
  CommandSpec spec;
  spec.name = "list";
  spec.synopsis = "v8bench list [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Lists suites with their realm, description, benches and parameter grid, and the names of the cases they\n"
      "expand to, in the form --filter, `profile --case` and the results use (suite/bench/param:value/...).\n"
      "Without a path, lists the suites shipped with v8bench.";
  spec.options = {
      {"quick", "", "Lists the cases of the quick grids (what `run --quick` runs)."},
      {"format", "console|json", "Output format. Default: console."},
      {"timeout", "S",
       "Stops loading a suite file whose top level (or description) takes longer than S seconds, e.g. an endless "
       "loop, and reports it (exit code 2). Default: 60.",
       false, ValueKind::kNumber, 0.01, 86400},
  };
  return spec;
}

}  // namespace

int ListCommand(const std::vector<std::string>& argv) {
  ParsedArgs args;
  if (auto stop = ParseCommand(ListSpec(), argv, args)) return *stop;
  auto format = args.GetChoice("format", {"console", "json"});
  if (!format) return Fail(format.error());
  ReserveStdoutForResults();  // before any JS runs: a suite's top-level output goes to stderr
  auto process = V8Process::Start({});
  if (!process) return Fail(process.error());
  const bool quick = args.Has("quick");
  auto files = LoadSuites(*process.value(), SuitePathsOrDefault(args.positional), quick, {},
                          args.Number("timeout").value_or(kDefaultLoadTimeoutS));
  if (!files) return Fail(files.error());
  std::vector<SuiteFile> described;
  for (const auto& f : files.value()) described.push_back(f.description);
  const std::string text = RenderSuiteList(described, quick, format.value().value_or("console") == "json");
  std::fputs(text.c_str(), ResultsStream());
  return 0;
}

}  // namespace v8bench::cli
