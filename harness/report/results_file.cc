#include "harness/report/results_file.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "harness/model/json_writer.h"
#include "harness/report/compare_report.h"
#include "harness/stats/compare.h"

namespace v8bench::report {

using namespace driver;    // the comparison
using namespace analysis;  // and its analysis, which these files report

namespace {

using simdjson::SUCCESS;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

void WriteMetric(JsonWriter& w, const MetricStats& m, const std::vector<double>* values,
                 const stats::SampleComparison* versus, bool is_time) {
  w.BeginObject();
  w.Key("n").Int(static_cast<long long>(m.n));
  w.Key("median").Number(m.median);
  w.Key("mean").Number(m.mean);
  w.Key("stddev").Number(m.stddev);
  w.Key("cv").Number(m.cv);
  w.Key("min").Number(m.min);
  w.Key("max").Number(m.max);
  w.Key("multimodal").Bool(m.modality.multimodal);
  w.Key("bimodality_coefficient").Number(m.modality.bimodality_coefficient);
  w.Key("ashman_d").Number(m.modality.ashman_d);
  if (values != nullptr) {
    w.Key("values").BeginArray();
    for (double v : *values) w.Number(v);
    w.EndArray();
  }
  if (versus != nullptr) {
    w.Key("versus_baseline").BeginObject();
    w.Key("ratio").Number(versus->ratio.ratio);
    w.Key("ci_low").Number(versus->ratio.low);
    w.Key("ci_high").Number(versus->ratio.high);
    w.Key("mann_whitney_u").Number(versus->mann_whitney.u);
    w.Key("mann_whitney_p").Number(versus->mann_whitney.p);
    w.Key("mann_whitney_exact").Bool(versus->mann_whitney.exact);
    w.Key("welch_t").Number(versus->welch.t);
    w.Key("welch_df").Number(versus->welch.df);
    w.Key("welch_p").Number(versus->welch.p);
    w.Key("verdict").String(stats::VerdictName(versus->verdict, is_time));
    w.Key("marks").String(stats::SignificanceMarks(versus->mann_whitney.p));
    w.EndObject();
  }
  w.EndObject();
}

void WritePairedComparison(JsonWriter& w, const char* key, const stats::PairedComparison& c, bool is_time) {
  w.Key(key).BeginObject();
  w.Key("blocks").Int(static_cast<long long>(c.blocks));
  w.Key("ratio").Number(c.ratio.ratio);
  w.Key("ci_low").Number(c.ratio.low);
  w.Key("ci_high").Number(c.ratio.high);
  w.Key("hodges_lehmann").Number(c.hodges_lehmann);
  w.Key("wilcoxon_v").Number(c.wilcoxon.w_plus);
  w.Key("wilcoxon_p").Number(c.wilcoxon.p);
  w.Key("wilcoxon_exact").Bool(c.wilcoxon.exact);
  w.Key("verdict").String(stats::VerdictName(c.verdict, is_time));
  w.EndObject();
}

// What the verdict rests on, and the paired figures (all blocks, and within one machine state).
void WriteJudgement(JsonWriter& w, const Analysis& a, const CellAnalysis& cell) {
  const Judgement& j = cell.judged;
  w.Key("judged").BeginObject();
  w.Key("paired").Bool(j.paired);
  w.Key("ratio").Number(j.ratio.ratio);
  w.Key("ci_low").Number(j.ratio.low);
  w.Key("ci_high").Number(j.ratio.high);
  w.Key("p").Number(j.p);
  w.Key("verdict").String(stats::VerdictName(j.verdict, a.is_time));
  w.EndObject();
  w.Key("unpaired_p_holm").Number(cell.unpaired_p_holm);
  w.Key("unpaired_verdict_holm").String(stats::VerdictName(cell.unpaired_holm_verdict, a.is_time));
  if (!cell.paired) {
    w.Key("paired").Null();
    return;
  }
  w.Key("paired").BeginObject();
  w.Key("stratified").Bool(cell.paired->stratified);
  w.Key("split_share").Number(cell.paired->split_share);
  w.Key("split_pairs").Int(static_cast<long long>(cell.paired->blocks.split_pairs));
  WritePairedComparison(w, "all", cell.paired->blocks.all, a.is_time);
  WritePairedComparison(w, "same_state", cell.paired->blocks.same_state, a.is_time);
  w.EndObject();
}

void WriteStrings(JsonWriter& w, const char* key, const std::vector<std::string>& xs) {
  w.Key(key).BeginArray();
  for (const auto& x : xs) w.String(x);
  w.EndArray();
}

void WriteCell(JsonWriter& w, const Analysis& a, const CellAnalysis& cell, const VariantSeries& series,
               std::size_t vi) {
  w.BeginObject();
  w.Key("variant").String(a.variant_names[vi]);
  if (cell.gc_share) {
    w.Key("gc_share").Number(*cell.gc_share);
  } else {
    w.Key("gc_share").Null();
  }
  WriteStrings(w, "failures", cell.failures);
  w.Key("code").String(cell.code);
  w.Key("code_mixed").Bool(cell.code_mixed);
  if (vi > 0) {
    w.Key("p_holm").Number(cell.p_holm);
    w.Key("verdict_holm").String(stats::VerdictName(cell.holm_verdict, a.is_time));
    WriteJudgement(w, a, cell);
  }
  w.Key("metrics").BeginObject();
  for (const auto& [counter, m] : cell.metrics) {
    auto vs = series.metrics.find(counter);
    auto vv = cell.versus.find(counter);
    w.Key(counter);
    WriteMetric(w, m, vs == series.metrics.end() ? nullptr : &vs->second,
                vv == cell.versus.end() ? nullptr : &vv->second, CounterUnit(counter) != Unit::kBytes);
  }
  w.EndObject();
  w.EndObject();
}

void WriteAnalysis(JsonWriter& w, const Analysis& a, const Dataset& data) {
  w.Key("analysis").BeginObject();
  w.Key("metric").String(a.metric);
  w.Key("counter").String(a.counter);
  w.Key("alpha").Number(a.alpha);
  w.Key("noise_floor_pct").Number(a.noise_floor * 100);
  w.Key("min_samples").Int(static_cast<long long>(a.min_samples));
  w.Key("comparisons").Int(static_cast<long long>(a.comparisons));
  w.Key("significant").Int(static_cast<long long>(a.significant));
  w.Key("significant_holm").Int(static_cast<long long>(a.significant_holm));
  w.Key("expected_false_positives").Number(static_cast<double>(a.comparisons) * a.alpha);
  w.Key("gate").BeginObject().Key("enabled").Bool(a.threshold.has_value()).Key("threshold_pct");
  if (a.threshold) {
    w.Number(*a.threshold * 100);
  } else {
    w.Null();
  }
  w.Key("tripped").BeginArray();
  for (const auto& t : a.trips) {
    w.BeginObject().Key("case").String(t.key).Key("variant").String(t.variant);
    w.Key("reason").String(t.reason).EndObject();
  }
  w.EndArray().EndObject();
  w.Key("exit_code").Int(a.exit_code);
  WriteStrings(w, "insufficient", a.insufficient);
  w.Key("multimodal").BeginArray();
  for (const auto& m : a.multimodal) w.String(MultimodalLine(a, m));
  w.EndArray();
  WriteStrings(w, "unsupported", a.unsupported);
  WriteStrings(w, "machine_states", a.states);
  WriteStrings(w, "code_notes", a.code);
  w.Key("paired").Bool(a.paired);
  w.Key("cases").BeginArray();
  for (std::size_t ci = 0; ci < a.cases.size(); ++ci) {
    const CaseAnalysis& ca = a.cases[ci];
    w.BeginObject().Key("case").String(ca.key);
    if (!ca.unsupported.empty()) w.Key("unsupported").String(ca.unsupported);
    w.Key("variants").BeginArray();
    for (std::size_t vi = 0; vi < ca.cells.size(); ++vi) WriteCell(w, a, ca.cells[vi], data.cases[ci].variants[vi], vi);
    w.EndArray().EndObject();
  }
  w.EndArray().EndObject();
}

// Results files are far smaller; a larger "file" (/dev/zero, a log) is not one, and is not read whole.
constexpr std::size_t kMaxResultsBytes = std::size_t{256} << 20;

Expected<std::string> Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error::Input("cannot read results file '" + path + "': no such file, or not readable");
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxResultsBytes) {
      return Error::Input(fmt::format("'{}' is larger than {} MB: not a results file", path, kMaxResultsBytes >> 20));
    }
  }
  return text;
}

