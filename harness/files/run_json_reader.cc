#include "harness/files/run_json_reader.h"

#include <simdjson.h>

#include <map>

#include "harness/measure/metrics.h"
#include "harness/model/case_fields.h"
#include "harness/model/json_reader.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench {
namespace {

using simdjson::SUCCESS;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

double Num(object o, const char* key, double fallback = 0) {
  double d;
  if (o[key].get(d) == SUCCESS) return d;
  int64_t i;
  if (o[key].get(i) == SUCCESS) return static_cast<double>(i);
  return fallback;
}
// A count from the file, accepted in [0, limit) only (as the worker protocol reads counts): a hostile
// file's -5 or 1e300 keeps the default instead of becoming an out-of-range cast.
std::uint64_t Count(object o, const char* key, double limit) {
  const double d = Num(o, key, -1);
  return d >= 0 && d < limit ? static_cast<std::uint64_t>(d) : 0;
}
bool Bool(object o, const char* key) {
  bool b = false;
  return o[key].get(b) == SUCCESS && b;
}

// A status name that is none reads as a failure, never as a success.
CaseStatus StatusFrom(const std::string& name) { return CaseStatusFromName(name).value_or(CaseStatus::kFailed); }

// A case's description and outcome from the first entry of "benchmarks" that names it; no samples yet.
CaseResult CaseFrom(object b, const std::string& name) {
  CaseResult r;
  r.info.name = name;
  r.info.suite = StringField(b, "suite");
  r.info.bench = StringField(b, "bench");
  r.info.realm = StringField(b, "realm") == RealmName(RealmKind::kNode) ? RealmKind::kNode : RealmKind::kV8;
  r.info.params = StringMembers(b, "params");
  r.status = StatusFrom(StringField(b, "status"));
  ReadCaseFields(b, r);
  if (const std::string kind = StringField(b, "native_kind"); !kind.empty()) {
    r.native = NativeFloor{kind, {Num(b, "native_ns")}, 0, 0};
  }
  return r;
}

// One repetition: its iterations, every numeric field that is not one of the entry's own (the
// counters, with their units as their names give them, measure/metrics.h CounterUnit, the rule every
// producer of a counter follows) and its tags (isolate, code state).
Sample SampleFrom(object b) {
  Sample s;
  s.iterations = Count(b, "iterations", 1e18);
  for (auto field : b) {
    if (IsRunEntryField(field.key)) continue;
    double d;
    int64_t i;
    if (field.value.get(d) == SUCCESS) {
      s.counters.push_back({std::string(field.key), d, CounterUnit(field.key)});
    } else if (field.value.get(i) == SUCCESS) {
      s.counters.push_back({std::string(field.key), static_cast<double>(i), CounterUnit(field.key)});
    }
  }
  workers::ReadRepetitionTags(b, s);
  return s;
}

}  // namespace

bool IsRunJson(const std::string& text) {
  simdjson::dom::parser parser;
  element root;
  object o, ctx;
  array b;
  std::string_view v;
  return parser.parse(text).get(root) == SUCCESS && root.get(o) == SUCCESS && o["benchmarks"].get(b) == SUCCESS &&
         o["context"].get(ctx) == SUCCESS && ctx["v8_version"].get(v) == SUCCESS;
}

Expected<RunDocument> ParseRunJson(const std::string& path, const std::string& text) {
  simdjson::dom::parser parser;
  element root;
  if (auto err = parser.parse(text).get(root); err != SUCCESS) {
    return Error::Input("'" + path + "' is not valid JSON (" + simdjson::error_message(err) + ")");
  }
  object o, ctx;
  array benchmarks;
  std::string_view version;
  if (root.get(o) != SUCCESS || o["benchmarks"].get(benchmarks) != SUCCESS || o["context"].get(ctx) != SUCCESS ||
      ctx["v8_version"].get(version) != SUCCESS) {
    return Error::Input("'" + path +
                        "' is not a v8bench run file (no \"benchmarks\" array, or no \"v8_version\" in its context); "
                        "give a `v8bench run --out FILE.json` or `v8bench compare --out` file");
  }
  if (auto readable = workers::CheckContextFormat(ctx, workers::ContextFile::kRunJson, "run file '" + path + "'");
      !readable) {
    return readable.error();
  }
  RunDocument doc;
  doc.context = workers::ReadRunContext(ctx, workers::ContextFile::kRunJson);
  std::map<std::string, std::size_t> index;  // run_name -> position in doc.results
  for (element e : benchmarks) {
    object b;
    if (e.get(b) != SUCCESS) return Error::Input("'" + path + "': an entry of \"benchmarks\" is not an object");
    if (StringField(b, "run_type") == "aggregate") continue;
    std::string name = StringField(b, "run_name");
    if (name.empty()) name = StringField(b, "name");
    auto [it, added] = index.try_emplace(name, doc.results.size());
    if (added) doc.results.push_back(CaseFrom(b, name));
    CaseResult& r = doc.results[it->second];
    if (Bool(b, "error_occurred")) {
      if (r.status == CaseStatus::kOk) r.status = CaseStatus::kFailed;
      r.error = StringField(b, "error_message");
      continue;
    }
    r.samples.push_back(SampleFrom(b));
  }
  return doc;
}

}  // namespace v8bench
