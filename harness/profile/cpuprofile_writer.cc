#include "harness/profile/cpuprofile_writer.h"

#include "harness/model/json_writer.h"

namespace v8bench {

std::string CpuProfileJson(const CpuProfileData& profile) {
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