std::string Str(const object& o, const char* key) {
  std::string_view v;
  return o[key].get(v) == SUCCESS ? std::string(v) : std::string();
}

Error Corrupt(const std::string& path, const std::string& what) {
  return Error::Input("results file '" + path + "' is corrupt: " + what);
}

Expected<element> ParseJson(simdjson::dom::parser& parser, const std::string& path, const std::string& text) {
  element root;
  if (auto err = parser.parse(text).get(root); err != SUCCESS) {
    return Error::Input("results file '" + path + "' is not valid JSON (" + simdjson::error_message(err) +
                        "); was it cut short by an interrupted write?");
  }
  return root;
}

// The compare file's plain fields are declared once per struct, in a Fields function that takes
// either a JsonOut (writing) or a JsonIn (reading, with each number's range checked), so the two
// directions cannot disagree. A field absent from a file keeps the struct's default.
class JsonOut {
 public:
  explicit JsonOut(JsonWriter& w) : w_(w) {}
  void operator()(const char* key, const std::string& v) { w_.Key(key).String(v); }
  void operator()(const char* key, bool v) { w_.Key(key).Bool(v); }
  void operator()(const char* key, double v, double, double) { w_.Key(key).Number(v); }
  template <class I>
  requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) void operator()(const char* key, I v, long long,
                                                                              long long) {
    w_.Key(key).Int(static_cast<long long>(v));
  }
  void operator()(const char* key, const std::optional<int>& v, long long, long long) {
    w_.Key(key);
    if (v) {
      w_.Int(*v);
    } else {
      w_.Null();
    }
  }

 private:
  JsonWriter& w_;
};

