#include "harness/report/jsonl_reporter.h"

#include "harness/model/json_writer.h"
#include "harness/report/reporters.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench {

JsonlReporter::JsonlReporter(std::FILE* out, std::vector<std::string> planned, std::string seal)
    : out_(out), planned_(std::move(planned)), seal_(std::move(seal)) {}

void JsonlReporter::Line(const std::string& json) {
  // One write per line (flushed at once), so another writer of the pipe cannot split it.
  const std::string line = seal_ + json + "\n";
  std::fwrite(line.data(), 1, line.size(), out_);
  std::fflush(out_);
}

void JsonlReporter::Begin(const RunContext& c) {
  JsonWriter w;
  w.BeginObject();
  w.Key("type").String("context");
  workers::WriteRunContextFields(w, c, workers::ContextFile::kProtocolLine);
  w.Key("planned").BeginArray();
  for (const auto& n : planned_) w.String(n);
  w.EndArray();
  w.EndObject();
  Line(w.str());
}

void JsonlReporter::CaseStarting(const CaseInfo& info) { CaseLine("start", info); }

void JsonlReporter::CasePlanned(const CaseInfo& info) { CaseLine("plan", info); }

void JsonlReporter::CaseLine(const char* type, const CaseInfo& info) {
  JsonWriter w;
  w.BeginObject().Key("type").String(type).Key("name").String(info.name);
  w.Key("suite").String(info.suite).Key("bench").String(info.bench).Key("realm").String(RealmName(info.realm));
  w.Key("params").BeginObject();
  for (const auto& [k, v] : info.params) w.Key(k).String(v);
  w.EndObject().EndObject();
  Line(w.str());
}

void JsonlReporter::CaseDone(const CaseResult& r) {
  JsonWriter w;
  w.BeginObject();
  w.Key("type").String("case");
  w.Key("name").String(r.info.name);
  WriteCaseIdentityFields(w, r);
  w.Key("error").String(r.error);
  if (r.native) {
    // The native floor as measured (per-repetition times), so a reader can summarise it like `run` does.
    w.Key("native").BeginObject().Key("kind").String(r.native->kind).Key("ns_per_iteration").BeginArray();
    for (double ns : r.native->ns_per_iteration) w.Number(ns);
    w.EndArray();
    w.Key("bytes_per_iteration").Number(r.native->bytes_per_iteration);
    w.Key("calls_per_iteration").Number(r.native->calls_per_iteration);
    w.EndObject();
  }
  w.Key("samples").BeginArray();
  for (const Sample& s : r.samples) {
    w.BeginObject().Key("iterations").Int(static_cast<long long>(s.iterations)).Key("counters").BeginObject();
    for (const Counter& c : s.counters) w.Key(c.name).Number(c.value);
    w.EndObject();
    workers::WriteRepetitionTags(w, s);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  Line(w.str());
}

void JsonlReporter::Ready() { Line(std::string(workers::kReadyLine)); }

void JsonlReporter::End() { Line(std::string(workers::kEndLine)); }

}  // namespace v8bench
