#include "harness/workers/worker_protocol.h"

#include <simdjson.h>

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "harness/measure/metrics.h"
#include "harness/model/case_fields.h"
#include "harness/model/json_reader.h"
#include "harness/model/text_lines.h"
#include "harness/workers/gc_trace.h"

namespace v8bench::workers {
namespace {

using simdjson::SUCCESS;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

template <class T>
void Read(const object& o, const char* key, T& out) {
  T v{};
  if (o[key].get(v) == SUCCESS) out = v;
}

// The numbers of array `key` (elements that are not numbers are skipped); empty when absent.
std::vector<double> Numbers(const object& o, const char* key) {
  std::vector<double> out;
  array values;
  if (o[key].get(values) != SUCCESS) return out;
  for (element e : values) {
    double v = 0;
    if (e.get(v) == SUCCESS) out.push_back(v);
  }
  return out;
}

// `key`: the number, or null where there is none.
template <class I>
void IntOrNull(JsonWriter& w, const char* key, const std::optional<I>& value) {
  w.Key(key);
  if (value) {
    w.Int(static_cast<long long>(*value));
  } else {
    w.Null();
  }
}

}  // namespace

FormatVersion ContextFormat(ContextFile file) {
  return file == ContextFile::kRunJson ? kRunJsonFormat : kProtocolFormat;
}

Status CheckContextFormat(const object& o, ContextFile file, const std::string& where) {
  std::string_view version;
  return CheckFormatVersion(o[kFormatVersionKey].get(version) == SUCCESS ? std::optional(version) : std::nullopt,
                            ContextFormat(file), where);
}

void WriteRunContextFields(JsonWriter& w, const RunContext& c, ContextFile file) {
  w.Key(kFormatVersionKey).String(FormatVersionText(ContextFormat(file)));
  w.Key("date").String(c.date);
  w.Key("host_name").String(c.host_name);
  w.Key("executable").String(c.executable);
  w.Key("num_cpus").Int(c.num_cpus);
  if (file == ContextFile::kRunJson) {
    w.Key("mhz_per_cpu").Int(static_cast<long long>(c.mhz_per_cpu));
  } else {
    w.Key("mhz_per_cpu").Number(c.mhz_per_cpu);
  }
  w.Key("cpu_scaling_enabled").Bool(c.cpu_scaling_enabled);
  w.Key("load_avg").BeginArray();
  for (double l : c.load_avg) w.Number(l);
  w.EndArray();
  w.Key(file == ContextFile::kRunJson ? "library_build_type" : "build_type").String(c.build_type);
  w.Key("v8_version").String(c.v8_version);
  w.Key("node_version").String(c.node_version);
  w.Key("v8_flags").String(c.v8_flags);
  IntOrNull(w, "semi_space_mb", c.semi_space_mb);
  w.Key("young_generation_bytes").Int(static_cast<long long>(c.young_generation_bytes));
  w.Key("trig_path").String(c.trig_path);
  w.Key("trig_mismatch_fraction").Number(c.trig_mismatch_fraction);
  w.Key("malloc").String(c.malloc_policy);
  w.Key("repetitions").Int(c.repetitions);
  w.Key("isolates").Int(c.isolates);
  w.Key("min_time_s").Number(c.min_time_s);
  w.Key("quick").Bool(c.quick);
  IntOrNull(w, "main_cpu_pinned", c.main_cpu_pinned);
  w.Key("other_threads_cpus").String(c.other_threads_cpus);
  w.Key("instructions_by").String(c.instructions_by);
  w.Key("iterations_per_batch").Int(static_cast<long long>(c.iterations_per_batch));
}

RunContext ReadRunContext(const object& o, ContextFile file) {
  RunContext c;
  c.date = StringField(o, "date");
  c.host_name = StringField(o, "host_name");
  c.executable = StringField(o, "executable");
  c.build_type = StringField(o, file == ContextFile::kRunJson ? "library_build_type" : "build_type");
  c.v8_version = StringField(o, "v8_version");
  c.node_version = StringField(o, "node_version");
  c.v8_flags = StringField(o, "v8_flags");
  c.trig_path = StringField(o, "trig_path");
  c.malloc_policy = StringField(o, "malloc");
  int64_t n = 0;
  if (o["num_cpus"].get(n) == SUCCESS && n >= 0 && n < (1 << 20)) c.num_cpus = static_cast<int>(n);
  if (o["semi_space_mb"].get(n) == SUCCESS && n > 0 && n <= 1 << 20) c.semi_space_mb = static_cast<int>(n);
  if (o["repetitions"].get(n) == SUCCESS && n >= 0 && n < (1 << 30)) c.repetitions = static_cast<int>(n);
  if (o["isolates"].get(n) == SUCCESS && n >= 1 && n <= 1000) c.isolates = static_cast<int>(n);
  if (o["main_cpu_pinned"].get(n) == SUCCESS && n >= 0 && n < (1 << 20)) c.main_cpu_pinned = static_cast<int>(n);
  c.other_threads_cpus = StringField(o, "other_threads_cpus");
  c.instructions_by = StringField(o, "instructions_by");
  uint64_t batch = 0;
  if (o["iterations_per_batch"].get(batch) == SUCCESS && batch < (1ULL << 40)) c.iterations_per_batch = batch;
  uint64_t young = 0;
  if (o["young_generation_bytes"].get(young) == SUCCESS) c.young_generation_bytes = young;
  Read(o, "trig_mismatch_fraction", c.trig_mismatch_fraction);
  Read(o, "min_time_s", c.min_time_s);
  Read(o, "quick", c.quick);
  Read(o, "mhz_per_cpu", c.mhz_per_cpu);
  Read(o, "cpu_scaling_enabled", c.cpu_scaling_enabled);
  c.load_avg = Numbers(o, "load_avg");
  return c;
}

void WriteRepetitionTags(JsonWriter& w, const Sample& s) {
  w.Key("isolate").Int(s.isolate);
  if (s.main_cpu) {
    w.Key("main_cpu").Int(*s.main_cpu);
    w.Key("main_cpu_moved").Bool(s.main_cpu_moved);
  }
  if (!s.code) return;
  const CodeState& c = *s.code;
  auto tier = [&](const char* key, const std::optional<CodeTier>& t) {
    w.Key(key);
    if (t) {
      w.String(CodeTierKey(*t));
    } else {
      w.Null();
    }
  };
  w.Key("code").BeginObject();
  tier("batch", c.batch);
  tier("bench", c.bench);
  IntOrNull(w, "compiles", c.compiles);
  w.Key("changed").Bool(c.changed);
  w.EndObject();
}

void ReadRepetitionTags(const object& o, Sample& s) {
  if (int64_t k = 0; o["isolate"].get(k) == SUCCESS && k >= 0 && k < 1000) s.isolate = static_cast<int>(k);
  if (int64_t cpu = 0; o["main_cpu"].get(cpu) == SUCCESS && cpu >= 0 && cpu < 1'000'000) {
    s.main_cpu = static_cast<int>(cpu);
    bool moved = false;
    if (o["main_cpu_moved"].get(moved) == SUCCESS) s.main_cpu_moved = moved;
  }
  object c;
  if (o["code"].get(c) != SUCCESS) return;  // the engine could not tell: unknown
  CodeState state;
  std::string_view key;
  if (c["batch"].get(key) == SUCCESS) state.batch = CodeTierFromKey(std::string(key));
  if (c["bench"].get(key) == SUCCESS) state.bench = CodeTierFromKey(std::string(key));
  double compiles = 0;
  if (c["compiles"].get(compiles) == SUCCESS && compiles >= 0 && compiles < 1e9) {
    state.compiles = static_cast<int>(compiles);
  }
  bool changed = false;
  if (c["changed"].get(changed) == SUCCESS) state.changed = changed;
  s.code = state;
}

namespace {

// The protocol's context line also lists the cases the worker will run, in order.
std::vector<std::string> ReadPlanned(const object& o) {
  std::vector<std::string> planned;
  array names;
  if (o["planned"].get(names) == SUCCESS) {
    for (element e : names) {
      std::string_view name;
      if (e.get(name) == SUCCESS) planned.emplace_back(name);
    }
  }
  return planned;
}

CaseInfo ReadCaseInfo(const object& o) {
  CaseInfo info;
  info.name = StringField(o, "name");
  info.suite = StringField(o, "suite");
  info.bench = StringField(o, "bench");
  info.realm = StringField(o, "realm") == RealmName(RealmKind::kNode) ? RealmKind::kNode : RealmKind::kV8;
  info.params = StringMembers(o, "params");
  return info;
}

// An unknown status is a failure that says so, never a success.
CaseStatus ReadStatus(const std::string& name, std::string& error) {
  if (auto status = CaseStatusFromName(name)) return *status;
  error = "the worker reported an unknown status '" + name + "'" + (error.empty() ? "" : ": " + error);
  return CaseStatus::kFailed;
}

// The native floor line of a case (report/jsonl_reporter.cc), when the case measured one.
std::optional<NativeFloor> ReadNativeFloor(const object& o) {
  object n;
  if (o["native"].get(n) != SUCCESS) return std::nullopt;
  NativeFloor f;
  f.kind = StringField(n, "kind");
  Read(n, "bytes_per_iteration", f.bytes_per_iteration);
  Read(n, "calls_per_iteration", f.calls_per_iteration);
  f.ns_per_iteration = Numbers(n, "ns_per_iteration");
  return f;
}

void ReadSamples(const object& o, CaseResult& r, std::vector<SampleWindow>& windows) {
  array samples;
  if (o["samples"].get(samples) != SUCCESS) return;
  for (element e : samples) {
    object counters;
    if (e["counters"].get(counters) != SUCCESS) continue;
    Sample s;
    double iterations = 0;
    if (e["iterations"].get(iterations) == SUCCESS && iterations >= 0 && iterations < 1e18) {
      s.iterations = static_cast<std::uint64_t>(iterations);
    }
    for (auto field : counters) {
      double v = 0;
      if (field.value.get(v) == SUCCESS) s.counters.push_back({std::string(field.key), v, CounterUnit(field.key)});
    }
    // The case's own counters, which the external runner keeps apart from what it measured: one named as a
    // figure or field v8bench records itself fails the case, as in the embedded host, instead of
    // replacing the measured value.
    if (object own; e["own"].get(own) == SUCCESS) {
      for (auto field : own) {
        double v = 0;
        if (field.value.get(v) != SUCCESS) continue;
        const std::string name(field.key);
        const bool taken =
            std::any_of(s.counters.begin(), s.counters.end(), [&](const Counter& c) { return c.name == name; });
        if (IsReservedCounterName(name) || taken) {
          r.status = CaseStatus::kFailed;
          r.error = ReservedCounterMessage(name);
          r.samples.clear();
          windows.clear();
          return;
        }
        s.counters.push_back({name, v, CounterUnit(name)});
      }
    }
    if (object tags; e.get(tags) == SUCCESS) ReadRepetitionTags(tags, s);
    r.samples.push_back(std::move(s));
    array window;
    double begin = 0, end = 0;
    if (e["window_ms"].get(window) == SUCCESS && window.size() == 2 && window.at(0).get(begin) == SUCCESS &&
        window.at(1).get(end) == SUCCESS) {
      // A bench that counts its own operations has its figures per operation (the runner's counters already
      // are), so its window's GC is divided by them too.
      double operations = 0;
      const bool counted = e["operations"].get(operations) == SUCCESS && operations > 0;
      windows.push_back({counted ? operations : iterations, begin, end});
    }
  }
}

CaseResult ReadCase(const object& o, std::vector<SampleWindow>& windows) {
  CaseResult r;
  r.info = ReadCaseInfo(o);
  r.error = StringField(o, "error");
  r.status = ReadStatus(StringField(o, "status"), r.error);
  ReadCaseFields(o, r);
  r.native = ReadNativeFloor(o);
  ReadSamples(o, r, windows);
  return r;
}

}  // namespace

std::string NewSeal() {
  std::random_device random;
  std::string key;
  for (int i = 0; i < 4; ++i) key += fmt::format("{:08x}", random());
  return key;
}

std::optional<std::string_view> UnsealLine(std::string_view line, const std::string& seal) {
  if (seal.empty()) return line;
  const auto at = line.rfind(seal);
  if (at == std::string_view::npos) return std::nullopt;
  return line.substr(at + seal.size());
}

std::string UnsealedOutput(std::string_view text, const std::string& seal, int& ignored) {
  if (seal.empty()) return std::string(text);
  std::string out;
  ForEachLine(text, [&](std::string_view line) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;
    if (const auto kept = UnsealLine(line, seal)) {
      out.append(*kept);
      out += '\n';
    } else if (IsGcTraceLine(line)) {
      // V8 prints its --trace-gc lines itself, so they cannot carry the seal: kept for the GC figures of an
      // engine without a GC API (Deno, gc_trace.h). A suite can forge such a line and move only those figures.
      out.append(line);
      out += '\n';
    } else {
      ++ignored;
    }
  });
  return out;
}