class JsonIn {
 public:
  JsonIn(const object& o, std::string where) : o_(o), where_(std::move(where)) {}
  void operator()(const char* key, std::string& v) {
    std::string_view text;
    if (Present(key) && Check(o_[key].get(text) == SUCCESS, key, "is not a string")) v = text;
  }
  void operator()(const char* key, bool& v) {
    if (Present(key)) Check(o_[key].get(v) == SUCCESS, key, "is not true or false");
  }
  void operator()(const char* key, double& v, double min, double max) {
    double x = 0;
    if (!Present(key)) return;
    if (Check(o_[key].get(x) == SUCCESS && x >= min && x <= max, key,
              fmt::format("is not a number from {} to {}", min, max))) {
      v = x;
    }
  }
  template <class I>
  requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) void operator()(const char* key, I& v, long long min,
                                                                              long long max) {
    double x = 0;
    if (!Present(key)) return;
    if (Check(o_[key].get(x) == SUCCESS && x >= static_cast<double>(min) && x <= static_cast<double>(max) &&
                  std::floor(x) == x,
              key, fmt::format("is not a whole number from {} to {}", min, max))) {
      v = static_cast<I>(x);  // whole and in range: exact
    }
  }
  void operator()(const char* key, std::optional<int>& v, long long min, long long max) {
    int x = 0;
    (*this)(key, x, min, max);
    if (Present(key)) v = x;
  }
  const std::optional<Error>& error() const { return error_; }

 private:
  bool Present(const char* key) const {
    element e;
    return !error_ && o_[key].get(e) == SUCCESS && !e.is_null();
  }
  bool Check(bool ok, const char* key, const std::string& what) {
    if (!ok && !error_) error_ = Error::Input(fmt::format("{}: \"{}\" {}", where_, key, what));
    return ok;
  }
  const object& o_;
  std::string where_;
  std::optional<Error> error_;
};

constexpr long long kMaxCount = 1 << 30;

template <class Io, class State>
void ContextFields(Io& io, State& s) {
  io("date", s.date);
  io("host_name", s.host_name);
  io("num_cpus", s.num_cpus, 0, 1 << 20);
  io("driver", s.driver);
  io("elapsed_s", s.elapsed_s, 0.0, 1e12);
  io("complete", s.complete);
  io("interrupted", s.interrupted);
}

