#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/model/json_writer.h"
#include "harness/report/units.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"

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
       "tools/fetch_engines.sh) — its V8 version, the detected trig implementation, and which figures it can "
       "measure — or another v8bench build. The engine options below apply to it: the trig path is detected with "
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
    workers::LaunchRequest request;
    request.executable = path;
    request.args = {"info"};
    for (std::size_t i = 0; i < argv.size(); ++i) {
      if (argv[i] == "--engine") {
        ++i;
      } else if (argv[i].rfind("--engine=", 0) != 0) {
        request.args.push_back(argv[i]);
      }
    }
    const workers::LaunchResult r = workers::RunToEnd(request);
    std::fwrite(r.out.data(), 1, r.out.size(), stdout);
    std::fwrite(r.err.data(), 1, r.err.size(), stderr);
    return r.kind == workers::ExitKind::kExited && r.exit_code == 0 ? 0 : 1;
  }
  auto flags = workers::EngineV8Flags(path, kind.value(), "info --engine", options.Knobs(), options.v8_flags);
  if (!flags) return Fail(flags.error());
  auto info = workers::ProbeExternalEngine(path, kind.value(), flags.value());
  if (!info) return Fail(info.error());
  std::string flag_text;
  for (const auto& f : flags.value()) flag_text += (flag_text.empty() ? "" : " ") + f;
  const auto& i = info.value();
  auto how = [&](const char* figure) {
    for (const auto& [f, by] : i.measured_by) {
      if (f == figure) return by;
    }
    return std::string("absent");
  };
  const std::string v8 = i.js_engine != "V8"     ? "none (" + i.js_engine + ")"
                         : !i.v8_version.empty() ? i.v8_version
                                                 : "not exposed to JavaScript by this engine";
  if (json) {
    JsonWriter w;
    w.BeginObject()
        .Key("engine")
        .String(workers::EngineKindName(i.kind))
        .Key("engine_version")
        .String(i.engine_version);
    w.Key("js_engine").String(i.js_engine).Key("v8_version").String(i.v8_version).Key("executable").String(path);
    w.Key("v8_flags").String(flag_text);
    w.Key("trig")
        .BeginObject()
        .Key("path")
        .String(i.trig.path)
        .Key("mismatch_fraction")
        .Number(i.trig.mismatch_fraction);
    w.Key("probes")
        .Int(static_cast<long long>(i.trig.probes))
        .Key("detected_by")
        .String(i.trig.detected_by)
        .EndObject();
    for (const char* figure : {"wall_ns", "cpu_ns", "process_cpu_ns", "gc", "alloc_bytes"}) {
      w.Key(figure).String(how(figure));
    }
    w.Key("measured_by").BeginObject();
    for (const auto& [f, by] : i.measured_by) w.Key(f).String(by);
    w.EndObject().EndObject();
    std::puts(w.str().c_str());
    return 0;
  }
  fmt::print("engine          {} {} ({})\n", workers::EngineKindName(i.kind), i.engine_version, path);
  fmt::print("V8              {}\n", v8);
  fmt::print("V8 flags        {}\n", flag_text.empty() ? "(none)" : flag_text);
  fmt::print("trig path       {} ({})\n", i.trig.path, i.trig.detected_by);
  for (const auto& [f, by] : i.measured_by) fmt::print("{:<16}{}\n", f, by);
  return 0;
}

}  // namespace

int InfoCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = InfoSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  if (args->Has("v8-options")) {
    PrintV8Options();
    return 0;
  }
  auto format = args->GetChoice("format", {"console", "json"});
  if (!format) return Fail(format.error());
  auto engine = EngineOptionsFrom(*args);
  if (!engine) return Fail(engine.error());
  if (auto path = args->Get("engine")) {
    return ExternalInfo(*path, argv, engine.value(), format.value().value_or("console") == "json");
  }
  auto process = V8Process::Start(engine.value());
  if (!process) return Fail(process.error());
  V8Process& p = *process.value();
  const RunContext c = MakeRunContext(p, engine.value());
  const TrigInfo& trig = p.trig();
  const EngineFacts& facts = p.facts();

  if (format.value().value_or("console") == "json") {
    JsonWriter w;
    w.BeginObject();
    w.Key("v8_version").String(c.v8_version).Key("node_version").String(c.node_version);
    w.Key("v8_flags").String(c.v8_flags);
    w.Key("realms").BeginObject().Key("v8").Bool(true).Key("node").Bool(facts.node_realm_available).EndObject();
    w.Key("node_realm_problem").String(facts.node_realm_problem);
    w.Key("young_generation_bytes").Int(static_cast<long long>(c.young_generation_bytes));
    w.Key("heap_size_limit_bytes").Int(static_cast<long long>(p.HeapSizeLimitBytes()));
    w.Key("trig").BeginObject().Key("path").String(trig.path).Key("mismatch_fraction").Number(trig.mismatch_fraction);
    w.Key("probes").Int(static_cast<long long>(trig.probes)).EndObject();
    w.Key("host").BeginObject().Key("name").String(c.host_name).Key("num_cpus").Int(c.num_cpus);
    w.Key("mhz_per_cpu").Number(c.mhz_per_cpu).Key("cpu_scaling_enabled").Bool(c.cpu_scaling_enabled).EndObject();
    w.Key("build_type").String(c.build_type);
    w.EndObject();
    std::puts(w.str().c_str());
    return 0;
  }
  fmt::print("V8            {}\n", c.v8_version);
  fmt::print("Node          {}\n", c.node_version.empty() ? "(not linked)" : c.node_version);
  fmt::print("realms        v8: yes; node: {}\n",
             facts.node_realm_available ? "yes" : "no (" + facts.node_realm_problem + ")");
  fmt::print("V8 flags      {}\n", c.v8_flags.empty() ? "(none)" : c.v8_flags);
  fmt::print("young gen     {} (new_space size at isolate creation{})\n",
             FormatBytes(static_cast<double>(c.young_generation_bytes)),
             c.semi_space_mb ? fmt::format("; pinned by --semi-space {}", *c.semi_space_mb)
             : engine.value().young == YoungGeneration::kFull ? "; starts at its maximum: --young-gen full"
                                                              : "; V8 grows it under load: --young-gen grow");
  fmt::print("heap limit    {}\n", FormatBytes(static_cast<double>(p.HeapSizeLimitBytes())));
  fmt::print(
      "trig path       {} (Math.sin/cos differ from host libm on {} of {} probes; fdlibm ≈ 3%, libm-based ≈ 0.1%)\n",
      trig.path, FormatPercent(trig.mismatch_fraction), trig.probes);
  fmt::print("host          {}, {} CPUs at {:.0f} MHz{}\n", c.host_name, c.num_cpus, c.mhz_per_cpu,
             c.cpu_scaling_enabled ? ", CPU frequency scaling on (expect noise)" : "");
  fmt::print("build         {}\n", c.build_type);
  return 0;
}

}  // namespace v8bench::cli
