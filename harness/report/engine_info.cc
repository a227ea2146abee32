#include "harness/report/engine_info.h"

#include <fmt/format.h>

#include "harness/model/json_writer.h"
#include "harness/model/units.h"

namespace v8bench {
namespace {

std::string EmbeddedJson(const EmbeddedEngineInfo& info) {
  const RunContext& c = info.context;
  JsonWriter w;
  w.BeginObject();
  w.Key("v8_version").String(c.v8_version).Key("node_version").String(c.node_version);
  w.Key("v8_flags").String(c.v8_flags);
  w.Key("realms").BeginObject().Key("v8").Bool(true).Key("node").Bool(info.node_realm_available).EndObject();
  w.Key("node_realm_problem").String(info.node_realm_problem);
  w.Key("young_generation_bytes").Int(static_cast<long long>(c.young_generation_bytes));
  w.Key("heap_size_limit_bytes").Int(static_cast<long long>(info.heap_size_limit_bytes));
  w.Key("trig").BeginObject().Key("path").String(info.trig.path);
  w.Key("mismatch_fraction").Number(info.trig.mismatch_fraction);
  w.Key("probes").Int(static_cast<long long>(info.trig.probes)).EndObject();
  w.Key("host").BeginObject().Key("name").String(c.host_name).Key("num_cpus").Int(c.num_cpus);
  w.Key("mhz_per_cpu").Number(c.mhz_per_cpu).Key("cpu_scaling_enabled").Bool(c.cpu_scaling_enabled).EndObject();
  w.Key("build_type").String(c.build_type);
  w.Key("instructions").String(info.instructions);
  w.EndObject();
  return w.str() + "\n";
}

// How the runner obtains `figure` on the engine, or "absent".
std::string MeasuredBy(const workers::ExternalEngineInfo& info, const std::string& figure) {
  for (const auto& [f, by] : info.measured_by) {
    if (f == figure) return by;
  }
  return "absent";
}

std::string ExternalJson(const workers::ExternalEngineInfo& i, const std::string& path, const std::string& flags) {
  JsonWriter w;
  w.BeginObject().Key("engine").String(workers::EngineKindName(i.kind)).Key("engine_version").String(i.engine_version);
  w.Key("js_engine").String(i.js_engine).Key("v8_version").String(i.v8_version).Key("executable").String(path);
  w.Key("v8_flags").String(flags);
  w.Key("trig").BeginObject().Key("path").String(i.trig.path).Key("mismatch_fraction").Number(i.trig.mismatch_fraction);
  w.Key("probes").Int(static_cast<long long>(i.trig.probes)).Key("detected_by").String(i.trig.detected_by).EndObject();
  for (const std::string& figure : workers::MeasuredFigures()) {
    w.Key(figure).String(MeasuredBy(i, figure));
  }
  w.Key("measured_by").BeginObject();
  for (const auto& [f, by] : i.measured_by) w.Key(f).String(by);
  w.EndObject().EndObject();
  return w.str() + "\n";
}

}  // namespace

std::string RenderEngineInfo(const EmbeddedEngineInfo& info, bool json) {
  if (json) return EmbeddedJson(info);
  const RunContext& c = info.context;
  std::string out;
  out += fmt::format("V8            {}\n", c.v8_version);
  out += fmt::format("Node          {}\n", c.node_version.empty() ? "(not linked)" : c.node_version);
  out += fmt::format("realms        v8: yes; node: {}\n",
                     info.node_realm_available ? "yes" : "no (" + info.node_realm_problem + ")");
  out += fmt::format("V8 flags      {}\n", c.v8_flags.empty() ? "(none)" : c.v8_flags);
  out += fmt::format("young gen     {} (new_space size at isolate creation{})\n",
                     FormatBytes(static_cast<double>(c.young_generation_bytes)),
                     c.semi_space_mb ? fmt::format("; pinned by --semi-space {}", *c.semi_space_mb)
                     : info.young == YoungGeneration::kFull ? "; starts at its maximum: --young-gen full"
                                                            : "; V8 grows it under load: --young-gen grow");
  out += fmt::format("heap limit    {}\n", FormatBytes(static_cast<double>(info.heap_size_limit_bytes)));
  out += fmt::format(
      "trig path       {} (Math.sin/cos differ from host libm on {} of {} probes; fdlibm ≈ 3%, libm-based ≈ 0.1%)\n",
      info.trig.path, FormatPercent(info.trig.mismatch_fraction), info.trig.probes);
  out += fmt::format("host          {}, {} CPUs at {:.0f} MHz{}\n", c.host_name, c.num_cpus, c.mhz_per_cpu,
                     c.cpu_scaling_enabled ? ", CPU frequency scaling on (expect noise)" : "");
  out += fmt::format("build         {}\n", c.build_type);
  out += fmt::format("instructions  {}\n", info.instructions);
  return out;
}

std::string RenderExternalEngineInfo(const workers::ExternalEngineInfo& i, const std::string& path,
                                     const std::vector<std::string>& v8_flags, bool json) {
  const std::string flags = fmt::format("{}", fmt::join(v8_flags, " "));
  if (json) return ExternalJson(i, path, flags);
  const std::string v8 = i.js_engine != "V8"     ? "none (" + i.js_engine + ")"
                         : !i.v8_version.empty() ? i.v8_version
                                                 : "not exposed to JavaScript by this engine";
  std::string out;
  out += fmt::format("engine          {} {} ({})\n", workers::EngineKindName(i.kind), i.engine_version, path);
  out += fmt::format("V8              {}\n", v8);
  out += fmt::format("V8 flags        {}\n", flags.empty() ? "(none)" : flags);
  out += fmt::format("trig path       {} ({})\n", i.trig.path, i.trig.detected_by);
  for (const auto& [f, by] : i.measured_by) out += fmt::format("{:<16}{}\n", f, by);
  return out;
}

}  // namespace v8bench
