// Google Benchmark's JSON schema (so its tools/compare.py and CI tooling read it unchanged), with
// v8bench's engine facts in `context` and per-case fields beside GB's.
#include "harness/measure/metrics.h"
#include "harness/model/case_fields.h"
#include "harness/model/json_writer.h"
#include "harness/report/case_summary.h"
#include "harness/report/reporters.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench {

void WriteCaseIdentityFields(JsonWriter& w, const CaseResult& r) {
  w.Key("suite").String(r.info.suite);
  w.Key("bench").String(r.info.bench);
  w.Key("realm").String(RealmName(r.info.realm));
  w.Key("params").BeginObject();
  for (const auto& [k, v] : r.info.params) w.Key(k).String(v);
  w.EndObject();
  w.Key("status").String(CaseStatusName(r.status));
  WriteCaseFields(w, r);
}

namespace {

void WriteContext(JsonWriter& w, const RunContext& c) {
  w.Key("context").BeginObject();
  workers::WriteRunContextFields(w, c, workers::ContextFile::kRunJson);
  w.EndObject();
}

void WriteCaseFields(JsonWriter& w, const CaseResult& r, std::size_t family, const std::string& name) {
  w.Key("name").String(name);
  w.Key("family_index").Int(static_cast<long long>(family));
  w.Key("per_family_instance_index").Int(0);
  w.Key("run_name").String(r.info.name);
  WriteCaseIdentityFields(w, r);
  if (auto floor = SummariseFloor(r)) {
    w.Key("native_kind").String(floor->kind);
    w.Key("native_ns").Number(floor->native_ns);
    w.Key("js_over_native").Number(floor->js_over_native);
    w.Key("native_below_floor").Bool(floor->below_floor);
  }
}

}  // namespace

std::string RenderJson(const RunContext& context, const std::vector<CaseResult>& results) {
  JsonWriter w;
  w.BeginObject();
  WriteContext(w, context);
  w.Key("benchmarks").BeginArray();
  for (std::size_t f = 0; f < results.size(); ++f) {
    const CaseResult& r = results[f];
    if (r.status != CaseStatus::kOk) {
      w.BeginObject();
      WriteCaseFields(w, r, f, r.info.name);
      w.Key("run_type").String("iteration");
      w.Key("error_occurred").Bool(true);
      w.Key("error_message").String(r.error);
      w.EndObject();
      continue;
    }
    const auto reps = static_cast<long long>(r.samples.size());
    for (std::size_t i = 0; i < r.samples.size(); ++i) {
      const Sample& s = r.samples[i];
      w.BeginObject();
      WriteCaseFields(w, r, f, r.info.name);
      w.Key("run_type").String("iteration");
      w.Key("repetitions").Int(reps);
      w.Key("repetition_index").Int(static_cast<long long>(i));
      w.Key("threads").Int(1);
      w.Key("iterations").Int(static_cast<long long>(s.iterations));
      // A figure the engine does not give (main-thread CPU on some engines) is absent, never 0.
      if (auto wall = s.Get(metric::kWall)) w.Key("real_time").Number(*wall);
      if (auto cpu = s.Get(metric::kCpu)) w.Key("cpu_time").Number(*cpu);
      w.Key("time_unit").String("ns");
      for (const Counter& c : s.counters) w.Key(c.name).Number(c.value);
      workers::WriteRepetitionTags(w, s);
      w.EndObject();
    }
    // Aggregates as Google Benchmark names them; cv is a fraction ("percentage" unit in GB).
    const CaseSummary summary = Summarise(r);
    for (const char* agg : {"mean", "median", "stddev", "cv"}) {
      const std::string a = agg;
      auto pick = [&](const MetricSummary& m) {
        if (a == "mean") return m.mean;
        if (a == "median") return m.median;
        if (a == "stddev") return m.stddev;
        return m.cv;
      };
      w.BeginObject();
      WriteCaseFields(w, r, f, r.info.name + "_" + a);
      w.Key("run_type").String("aggregate");
      w.Key("repetitions").Int(reps);
      w.Key("threads").Int(1);
      w.Key("aggregate_name").String(a);
      w.Key("aggregate_unit").String(a == "cv" ? "percentage" : "time");
      w.Key("iterations").Int(reps);
      const MetricSummary* wall = summary.Find(metric::kWall);
      const MetricSummary* cpu = summary.Find(metric::kCpu);
      if (wall) w.Key("real_time").Number(pick(*wall));
      if (cpu) w.Key("cpu_time").Number(pick(*cpu));
      w.Key("time_unit").String("ns");
      for (const MetricSummary& m : summary.metrics) w.Key(m.name).Number(pick(m));
      w.EndObject();
    }
  }
  w.EndArray();
  w.EndObject();
  return w.str() + "\n";
}

}  // namespace v8bench
