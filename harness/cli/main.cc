// v8bench: what does this JavaScript hot path cost, under this engine and these flags?
#include <cstdio>
#include <string>
#include <vector>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/measure/c_heap.h"

namespace {

constexpr const char* kUsage =
    "usage: v8bench <command> [options]\n"
    "\n"
    "Measures JavaScript hot paths in an embedded V8: CPU time, GC time and allocation per iteration.\n"
    "\n"
    "commands:\n"
    "  run      run suites and report per-iteration CPU, GC and allocation\n"
    "  list     list suites, benches, parameter grids and cases\n"
    "  info     show the engine: V8/Node versions, realms, heap defaults, trig path, host\n"
    "  profile  profile one case under V8's CPU profiler: top functions, tiers, deopts, .cpuprofile\n"
    "  compare  compare flag sets or builds side by side, one worker process per sample, with a gate\n"
    "  merge    join the results files of `compare --shard K/N` into one comparison (Holm over all cases)\n"
    "  diff     compare two saved results files (v8bench or Google Benchmark JSON), with a gate\n"
    "  native   run only the native floors (simdjson, libm, memcpy) of the suites' cases\n"
    "  report   render a saved results file (run or compare) as HTML with charts, Markdown or a table\n"
    "\n"
    "`v8bench <command> --help` explains each command and its options.\n";

}  // namespace

namespace {

int Dispatch(const std::string& command, const std::vector<std::string>& args) {
  if (command == "run") return v8bench::cli::RunCommand(args);
  if (command == "list") return v8bench::cli::ListCommand(args);
  if (command == "info") return v8bench::cli::InfoCommand(args);
  if (command == "profile") return v8bench::cli::ProfileCommand(args);
  if (command == "compare") return v8bench::cli::CompareCommand(args);
  if (command == "diff") return v8bench::cli::DiffCommand(args);
  if (command == "native") return v8bench::cli::NativeCommand(args);
  if (command == "report") return v8bench::cli::ReportCommand(args);
  if (command == "merge") return v8bench::cli::MergeCommand(args);
  std::fprintf(stderr, "v8bench: unknown command '%s'\n\n%s", command.c_str(), kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything allocates much or starts a thread: see measure/c_heap.h.
  v8bench::PinMallocThresholds();
  v8bench::cli::PrepareStandardDescriptors();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--version") {
    // Also how the compare driver recognises a v8bench build given as --engine.
    std::printf("v8bench %s (V8 %s)\n", V8BENCH_VERSION, v8bench::EmbeddedV8Version().c_str());
    return v8bench::cli::FinishStandardOutput(0);
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::fputs(kUsage, args.empty() ? stderr : stdout);
    return v8bench::cli::FinishStandardOutput(args.empty() ? 2 : 0);
  }
  const std::string command = args[0];
  args.erase(args.begin());
  return v8bench::cli::FinishStandardOutput(Dispatch(command, args));
}
