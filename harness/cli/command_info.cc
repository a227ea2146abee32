// `v8bench info`: the embedded engine (engine/V8Process, runner/MakeRunContext) or another one
// (workers/ProbeExternalEngine), printed by report/engine_info.
#include <cstdio>

#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/report/engine_info.h"
#include "harness/runner/run_context.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/instruction_count.h"

namespace v8bench::cli {
namespace {

// `info --engine PATH` with the engine options: another v8bench gets the same command line (less
// --engine); node/deno/workerd/bun get the options as V8 flags in their own syntax (EngineV8Flags,
// which refuses what the engine does not take), and the trig path is probed with them.
Expected<int> ExternalInfo(const std::string& path, const std::vector<std::string>& argv, const EngineOptions& options,
                           bool json) {
  V8BENCH_TRY(const workers::EngineKind kind, workers::DetectEngineKind(path));
  if (kind == workers::EngineKind::kV8bench) {
    const workers::LaunchResult r = workers::RunOtherV8bench(path, "info", argv, false);
    std::fwrite(r.out.data(), 1, r.out.size(), stdout);
    std::fwrite(r.err.data(), 1, r.err.size(), stderr);
    if (r.interrupt_signal != 0) return workers::InterruptedError(r.interrupt_signal);
    return r.kind == workers::ExitKind::kExited && r.exit_code == 0 ? 0 : 1;
  }
  V8BENCH_TRY(const auto flags, workers::EngineV8Flags(path, kind, "info --engine", options.Knobs(), options.v8_flags));
  V8BENCH_TRY(const auto info, workers::ProbeExternalEngine(path, kind, flags));
  std::fputs(RenderExternalEngineInfo(info, path, flags, json).c_str(), stdout);
  return 0;
}

Expected<int> Info(const ParsedArgs& args, const std::vector<std::string>& argv) {
  if (args.Has("v8-options")) {
    PrintV8Options();
    return 0;
  }
  V8BENCH_TRY(const auto format, args.GetChoice("format", {"console", "json"}));
  const bool json = format.value_or("") == "json";
  V8BENCH_TRY(const EngineOptions engine, EngineOptionsFrom(args));
  if (auto path = args.Get("engine")) return ExternalInfo(*path, argv, engine, json);
  V8BENCH_TRY(auto process, V8Process::Start(engine));
  V8Process& p = *process;
  const EmbeddedEngineInfo info{.context = MakeRunContext(p, engine),
                                .node_realm_available = p.facts().node_realm_available,
                                .node_realm_problem = p.facts().node_realm_problem,
                                .heap_size_limit_bytes = p.HeapSizeLimitBytes(),
                                .trig = p.trig(),
                                .young = engine.young,
                                .instructions = workers::CountingAvailability()};
  std::fputs(RenderEngineInfo(info, json).c_str(), stdout);
  return 0;
}

}  // namespace

CommandSpec InfoSpec() {
  CommandSpec spec;
  spec.name = "info";
  spec.summary = "show the engine: V8/Node versions, realms, heap defaults, trig path, host";
  spec.synopsis = "v8bench info [options] [-- V8_FLAGS ...]";
  spec.description =
      "Shows the embedded engine: V8 and Node versions, realms, heap defaults (young generation, heap limit), the\n"
      "Math.sin/cos implementation and the host; with engine options, their effect (e.g. --semi-space 64).";
  spec.options = {
      {"format", "console|json", "Output format. Default: console."},
      {"v8-options", "", "Prints every flag this V8 accepts (V8's own --help) and exits."},
      {"engine", "PATH",
       "Shows another engine (node, deno, bun, workerd or another v8bench) with the options below: its V8, trig path, "
       "the figures it can measure (on Node: whether this build's instrument loads) and its profiler."},
  };
  for (auto& o : EngineOptionSpecs()) spec.options.push_back(o);
  spec.run = Info;
  return spec;
}

}  // namespace v8bench::cli