template <class Io, class Context>
void EngineInfoFields(Io& io, Context& c) {
  io("executable", c.executable);
  io("v8_version", c.v8_version);
  io("node_version", c.node_version);
  io("v8_flags", c.v8_flags);
  io("trig_path", c.trig_path);
  io("build_type", c.build_type);
  io("semi_space_mb", c.semi_space_mb, 1, 1 << 20);
  io("young_generation_bytes", c.young_generation_bytes, 0, 1LL << 50);
}

template <class Io, class Record>
void SampleFields(Io& io, Record& r) {
  io("run", r.run, 0, kMaxCount);
  io("order", r.order, 0, kMaxCount);
  io("block", r.block, 0, kMaxCount);
  io("wall_s", r.wall_s, 0.0, 1e12);
  io("processes", r.processes, 0, kMaxCount);
  io("error", r.error);
}

template <class Fields, class T>
Status ReadFields(const object& o, const std::string& where, Fields fields, T& value) {
  JsonIn in(o, where);
  fields(in, value);
  if (in.error()) return *in.error();
  return OkStatus();
}

void WriteSettings(JsonWriter& w, const CompareSettings& st) {
  w.Key("settings").BeginObject();
  WriteStrings(w, "suites", st.suites);
  w.Key("filter").String(st.filter);
  w.Key("quick").Bool(st.quick);
  w.Key("mode").String(st.runs > 0 ? "fixed" : "adaptive");
  for (const SettingSpec& spec : SettingSpecs()) {
    w.Key(spec.key);
    if (spec.kind == SettingKind::kMetric) {
      w.String(TextOf(st, spec));
    } else if (const auto v = NumberOf(st, spec); !v) {
      w.Null();
    } else if (spec.kind == SettingKind::kCount || spec.kind == SettingKind::kSeed) {
      w.Int(static_cast<long long>(*v));
    } else {
      w.Number(*v);
    }
  }
  w.EndObject();
}

Status ReadSettings(const object& st, CompareSettings& cs, const std::string& path) {
  array suites;
  if (st["suites"].get(suites) == SUCCESS) {
    for (element e : suites) {
      std::string_view v;
      if (e.get(v) == SUCCESS) cs.suites.emplace_back(v);
    }
  }
  cs.filter = Str(st, "filter");
  if (bool quick = false; st["quick"].get(quick) == SUCCESS) cs.quick = quick;
  for (const SettingSpec& spec : SettingSpecs()) {
    element e;
    if (st[spec.key].get(e) != SUCCESS || e.is_null()) continue;
    const std::string where = fmt::format("results file '{}': settings.{}", path, spec.key);
    std::string_view text;
    double v = 0;
    Status set = OkStatus();
    if (spec.kind == SettingKind::kMetric) {
      set =
          e.get(text) == SUCCESS ? SetFromText(cs, spec, text, where) : Status(Error::Input(where + " is not a name"));
    } else if (e.get(v) != SUCCESS) {
      set = Error::Input(where + " is not a number");
    } else if (std::string_view(spec.key) == "runs" && v == 0) {
      cs.runs = 0;  // adaptive
    } else {
      set = SetFromNumber(cs, spec, v, where);
    }
    if (!set) return Error::Input(set.error().message);
  }
  if (auto valid = ValidateSettings(cs, "results file '" + path + "': "); !valid) {
    return Error::Input(valid.error().message);
  }
  return OkStatus();
}

// The variant as the user declared it (name, flags, engine); v8_flags and harness_args are written
// for readers of the file and derived again from the flags on reading.
void WriteVariant(JsonWriter& w, const VariantState& vs) {
  const Variant& v = vs.variant;
  w.BeginObject();
  w.Key("name").String(v.name);
  w.Key("flags").String(v.flags_text);
  w.Key("engine").String(v.engine);
  WriteStrings(w, "v8_flags", v.v8_flags);
  WriteStrings(w, "harness_args", v.worker_args);
  w.Key("engine_info");
  if (vs.context) {
    w.BeginObject();
    JsonOut out(w);
    EngineInfoFields(out, *vs.context);
    w.EndObject();
  } else {
    w.Null();
  }
  w.EndObject();
}

