#include "harness/profile/cpuprofile_writer.h"

#include <utility>

#include "harness/model/code_state.h"
#include "harness/model/json_writer.h"

namespace v8bench {

namespace {

constexpr std::pair<FrameKind, const char*> kFrameKinds[] = {{FrameKind::kScript, "script"},
                                                             {FrameKind::kBuiltin, "builtin"},
                                                             {FrameKind::kCallback, "callback"},
                                                             {FrameKind::kInternal, "internal"},
                                                             {FrameKind::kUnresolved, "unresolved"}};

void WriteNodeExtras(JsonWriter& w, const ProfileNode& n) {
  w.Key("v8bench").BeginObject().Key("kind").String(FrameKindKey(n.kind));
  w.Key("deopts").BeginArray();
  for (const ProfileDeopt& d : n.deopts) {
    w.BeginObject().Key("reason").String(d.reason).Key("stack").BeginArray();
    for (const ProfileDeoptFrame& f : d.stack) {
      w.BeginObject().Key("scriptId").Int(f.script_id).Key("position").Int(static_cast<long long>(f.position));
      w.EndObject();
    }
    w.EndArray().EndObject();
  }
  w.EndArray().EndObject();
}

void WriteProfileExtras(JsonWriter& w, const CpuProfileData& profile) {
  w.Key("v8bench").BeginObject().Key("states").BeginObject();
  for (const VmStateField& f : kVmStateFields) w.Key(f.key).Int(static_cast<long long>(profile.states.*f.member));
  w.EndObject().Key("code").BeginArray();
  for (const CompiledCode& c : profile.code) {
    w.BeginObject().Key("scriptId").Int(c.script_id).Key("functionName").String(c.function_name);
    w.Key("line").Int(c.line).Key("tier").String(CodeTierKey(c.tier)).Key("atS").Number(c.at_s).EndObject();
  }
  w.EndArray().EndObject();
}

}  // namespace

const char* FrameKindKey(FrameKind kind) {
  for (const auto& [k, key] : kFrameKinds) {
    if (k == kind) return key;
  }
  return "unresolved";
}

std::optional<FrameKind> FrameKindFromKey(std::string_view key) {
  for (const auto& [k, name] : kFrameKinds) {
    if (key == name) return k;
  }
  return std::nullopt;
}

std::string CpuProfileJson(const CpuProfileData& profile, ProfileFields fields) {
  const bool extras = fields == ProfileFields::kWithV8bench;
  JsonWriter w;
  w.BeginObject().Key("nodes").BeginArray();
  for (const ProfileNode& n : profile.nodes) {
    w.BeginObject().Key("id").Int(n.id);
    w.Key("callFrame").BeginObject();
    w.Key("functionName").String(n.function_name);
    w.Key("scriptId").String(std::to_string(n.script_id));
    w.Key("url").String(n.url);
    w.Key("lineNumber").Int(n.line - 1);
    w.Key("columnNumber").Int(n.column - 1);
    w.EndObject();
    w.Key("hitCount").Int(n.hit_count);
    w.Key("children").BeginArray();
    for (unsigned child : n.children) w.Int(child);
    w.EndArray();
    if (!n.line_ticks.empty()) {
      w.Key("positionTicks").BeginArray();
      for (const auto& t : n.line_ticks) w.BeginObject().Key("line").Int(t.line).Key("ticks").Int(t.ticks).EndObject();
      w.EndArray();
    }
    if (!n.bailout_reason.empty()) w.Key("deoptReason").String(n.bailout_reason);
    if (extras) WriteNodeExtras(w, n);
    w.EndObject();
  }
  w.EndArray();
  w.Key("startTime").Int(profile.start_us);
  w.Key("endTime").Int(profile.end_us);
  w.Key("samples").BeginArray();
  for (unsigned id : profile.samples) w.Int(id);
  w.EndArray();
  // Each sample's time as a delta from the previous one (the first from startTime).
  w.Key("timeDeltas").BeginArray();
  std::int64_t last = profile.start_us;
  for (std::int64_t t : profile.timestamps_us) {
    w.Int(t - last);
    last = t;
  }
  w.EndArray();
  if (extras) WriteProfileExtras(w, profile);
  w.EndObject();
  return w.str();
}

std::string DefaultProfilePath(const std::string& case_name) {
  std::string out;
  for (char c : case_name) {
    const bool keep =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    out.push_back(keep ? c : '_');
  }
  return out + ".cpuprofile";
}

}  // namespace v8bench
