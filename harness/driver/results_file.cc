#include "harness/driver/results_file.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <fstream>

#include "harness/report/json_writer.h"
#include "harness/stats/compare.h"

namespace v8bench::driver {
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

void WriteStrings(JsonWriter& w, const char* key, const std::vector<std::string>& xs) {
  w.Key(key).BeginArray();
  for (const auto& x : xs) w.String(x);
  w.EndArray();
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
  w.Key("gate").BeginObject();
  w.Key("enabled").Bool(a.threshold.has_value());
  if (a.threshold) {
    w.Key("threshold_pct").Number(*a.threshold * 100);
  } else {
    w.Key("threshold_pct").Null();
  }
  w.Key("tripped").BeginArray();
  for (const auto& t : a.trips)
    w.BeginObject()
        .Key("case")
        .String(t.key)
        .Key("variant")
        .String(t.variant)
        .Key("reason")
        .String(t.reason)
        .EndObject();
  w.EndArray();
  w.EndObject();
  w.Key("exit_code").Int(a.exit_code);
  WriteStrings(w, "insufficient", a.insufficient);
  WriteStrings(w, "multimodal", a.multimodal);
  WriteStrings(w, "unsupported", a.unsupported);
  w.Key("cases").BeginArray();
  for (std::size_t ci = 0; ci < a.cases.size(); ++ci) {
    const CaseAnalysis& ca = a.cases[ci];
    w.BeginObject();
    w.Key("case").String(ca.key);
    if (!ca.unsupported.empty()) w.Key("unsupported").String(ca.unsupported);
    w.Key("variants").BeginArray();
    for (std::size_t vi = 0; vi < ca.cells.size(); ++vi) {
      const CellAnalysis& cell = ca.cells[vi];
      const VariantSeries& series = data.cases[ci].variants[vi];
      w.BeginObject();
      w.Key("variant").String(a.variant_names[vi]);
      if (cell.gc_share) {
        w.Key("gc_share").Number(*cell.gc_share);
      } else {
        w.Key("gc_share").Null();
      }
      WriteStrings(w, "failures", cell.failures);
      if (vi > 0) {
        w.Key("p_holm").Number(cell.p_holm);
        w.Key("verdict_holm").String(stats::VerdictName(cell.holm_verdict, a.is_time));
      }
      w.Key("metrics").BeginObject();
      for (const auto& [counter, m] : cell.metrics) {
        auto vs = series.metrics.find(counter);
        auto vv = cell.versus.find(counter);
        w.Key(counter);
        WriteMetric(w, m, vs == series.metrics.end() ? nullptr : &vs->second,
                    vv == cell.versus.end() ? nullptr : &vv->second,
                    FindMetric(counter) == nullptr || IsTime(*FindMetric(counter)));
      }
      w.EndObject();
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
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

double Num(const object& o, const char* key, double fallback) {
  double v = 0;
  return o[key].get(v) == SUCCESS ? v : fallback;
}

// A whole number from min to max (absent: fallback); anything else is corrupt, never cast blindly.
Expected<long long> Whole(const object& o, const char* key, long long min, long long max, long long fallback,
                          const std::string& path) {
  element e;
  if (o[key].get(e) != SUCCESS || e.is_null()) return fallback;
  double v = 0;
  if (e.get(v) != SUCCESS || !(v >= static_cast<double>(min) && v <= static_cast<double>(max)) || std::floor(v) != v) {
    return Error::Input(
        fmt::format("results file '{}' is corrupt: \"{}\" is not a whole number from {} to {}", path, key, min, max));
  }
  return static_cast<long long>(v);
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

// Nanoseconds per Google Benchmark time_unit, or nullopt for a unit it does not write.
std::optional<double> TimeUnitFactor(std::string_view unit) {
  if (unit == "ns") return 1;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
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

}  // namespace

std::string RenderCompareJson(const CompareState& s, const Analysis* a) {
  JsonWriter w;
  w.BeginObject();
  w.Key("v8bench_compare").Int(kCompareFileVersion);
  w.Key("context").BeginObject();
  w.Key("date").String(s.date);
  w.Key("host_name").String(s.host_name);
  w.Key("num_cpus").Int(s.num_cpus);
  w.Key("driver").String(s.driver);
  w.Key("elapsed_s").Number(s.elapsed_s);
  w.Key("complete").Bool(s.complete);
  w.Key("interrupted").Bool(s.interrupted);
  w.EndObject();

  const CompareSettings& st = s.settings;
  w.Key("settings").BeginObject();
  WriteStrings(w, "suites", st.suites);
  w.Key("filter").String(st.filter);
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

  w.Key("variants").BeginArray();
  for (const auto& vs : s.variants) {
    const Variant& v = vs.variant;
    w.BeginObject();
    w.Key("name").String(v.name);
    w.Key("flags").String(v.flags_text);
    w.Key("engine").String(v.engine);
    WriteStrings(w, "v8_flags", v.v8_flags);
    WriteStrings(w, "harness_args", v.worker_args);
    if (vs.context) {
      const RunContext& c = *vs.context;
      w.Key("engine_info").BeginObject();
      w.Key("executable").String(c.executable);
      w.Key("v8_version").String(c.v8_version);
      w.Key("node_version").String(c.node_version);
      w.Key("v8_flags").String(c.v8_flags);
      w.Key("trig_path").String(c.trig_path);
      w.Key("build_type").String(c.build_type);
      if (c.semi_space_mb) {
        w.Key("semi_space_mb").Int(*c.semi_space_mb);
      } else {
        w.Key("semi_space_mb").Null();
      }
      w.Key("young_generation_bytes").Int(static_cast<long long>(c.young_generation_bytes));
      w.EndObject();
    } else {
      w.Key("engine_info").Null();
    }
    w.EndObject();
  }
  w.EndArray();
  WriteStrings(w, "case_keys", s.case_keys);

  w.Key("samples").BeginArray();
  for (const auto& r : s.runs) {
    w.BeginObject();
    w.Key("variant").String(s.variants[static_cast<std::size_t>(r.variant)].variant.name);
    w.Key("run").Int(r.run);
    w.Key("order").Int(r.order);
    w.Key("wall_s").Number(r.wall_s);
    w.Key("processes").Int(r.processes);
    w.Key("error").String(r.error);
    w.Key("values").BeginObject();
    for (const auto& [key, counters] : r.values) {
      w.Key(key).BeginObject();
      for (const auto& [name, value] : counters) w.Key(name).Number(value);
      w.EndObject();
    }
    w.EndObject();
    w.Key("failures").BeginArray();
    for (const auto& f : r.failures) {
      w.BeginObject().Key("case").String(f.key).Key("kind").String(f.kind).Key("message").String(f.message).EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
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
  if (o["context"].get(ctx) == SUCCESS) {
    s.date = Str(ctx, "date");
    s.host_name = Str(ctx, "host_name");
    s.elapsed_s = std::max(0.0, Num(ctx, "elapsed_s", 0));
    auto cpus = Whole(ctx, "num_cpus", 0, 1 << 20, 0, path);
    if (!cpus) return cpus.error();
    s.num_cpus = static_cast<int>(*cpus);
    s.driver = Str(ctx, "driver");
  }
  if (o["settings"].get(st) != SUCCESS) return Corrupt(path, "no \"settings\" object");
  if (auto read = ReadSettings(st, s.settings, path); !read) return read.error();

  array variants;
  if (o["variants"].get(variants) != SUCCESS) return Corrupt(path, "no \"variants\" array");
  for (element e : variants) {
    object vo;
    if (e.get(vo) != SUCCESS) return Corrupt(path, "a variant is not an object");
    auto v = ParseVariant(Str(vo, "name") + "=" + Str(vo, "flags"));
    if (!v) return Corrupt(path, v.error().message);
    v->engine = Str(vo, "engine");
    VariantState vs;
    vs.variant = std::move(v.value());
    object info;
    if (vo["engine_info"].get(info) == SUCCESS) {
      RunContext c;
      c.executable = Str(info, "executable");
      c.v8_version = Str(info, "v8_version");
      c.node_version = Str(info, "node_version");
      c.v8_flags = Str(info, "v8_flags");
      c.trig_path = Str(info, "trig_path");
      c.build_type = Str(info, "build_type");
      auto semi = Whole(info, "semi_space_mb", 1, 1 << 20, 0, path);
      if (!semi) return semi.error();
      if (*semi > 0) c.semi_space_mb = static_cast<int>(*semi);
      auto young = Whole(info, "young_generation_bytes", 0, 1LL << 50, 0, path);
      if (!young) return young.error();
      c.young_generation_bytes = static_cast<std::uint64_t>(*young);
      vs.context = std::move(c);
    }
    s.variants.push_back(std::move(vs));
  }
  if (s.variants.size() < 2) return Corrupt(path, "fewer than two variants");
  array keys;
  if (o["case_keys"].get(keys) == SUCCESS) {
    for (element e : keys) {
      std::string_view k;
      if (e.get(k) == SUCCESS) s.case_keys.emplace_back(k);
    }
  }
  array samples;
  if (o["samples"].get(samples) != SUCCESS) return Corrupt(path, "no \"samples\" array");
  for (element e : samples) {
    object so;
    if (e.get(so) != SUCCESS) return Corrupt(path, "a sample is not an object");
    RunRecord r;
    const std::string vname = Str(so, "variant");
    r.variant = -1;
    for (std::size_t i = 0; i < s.variants.size(); ++i) {
      if (s.variants[i].variant.name == vname) r.variant = static_cast<int>(i);
    }
    if (r.variant < 0) return Corrupt(path, "a sample names an unknown variant '" + vname + "'");
    auto run = Whole(so, "run", 0, 1 << 30, 0, path);
    auto order = Whole(so, "order", 0, 1 << 30, 0, path);
    auto processes = Whole(so, "processes", 0, 1 << 30, 1, path);
    for (const auto* field : {&run, &order, &processes}) {
      if (!*field) return field->error();
    }
    r.run = static_cast<int>(*run);
    r.order = static_cast<int>(*order);
    r.processes = static_cast<int>(*processes);
    r.wall_s = std::max(0.0, Num(so, "wall_s", 0));
    r.error = Str(so, "error");
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
        if (f.get(fo) != SUCCESS) continue;
        r.failures.push_back({Str(fo, "case"), Str(fo, "kind"), Str(fo, "message")});
      }
    }
    s.runs.push_back(std::move(r));
  }
  return s;
}

Expected<ResultsSide> ReadResultsSide(const std::string& path, const std::string& variant) {
  auto text = Slurp(path);
  if (!text) return text.error();
  ResultsSide side;
  side.path = path;
  simdjson::dom::parser parser;
  auto root = ParseJson(parser, path, text.value());
  if (!root) return root.error();
  object o;
  if (root->get(o) != SUCCESS) return Corrupt(path, "the top level is not a JSON object");
  int64_t version = 0;
  if (o["v8bench_compare"].get(version) == SUCCESS) {
    auto state = ReadCompareState(path);
    if (!state) return state.error();
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
    const Dataset d = DatasetFrom(state.value());
    for (const auto& c : d.cases) {
      side.order.push_back(c.key);
      side.cases[c.key] = c.variants[static_cast<std::size_t>(index)];
    }
    return side;
  }
  array benchmarks;
  if (o["benchmarks"].get(benchmarks) != SUCCESS) {
    return Error::Input("'" + path +
                        "' is neither a v8bench compare file nor Google Benchmark JSON (it has no \"benchmarks\" "
                        "array)");
  }
  object ctx;
  side.format = "Google Benchmark";
  if (o["context"].get(ctx) == SUCCESS) {
    const std::string v8 = Str(ctx, "v8_version");
    if (!v8.empty()) {
      side.format = "v8bench run";
      const std::string node = Str(ctx, "node_version");
      side.engine = "V8 " + v8 + (node.empty() ? "" : " (Node " + node + ")");
      const std::string flags = Str(ctx, "v8_flags");
      if (!flags.empty()) side.engine += ", flags: " + flags;
    }
  }
  std::size_t index = 0;
  for (element e : benchmarks) {
    ++index;
    object b;
    if (e.get(b) != SUCCESS) return Corrupt(path, "benchmarks[" + std::to_string(index - 1) + "] is not an object");
    if (Str(b, "run_type") == "aggregate") continue;
    std::string key = Str(b, "run_name");
    if (key.empty()) key = Str(b, "name");
    if (key.empty()) return Corrupt(path, "benchmarks[" + std::to_string(index - 1) + "] has no name");
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
      continue;
    }
    std::string_view unit = "ns";
    if (b["time_unit"].get(unit) != SUCCESS) unit = "ns";
    const auto factor = TimeUnitFactor(unit);
    if (!factor) {
      return Corrupt(path, fmt::format("benchmarks[{}] ('{}') has time_unit '{}' (Google Benchmark writes ns, us, ms "
                                       "or s)",
                                       index - 1, key, unit));
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
        return Corrupt(path, fmt::format("benchmarks[{}] ('{}') has {} {}: a figure is a number of at least 0",
                                         index - 1, key, m.gb_field != nullptr ? m.gb_field : m.counter, v));
      }
      series.metrics[m.counter].push_back(v);
    }
    if (series.metrics.empty()) {
      return Corrupt(path,
                     "benchmarks[" + std::to_string(index - 1) + "] ('" + key + "') has no cpu_time or real_time");
    }
  }
  return side;
}

}  // namespace v8bench::driver
