// v8bench: what does this JavaScript hot path cost, under this engine and these flags?
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/measure/c_heap.h"
#include "harness/measure/method_rules.h"

namespace v8bench::cli {
namespace {

constexpr CommandSpec (*kCommands[])() = {RunSpec,  ListSpec,   InfoSpec,   ProfileSpec, CompareSpec, MergeSpec,
                                          DiffSpec, NativeSpec, ReportSpec, BisectSpec,  CacheSpec};

std::string Usage() {
  std::string commands;
  for (const auto spec : kCommands) commands += fmt::format("  {:<8} {}\n", spec().name, spec().summary);
  return "usage: v8bench <command> [options]\n\nMeasures JavaScript hot paths in an embedded V8: CPU time, GC time and "
         "allocation per iteration.\n\ncommands:\n" +
         commands + "\n`v8bench <command> --help` explains each command and its options.\n";
}

// Runs command `name` on its parsed arguments, or prints its --help; an error is printed and gives the exit code.
int Dispatch(const std::string& name, const std::vector<std::string>& argv) {
  for (const auto spec_of : kCommands) {
    const CommandSpec spec = spec_of();
    if (spec.name != name) continue;
    auto args = Parse(spec, argv);
    if (!args) return Fail(args.error());
    if (args->Has("help")) {
      std::fputs(HelpText(spec).c_str(), stdout);
      return 0;
    }
    auto code = spec.run(args.value(), argv);
    return code ? code.value() : Fail(code.error());
  }
  std::fprintf(stderr, "v8bench: unknown command '%s'\n\n%s", name.c_str(), Usage().c_str());
  return 2;
}

}  // namespace
}  // namespace v8bench::cli

int main(int argc, char** argv) {
  using namespace v8bench::cli;
  // Before anything allocates much or starts a thread: see measure/c_heap.h.
  v8bench::PinMallocThresholds();
  PrepareStandardDescriptors();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--version") {
    // Also how the compare driver recognises a v8bench build given as --engine.
    std::printf("v8bench %s (V8 %s)\n", V8BENCH_VERSION, v8bench::EmbeddedV8Version().c_str());
    return FinishStandardOutput(0);
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::fputs(Usage().c_str(), args.empty() ? stderr : stdout);
    return FinishStandardOutput(args.empty() ? 2 : 0);
  }
  // Research and tests only: the method's rules changed for this process and, inherited, its workers
  // (measure/method_rules.h); a row that does not exist is refused before anything runs.
  if (const char* overrides = std::getenv(v8bench::kMethodRulesVariable)) {
    auto rules = v8bench::ReadMethodRuleOverrides(overrides);
    if (!rules) return FinishStandardOutput(Fail(rules.error()));
    v8bench::UseMethodRules(rules.value());
  }
  return FinishStandardOutput(Dispatch(args[0], {args.begin() + 1, args.end()}));
}