Expected<VariantState> ReadVariant(const element& e, const std::string& path) {
  object vo;
  if (e.get(vo) != SUCCESS) return Corrupt(path, "a variant is not an object");
  auto v = ParseVariant(Str(vo, "name") + "=" + Str(vo, "flags"));
  if (!v) return Corrupt(path, v.error().message);
  v->engine = Str(vo, "engine");
  VariantState vs{std::move(v.value()), std::nullopt};
  object info;
  if (vo["engine_info"].get(info) == SUCCESS) {
    RunContext c;
    const auto fields = [](JsonIn& in, RunContext& x) { EngineInfoFields(in, x); };
    if (auto read = ReadFields(info, "results file '" + path + "': engine_info", fields, c); !read) return read.error();
    vs.context = std::move(c);
  }
  return vs;
}

void WriteSample(JsonWriter& w, const RunRecord& r, const std::string& variant) {
  w.BeginObject();
  w.Key("variant").String(variant);
  JsonOut out(w);
  SampleFields(out, r);
  w.Key("values").BeginObject();
  for (const auto& [key, counters] : r.values) {
    w.Key(key).BeginObject();
    for (const auto& [name, value] : counters) w.Key(name).Number(value);
    w.EndObject();
  }
  w.EndObject();
  w.Key("code").BeginObject();
  for (const auto& [key, code] : r.code) {
    w.Key(key).BeginObject().Key("label").String(code.label).Key("changed").Bool(code.changed).EndObject();
  }
  w.EndObject();
  w.Key("failures").BeginArray();
  for (const auto& f : r.failures) {
    w.BeginObject().Key("case").String(f.key).Key("kind").String(f.kind).Key("message").String(f.message).EndObject();
  }
  w.EndArray().EndObject();
}

Expected<RunRecord> ReadSample(const element& e, const std::vector<VariantState>& variants, const std::string& path) {
  object so;
  if (e.get(so) != SUCCESS) return Corrupt(path, "a sample is not an object");
  RunRecord r;
  const std::string name = Str(so, "variant");
  r.variant = -1;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (variants[i].variant.name == name) r.variant = static_cast<int>(i);
  }
  if (r.variant < 0) return Corrupt(path, "a sample names an unknown variant '" + name + "'");
  const auto fields = [](JsonIn& in, RunRecord& x) { SampleFields(in, x); };
  if (auto read = ReadFields(so, "results file '" + path + "': a sample", fields, r); !read) return read.error();
  if (r.block < 0) r.block = r.run;  // the schedule has always run sample b of every variant in round b
  object code;
  if (so["code"].get(code) == SUCCESS) {
    for (auto field : code) {
      object c;
      if (field.value.get(c) != SUCCESS) return Corrupt(path, "a sample's code entries are not objects");
      CaseCode& dest = r.code[std::string(field.key)];
      dest.label = Str(c, "label");
      bool changed = false;
      if (c["changed"].get(changed) == SUCCESS) dest.changed = changed;
    }
  }
  object values;
  if (so["values"].get(values) == SUCCESS) {
    for (auto field : values) {
      object counters;
      if (field.value.get(counters) != SUCCESS) return Corrupt(path, "sample values are not objects");
      auto& dest = r.values[std::string(field.key)];
      for (auto c : counters) {
        double v = 0;
        if (c.value.get(v) != SUCCESS || !std::isfinite(v) || v < 0) {
          return Corrupt(path, "a sample value is not a number of at least 0");
        }
        dest[std::string(c.key)] = v;
      }
    }
  }
  array failures;
  if (so["failures"].get(failures) == SUCCESS) {
    for (element f : failures) {
      object fo;
      if (f.get(fo) == SUCCESS) r.failures.push_back({Str(fo, "case"), Str(fo, "kind"), Str(fo, "message")});
    }
  }
  return r;
}

