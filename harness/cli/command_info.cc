// `v8bench info`: the embedded engine (engine/V8Process, runner/MakeRunContext) or another one
// (workers/ProbeExternalEngine), printed by report/engine_info.
#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/engine/v8_process.h"
#include "harness/report/engine_info.h"
#include "harness/runner/run_context.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/instruction_count.h"

namespace v8bench::cli {
namespace {

CommandSpec InfoSpec() {
  CommandSpec spec;
  spec.name = "info";
  spec.synopsis = "v8bench info [options] [-- V8_FLAGS ...]";
  spec.description =
      "Shows the engine v8bench embeds and how it is configured: V8 and Node versions, realms, heap defaults\n"
      "(young-generation size as V8 reports it, heap limit), the detected Math.sin/cos implementation, and\n"
      "the host. With engine options, shows their effect (e.g. --semi-space 64).";
  spec.options = {
      {"format", "console|json", "Output format. Default: console."},
      {"v8-options", "", "Prints every flag this V8 accepts (V8's own --help) and exits."},
      {"engine", "PATH",
       "Shows another engine instead of the embedded one: a node, deno, bun or workerd executable (e.g. from "
       "tools/fetch_engines.sh) — its V8 version, the detected trig implementation, which figures it can "
       "measure and how (on Node: whether this build's in-process instrument loads, and if not why), and what "
       "`profile --engine` samples with (on Node with the instrument: V8's CPU profiler with tiers per function, "
       "deopts and VM states; else the inspector's Profiler domain, without them) — or another "
       "v8bench build. The engine options below apply to it: the trig path is detected with "
       "them (e.g. --fast-trig on Deno, whose V8 has --use-libm-trig-functions; an engine without that switch "
       "refuses --fast-trig, exit 2)."},
  };
  for (auto& o : EngineOptionSpecs()) spec.options.push_back(o);
  return spec;
}

// `info --engine PATH` with the engine options: another v8bench gets the same command line (less
// --engine); node/deno/workerd/bun get the options as V8 flags in their own syntax (EngineV8Flags,
// which refuses what the engine does not take), and the trig path is probed with them.
int ExternalInfo(const std::string& path, const std::vector<std::string>& argv, const EngineOptions& options,
                 bool json) {
  auto kind = workers::DetectEngineKind(path);
  if (!kind) return Fail(kind.error());
  if (kind.value() == workers::EngineKind::kV8bench) {
    const workers::LaunchResult r = workers::RunOtherV8bench(path, "info", argv, false);
    std::fwrite(r.out.data(), 1, r.out.size(), stdout);
    std::fwrite(r.err.data(), 1, r.err.size(), stderr);
    if (r.interrupt_signal != 0) return Fail(workers::InterruptedError(r.interrupt_signal));
    return r.kind == workers::ExitKind::kExited && r.exit_code == 0 ? 0 : 1;
  }
  auto flags = workers::EngineV8Flags(path, kind.value(), "info --engine", options.Knobs(), options.v8_flags);
  if (!flags) return Fail(flags.error());
  auto info = workers::ProbeExternalEngine(path, kind.value(), flags.value());
  if (!info) return Fail(info.error());
  std::fputs(RenderExternalEngineInfo(info.value(), path, flags.value(), json).c_str(), stdout);
  return 0;
}

}  // namespace

int InfoCommand(const std::vector<std::string>& argv) {
  ParsedArgs args;
  if (auto stop = ParseCommand(InfoSpec(), argv, args)) return *stop;
  if (args.Has("v8-options")) {
    PrintV8Options();
    return 0;
  }
  auto format = args.GetChoice("format", {"console", "json"});
  if (!format) return Fail(format.error());
  const bool json = format.value().value_or("console") == "json";
  auto engine = EngineOptionsFrom(args);
  if (!engine) return Fail(engine.error());
  if (auto path = args.Get("engine")) return ExternalInfo(*path, argv, engine.value(), json);
  auto process = V8Process::Start(engine.value());
  if (!process) return Fail(process.error());
  V8Process& p = *process.value();
  const EmbeddedEngineInfo info{.context = MakeRunContext(p, engine.value()),
                                .node_realm_available = p.facts().node_realm_available,
                                .node_realm_problem = p.facts().node_realm_problem,
                                .heap_size_limit_bytes = p.HeapSizeLimitBytes(),
                                .trig = p.trig(),
                                .young = engine.value().young,
                                .instructions = workers::CountingAvailability()};
  std::fputs(RenderEngineInfo(info, json).c_str(), stdout);
  return 0;
}

}  // namespace v8bench::cli
