#include "harness/files/bisect_file.h"

#include <simdjson.h>

#include <filesystem>
#include <fstream>

#include "harness/files/atomic_file.h"
#include "harness/model/format_version.h"
#include "harness/model/json_reader.h"
#include "harness/model/json_writer.h"
#include "harness/workers/external_engine.h"

namespace v8bench::files {
namespace {

namespace fs = std::filesystem;

void WriteStep(JsonWriter& w, const analysis::BisectStep& s) {
  w.BeginObject();
  w.Key("stage").String(s.stage).Key("base").String(s.base).Key("candidate").String(s.candidate);
  w.Key("base_v8").String(s.base_v8).Key("candidate_v8").String(s.candidate_v8);
  w.Key("metric").String(s.metric).Key("unit").String(s.unit);
  w.Key("base_figure").Number(s.base_figure).Key("figure").Number(s.figure);
  w.Key("ratio").Number(s.ratio).Key("ci_low").Number(s.low).Key("ci_high").Number(s.high);
  w.Key("change").Number(s.ratio - 1).Key("verdict").String(s.verdict);
  w.Key("changed").Bool(s.changed).Key("moved").Bool(s.moved);
  w.EndObject();
}

void WriteFunctionChange(JsonWriter& w, const analysis::FunctionChange& f) {
  w.BeginObject().Key("function").String(f.name).Key("location").String(f.location);
  w.Key("owner").String(FrameOwnerName(f.owner));
  w.Key("self_before").Number(f.self_before).Key("self_after").Number(f.self_after);
  w.Key("self_change").Number(f.SelfChange());
  w.Key("self_share_before").Number(f.self_share_before).Key("self_share_after").Number(f.self_share_after);
  w.Key("total_before").Number(f.total_before).Key("total_after").Number(f.total_after);
  w.Key("tier_before").String(f.tier_before).Key("tier_after").String(f.tier_after);
  w.Key("tier_changed").Bool(f.TierChanged());
  w.Key("deopts_before").Number(static_cast<double>(f.deopts_before));
  w.Key("deopts_after").Number(static_cast<double>(f.deopts_after));
  w.EndObject();
}

void WriteWhy(JsonWriter& w, const BisectWhy& why) {
  w.BeginObject();
  if (!why.error.empty()) w.Key("error").String(why.error);
  w.Key("profiler_before").String(why.profiler_before).Key("profiler_after").String(why.profiler_after);
  w.Key("profile_before").String(why.profile_before).Key("profile_after").String(why.profile_after);
  const analysis::ProfileDiff& d = why.diff;
  // The unit of every self_/total_ figure below: seconds per iteration, or shares of the side's samples.
  w.Key("unit").String(d.per_iteration ? "seconds_per_iteration" : "share");
  w.Key("samples_before").Number(static_cast<double>(d.samples_before));
  w.Key("samples_after").Number(static_cast<double>(d.samples_after));
  w.Key("seconds_per_iteration_before").Number(d.seconds_per_iteration_before);
  w.Key("seconds_per_iteration_after").Number(d.seconds_per_iteration_after);
  w.Key("functions").BeginArray();
  for (const auto& f : analysis::TopChanges(d, kWhyRowsKept)) WriteFunctionChange(w, f);
  w.EndArray().EndObject();
}

fs::path StepPath(const std::string& key) { return fs::path(StepCacheDir()) / (key + ".json"); }

double NumberField(simdjson::dom::element e, const char* key) {
  double v = 0;
  return e[key].get(v) == simdjson::SUCCESS ? v : 0;
}

}  // namespace

std::string StepCacheDir() { return (fs::path(workers::CacheDirectory()) / "bisect").string(); }

std::string RenderBisectJson(const BisectReport& r) {
  JsonWriter w;
  w.BeginObject().Key(kFormatVersionKey).String(FormatVersionText(kBisectFileFormat));
  w.Key("suite").String(r.suite).Key("case").String(r.case_name).Key("metric").String(r.metric);
  w.Key("threshold").Number(r.threshold).Key("from").String(r.from).Key("to").String(r.to);
  w.Key("steps").BeginArray();
  for (const auto& s : r.steps) WriteStep(w, s);
  w.EndArray().Key("culprit");
  if (r.culprit) {
    const BisectCulprit& c = *r.culprit;
    w.BeginObject().Key("before").String(c.before).Key("after").String(c.after);
    w.Key("before_v8").String(c.before_v8).Key("after_v8").String(c.after_v8);
    w.Key("node_delta").String(c.before + " -> " + c.after).Key("v8_delta").String(c.before_v8 + " -> " + c.after_v8);
    w.Key("confirmed");
    if (c.confirmed) {
      WriteStep(w, *c.confirmed);
    } else {
      w.Null();
    }
    w.Key("why");
    if (c.why) {
      WriteWhy(w, *c.why);
    } else {
      w.Null();
    }
    w.EndObject();
  } else {
    w.Null();
  }
  w.Key("complete").Bool(r.complete);
  if (!r.error.empty()) w.Key("error").String(r.error);
  w.EndObject();
  return w.str() + "\n";
}

std::optional<analysis::BisectStep> ReadCachedStep(const std::string& key) {
  simdjson::dom::parser parser;
  simdjson::dom::element e;
  if (parser.load(StepPath(key).string()).get(e) != simdjson::SUCCESS) return std::nullopt;
  std::string_view version;
  if (e[kFormatVersionKey].get(version) != simdjson::SUCCESS || !CheckFormatVersion(version, kBisectFileFormat, "") ||
      e["step"].get(e) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  analysis::BisectStep s;
  s.stage = StringField(e, "stage");
  s.base = StringField(e, "base");
  s.candidate = StringField(e, "candidate");
  s.base_v8 = StringField(e, "base_v8");
  s.candidate_v8 = StringField(e, "candidate_v8");
  s.metric = StringField(e, "metric");
  s.unit = StringField(e, "unit");
  s.verdict = StringField(e, "verdict");
  s.base_figure = NumberField(e, "base_figure");
  s.figure = NumberField(e, "figure");
  s.ratio = NumberField(e, "ratio");
  s.low = NumberField(e, "ci_low");
  s.high = NumberField(e, "ci_high");
  bool flag = false;
  s.changed = e["changed"].get(flag) == simdjson::SUCCESS && flag;
  s.moved = e["moved"].get(flag) == simdjson::SUCCESS && flag;
  s.cached = true;
  return s;
}

void WriteCachedStep(const std::string& key, const analysis::BisectStep& step) {
  std::error_code ec;
  fs::create_directories(StepPath(key).parent_path(), ec);
  JsonWriter w;
  w.BeginObject().Key(kFormatVersionKey).String(FormatVersionText(kBisectFileFormat)).Key("step");
  WriteStep(w, step);
  w.EndObject();
  (void)WriteFileAtomically(StepPath(key).string(), w.str() + "\n");  // a cache: a failed write measures again
}

}  // namespace v8bench::files