// Nanoseconds per Google Benchmark time_unit, or nullopt for a unit it does not write.
std::optional<double> TimeUnitFactor(std::string_view unit) {
  if (unit == "ns") return 1;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

void WriteSuiteDigests(JsonWriter& w, const std::vector<SuiteDigest>& digests) {
  w.Key("suite_digests").BeginArray();
  for (const auto& d : digests) {
    w.BeginObject().Key("path").String(d.path).Key("bytes").Int(static_cast<long long>(d.bytes));
    w.Key("fnv1a64").String(d.fnv1a64).EndObject();
  }
  w.EndArray();
}

void WriteShard(JsonWriter& w, const CompareState& s) {
  w.Key("shard");
  if (s.shard) {
    w.BeginObject().Key("index").Int(s.shard->index).Key("count").Int(s.shard->count);
    WriteStrings(w, "cases", s.shard->cases);
    WriteStrings(w, "all_cases", s.shard->all_cases);
    w.EndObject();
  } else {
    w.Null();
  }
  if (s.merged_count == 0) return;
  w.Key("merged").BeginObject().Key("count").Int(s.merged_count).Key("shards").BeginArray();
  for (const auto& m : s.merged) {
    w.BeginObject().Key("path").String(m.path).Key("index").Int(m.index).Key("host_name").String(m.host_name);
    w.Key("date").String(m.date).Key("elapsed_s").Number(m.elapsed_s);
    w.Key("samples").Int(static_cast<long long>(m.samples)).Key("complete").Bool(m.complete).EndObject();
  }
  w.EndArray().EndObject();
}

std::vector<std::string> ReadStrings(const object& o, const char* key) {
  std::vector<std::string> out;
  array xs;
  if (o[key].get(xs) == SUCCESS) {
    for (element e : xs) {
      std::string_view v;
      if (e.get(v) == SUCCESS) out.emplace_back(v);
    }
  }
  return out;
}

Status ReadShardFields(const object& o, CompareState& s, const std::string& path) {
  array digests;
  if (o["suite_digests"].get(digests) == SUCCESS) {
    for (element e : digests) {
      object d;
      uint64_t bytes = 0;
      if (e.get(d) != SUCCESS || d["bytes"].get(bytes) != SUCCESS) return Corrupt(path, "a suite digest is not valid");
      s.suite_digests.push_back({Str(d, "path"), bytes, Str(d, "fnv1a64")});
    }
  }
  object shard;
  if (o["shard"].get(shard) == SUCCESS) {
    int64_t index = 0, count = 0;
    if (shard["index"].get(index) != SUCCESS || shard["count"].get(count) != SUCCESS || count < 1 || count > 10000 ||
        index < 1 || index > count) {
      return Corrupt(path, "\"shard\" needs an index from 1 to its count (at most 10000)");
    }
    s.shard = ShardInfo{static_cast<int>(index), static_cast<int>(count), ReadStrings(shard, "all_cases"),
                        ReadStrings(shard, "cases")};
  }
  object merged;
  if (o["merged"].get(merged) == SUCCESS) {
    int64_t count = 0;
    if (merged["count"].get(count) != SUCCESS || count < 1 || count > 10000) {
      return Corrupt(path, "\"merged\" needs a shard count from 1 to 10000");
    }
    s.merged_count = static_cast<int>(count);
    array shards;
    if (merged["shards"].get(shards) == SUCCESS) {
      for (element e : shards) {
        object m;
        if (e.get(m) != SUCCESS) return Corrupt(path, "a merged shard is not an object");
        MergedShard ms;
        ms.path = Str(m, "path");
        ms.host_name = Str(m, "host_name");
        ms.date = Str(m, "date");
        int64_t index = 0, samples = 0;
        double elapsed = 0;
        bool complete = false;
        if (m["index"].get(index) == SUCCESS) ms.index = static_cast<int>(index);
        if (m["samples"].get(samples) == SUCCESS && samples >= 0) ms.samples = static_cast<std::size_t>(samples);
        if (m["elapsed_s"].get(elapsed) == SUCCESS) ms.elapsed_s = elapsed;
        if (m["complete"].get(complete) == SUCCESS) ms.complete = complete;
        s.merged.push_back(std::move(ms));
      }
    }
  }
  return OkStatus();
}

}  // namespace

std::string RenderCompareJson(const CompareState& s, const Analysis* a) {
  JsonWriter w;
  w.BeginObject();
  w.Key("v8bench_compare").Int(kCompareFileVersion);
  w.Key("context").BeginObject();
  JsonOut out(w);
  ContextFields(out, s);
  w.EndObject();
  WriteSettings(w, s.settings);
  WriteSuiteDigests(w, s.suite_digests);
  WriteShard(w, s);
  w.Key("variants").BeginArray();
  for (const auto& vs : s.variants) WriteVariant(w, vs);
  w.EndArray();
  WriteStrings(w, "case_keys", s.case_keys);
  w.Key("samples").BeginArray();
  for (const auto& r : s.runs) WriteSample(w, r, s.variants[static_cast<std::size_t>(r.variant)].variant.name);
  w.EndArray();
  if (a != nullptr) {
    WriteAnalysis(w, *a, DatasetFrom(s));
  } else {
    w.Key("analysis").Null();
  }
  w.EndObject();
  return w.str() + "\n";
}