WorkerOutput ParseWorkerOutput(std::string_view text) {
  WorkerOutput out;
  simdjson::dom::parser parser;
  ForEachLine(text, [&](std::string_view line) {
    if (line.empty()) return;
    object o;
    std::string_view type;
    if (line.front() != '{' || parser.parse(line.data(), line.size()).get(o) != SUCCESS ||
        o["type"].get(type) != SUCCESS) {
      out.other_lines.emplace_back(line);
    } else if (type == "context") {
      // A worker of a newer major version (another v8bench build as a variant's engine) is not misread.
      if (auto readable = CheckContextFormat(o, ContextFile::kProtocolLine, "the worker's protocol"); !readable) {
        out.refused = readable.error();
        return;
      }
      std::string_view version;
      if (o[kFormatVersionKey].get(version) == SUCCESS) out.format = *ParseFormatVersion(version);
      out.context = ReadRunContext(o, ContextFile::kProtocolLine);
      out.planned = ReadPlanned(o);
    } else if (type == "start") {
      out.started.push_back(ReadCaseInfo(o));
    } else if (type == "plan") {
      out.plan.push_back(ReadCaseInfo(o));
    } else if (type == "case") {
      out.windows.emplace_back();
      out.cases.push_back(ReadCase(o, out.windows.back()));
    } else if (type == "end") {
      out.ended = true;
    } else if (type == "ready") {
      // A long-lived worker's, ahead of its first sample (the driver reads it as it comes).
    } else if (type == "gc_clock") {
      double t = 0;
      if (o["perf_ms"].get(t) == SUCCESS) out.gc_clock_perf_ms = t;
    } else {
      out.other_lines.emplace_back(line);
    }
  });
  AttributeGcTrace(out);
  return out;
}

}  // namespace v8bench::workers
