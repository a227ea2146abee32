// `v8bench list`: the suite files loaded (runner/suite_loader) and listed (report/suite_listing).
#include <fmt/format.h>

#include <cstdio>

#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/files/results_stream.h"
#include "harness/report/suite_listing.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"
#include "harness/workers/launcher.h"

namespace v8bench::cli {
namespace {

// The listing made in this process (--in-process, and the child the default runs).
Expected<int> ListInProcess(const ParsedArgs& args, bool json) {
  ReserveStdoutForResults();  // before any JS runs: a suite's top-level output goes to stderr
  V8BENCH_TRY(auto process, V8Process::Start({}));
  const bool quick = args.Has("quick");
  V8BENCH_TRY(const auto files, LoadSuites(*process, SuitePathsOrDefault(args.positional), quick, {},
                                           args.Number("timeout").value_or(kDefaultLoadTimeoutS)));
  std::vector<SuiteFile> described;
  for (const auto& f : files) described.push_back(f.description);
  std::fputs(RenderSuiteList(described, quick, json).c_str(), ResultsStream());
  return 0;
}

// The listing made by a child `list --in-process`, whose stdout is passed on: a suite file whose top level
// kills the child is named as the cause, and `list` ends with exit code 2.
Expected<int> ListInChild(const std::vector<std::string>& argv) {
  workers::LaunchRequest request;
  request.executable = SelfExecutable();
  request.args = {"list"};
  request.args.insert(request.args.end(), argv.begin(), argv.end());
  request.args.push_back("--in-process");
  request.inherit_stderr = true;
  const workers::LaunchResult r = workers::RunToEnd(request);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  if (r.interrupt_signal != 0) return workers::InterruptedError(r.interrupt_signal, "the listing is incomplete");
  if (r.kind == workers::ExitKind::kExited) return r.exit_code;
  return Error::Input("loading the suite files ended the process that loaded them (" + workers::DescribeExit(r) +
                      "): a suite's top-level code aborted or was killed; list each file alone to find it");
}

Expected<int> List(const ParsedArgs& args, const std::vector<std::string>& argv) {
  V8BENCH_TRY(const auto format, args.GetChoice("format", {"console", "json"}));
  if (args.Has("in-process")) return ListInProcess(args, format == "json");
  return ListInChild(argv);
}

}  // namespace

CommandSpec ListSpec() {
  CommandSpec spec;
  spec.name = "list";
  spec.summary = "list suites, benches, parameter grids and cases";
  spec.synopsis = "v8bench list [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Lists suites with their realm, description, benches and parameter grid, and the names of the cases they\n"
      "expand to, in the form --filter, `profile --case` and the results use (suite/bench/param:value/...).\n"
      "Without a path, lists the suites shipped with v8bench.";
  spec.options = {
      {"quick", "", "Lists the cases of the quick grids (what `run --quick` runs)."},
      {"format", "console|json", "Output format. Default: console."},
      {"timeout", "S",
       fmt::format("Stops loading a suite file after S seconds (exit 2). Default: {}.", kDefaultLoadTimeoutS), false,
       ValueKind::kNumber, 0.01, 86400},
      {"in-process", "", "Loads the suites in this process, not in a child (which reports a suite that ends it)."},
  };
  spec.run = List;
  return spec;
}

}  // namespace v8bench::cli