std::string RenderDiffJson(const ResultsSide& base, const ResultsSide& next, const Dataset& data, const Analysis& a) {
  JsonWriter w;
  w.BeginObject();
  w.Key("v8bench_diff").Int(1);
  for (const auto* side : {&base, &next}) {
    w.Key(side == &base ? "base" : "new").BeginObject();
    w.Key("path").String(side->path);
    w.Key("format").String(side->format);
    w.Key("variant").String(side->variant);
    w.Key("engine").String(side->engine);
    w.EndObject();
  }
  WriteAnalysis(w, a, data);
  w.EndObject();
  return w.str() + "\n";
}

Expected<CompareState> ReadCompareState(const std::string& path) {
  auto text = Slurp(path);
  if (!text) return text.error();
  simdjson::dom::parser parser;
  auto root = ParseJson(parser, path, text.value());
  if (!root) return root.error();
  object o;
  int64_t version = 0;
  if (root->get(o) != SUCCESS || o["v8bench_compare"].get(version) != SUCCESS) {
    return Error::Input("'" + path + "' is not a v8bench compare results file (no \"v8bench_compare\" key)");
  }
  if (version != kCompareFileVersion) {
    return Error::Input(fmt::format("'{}' is a v8bench compare file of version {}; this v8bench reads version {}", path,
                                    version, kCompareFileVersion));
  }
  CompareState s;
  object ctx, st;
  const auto context = [](JsonIn& in, CompareState& x) { ContextFields(in, x); };
  if (o["context"].get(ctx) == SUCCESS) {
    if (auto read = ReadFields(ctx, "results file '" + path + "': context", context, s); !read) return read.error();
  }
  if (o["settings"].get(st) != SUCCESS) return Corrupt(path, "no \"settings\" object");
  if (auto read = ReadSettings(st, s.settings, path); !read) return read.error();
  if (auto read = ReadShardFields(o, s, path); !read) return read.error();
  array variants, keys, samples;
  if (o["variants"].get(variants) != SUCCESS) return Corrupt(path, "no \"variants\" array");
  for (element e : variants) {
    auto vs = ReadVariant(e, path);
    if (!vs) return vs.error();
    s.variants.push_back(std::move(vs.value()));
  }
  if (s.variants.size() < 2) return Corrupt(path, "fewer than two variants");
  if (o["case_keys"].get(keys) == SUCCESS) {
    for (element e : keys) {
      std::string_view k;
      if (e.get(k) == SUCCESS) s.case_keys.emplace_back(k);
    }
  }
  if (o["samples"].get(samples) != SUCCESS) return Corrupt(path, "no \"samples\" array");
  for (element e : samples) {
    auto r = ReadSample(e, s.variants, path);
    if (!r) return r.error();
    s.runs.push_back(std::move(r.value()));
  }
  return s;
}

namespace {

// One variant of a compare file as a diff side.
Expected<ResultsSide> CompareFileSide(const std::string& path, const std::string& variant) {
  auto state = ReadCompareState(path);
  if (!state) return state.error();
  ResultsSide side;
  side.path = path;
  side.format = "v8bench compare";
  int index = variant.empty() ? 0 : -1;
  std::string names;
  for (std::size_t i = 0; i < state->variants.size(); ++i) {
    names += (i ? ", " : "") + state->variants[i].variant.name;
    if (state->variants[i].variant.name == variant) index = static_cast<int>(i);
  }
  if (index < 0) return Error::Usage("'" + path + "' has no variant '" + variant + "' (it has: " + names + ")");
  const VariantState& vs = state->variants[static_cast<std::size_t>(index)];
  side.variant = vs.variant.name;
  if (vs.context) {
    side.engine = "V8 " + vs.context->v8_version +
                  (vs.context->node_version.empty() ? "" : " (Node " + vs.context->node_version + ")");
  }
  for (const auto& c : DatasetFrom(state.value()).cases) {
    side.order.push_back(c.key);
    side.cases[c.key] = c.variants[static_cast<std::size_t>(index)];
    // diff compares two sides that may come from different files, whose blocks are not pairs: unpaired.
    side.cases[c.key].blocks.clear();
  }
  return side;
}

// One entry of Google Benchmark's "benchmarks" array (`v8bench run` JSON adds its own counters).
Status ReadBenchmark(const object& b, std::size_t index, const std::string& path, ResultsSide& side) {
  if (Str(b, "run_type") == "aggregate") return OkStatus();
  const std::string where = fmt::format("benchmarks[{}]", index);
  std::string key = Str(b, "run_name");
  if (key.empty()) key = Str(b, "name");
  if (key.empty()) return Corrupt(path, where + " has no name");
  if (side.cases.count(key) == 0) side.order.push_back(key);
  VariantSeries& series = side.cases[key];
  bool error = false;
  if (b["error_occurred"].get(error) == SUCCESS && error) {
    const std::string status = Str(b, "status");
    const std::string message = Str(b, "error_message");
    if (status == "unsupported") {
      series.unsupported = message;
    } else {
      series.failures.push_back((status.empty() ? "failed" : status) + (message.empty() ? "" : ": " + message));
    }
    return OkStatus();
  }
  std::string_view unit = "ns";
  if (b["time_unit"].get(unit) != SUCCESS) unit = "ns";
  const auto factor = TimeUnitFactor(unit);
  if (!factor) {
    return Corrupt(
        path, fmt::format("{} ('{}') has time_unit '{}' (Google Benchmark writes ns, us, ms or s)", where, key, unit));
  }
  for (const MetricInfo& m : kMetrics) {
    if (m.option == nullptr) continue;
    double v = 0;
    if (b[m.counter].get(v) == SUCCESS) {
    } else if (m.gb_field != nullptr && b[m.gb_field].get(v) == SUCCESS) {
      v *= *factor;
    } else {
      continue;
    }
    if (!std::isfinite(v) || v < 0) {
      return Corrupt(path, fmt::format("{} ('{}') has {} {}: a figure is a number of at least 0", where, key,
                                       m.gb_field != nullptr ? m.gb_field : m.counter, v));
    }
    series.metrics[m.counter].push_back(v);
  }
  if (series.metrics.empty()) return Corrupt(path, where + " ('" + key + "') has no cpu_time or real_time");
  return OkStatus();
}

}  // namespace

Expected<ResultsSide> ReadResultsSide(const std::string& path, const std::string& variant) {
  auto text = Slurp(path);
  if (!text) return text.error();
  simdjson::dom::parser parser;
  auto root = ParseJson(parser, path, text.value());
  if (!root) return root.error();
  object o;
  if (root->get(o) != SUCCESS) return Corrupt(path, "the top level is not a JSON object");
  int64_t version = 0;
  if (o["v8bench_compare"].get(version) == SUCCESS) return CompareFileSide(path, variant);
  array benchmarks;
  if (o["benchmarks"].get(benchmarks) != SUCCESS) {
    return Error::Input("'" + path +
                        "' is neither a v8bench compare file nor Google Benchmark JSON (it has no \"benchmarks\" "
                        "array)");
  }
  ResultsSide side;
  side.path = path;
  side.format = "Google Benchmark";
  object ctx;
  if (o["context"].get(ctx) == SUCCESS && !Str(ctx, "v8_version").empty()) {
    side.format = "v8bench run";
    const std::string node = Str(ctx, "node_version");
    const std::string flags = Str(ctx, "v8_flags");
    side.engine = "V8 " + Str(ctx, "v8_version") + (node.empty() ? "" : " (Node " + node + ")") +
                  (flags.empty() ? "" : ", flags: " + flags);
  }
  std::size_t index = 0;
  for (element e : benchmarks) {
    object b;
    if (e.get(b) != SUCCESS) return Corrupt(path, fmt::format("benchmarks[{}] is not an object", index));
    if (auto read = ReadBenchmark(b, index++, path, side); !read) return read.error();
  }
  return side;
}

}  // namespace v8bench::report
