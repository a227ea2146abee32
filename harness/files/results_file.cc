#include "harness/files/results_file.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <tuple>

#include "harness/analysis/analysis_text.h"
#include "harness/files/atomic_file.h"
#include "harness/files/json_fields.h"
#include "harness/files/run_json_reader.h"
#include "harness/measure/metrics.h"
#include "harness/model/json_reader.h"
#include "harness/model/json_writer.h"
#include "harness/stats/compare.h"

namespace v8bench::files {

using namespace driver;    // the comparison
using namespace analysis;  // and its analysis, which these files report

namespace {

using simdjson::SUCCESS;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// How a case failed, by its status name: a name that is none, or "ok", reads as a failure.
CaseStatus NamedFailure(std::string_view name) {
  const auto status = CaseStatusFromName(name);
  return status && *status != CaseStatus::kOk ? *status : CaseStatus::kFailed;
}

// What a verdict rests on: paired where the samples pair, else unpaired; a counted metric by its
// repeatability.
void WriteJudgedFigures(JsonWriter& w, const Judgement& j) {
  w.Key("paired").Bool(j.paired);
  w.Key("ratio").Number(j.ratio.ratio);
  w.Key("ci_low").Number(j.ratio.low);
  w.Key("ci_high").Number(j.ratio.high);
  w.Key("p").Number(j.p);
}

// The judged result of a comparison, on the compared metric: its figures and the verdict printed and
// gated (after Holm). Compare file version 2 put it under "versus_baseline", where version 1 had the
// unpaired figures (now "unpaired").
void WriteVersusBaseline(JsonWriter& w, const Analysis& a, const CellAnalysis& cell) {
  w.Key("versus_baseline").BeginObject();
  WriteJudgedFigures(w, cell.judged);
  w.Key("p_holm").Number(cell.p_holm);
  w.Key("verdict").String(VerdictText(a, cell));
  w.Key("verdict_unadjusted").String(VerdictText(a, cell, true));
  w.EndObject();
}

// A metric's figures; `versus`: the unpaired comparison with the baseline (for reference), `judged`: the
// cell whose judged result this metric carries (the compared metric of a variant, not the baseline).
void WriteMetric(JsonWriter& w, const MetricStats& m, const std::vector<double>* values,
                 const stats::SampleComparison* versus, bool is_time, const Analysis& a, const CellAnalysis* judged) {
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
  if (judged != nullptr) WriteVersusBaseline(w, a, *judged);
  if (versus != nullptr) {
    w.Key("unpaired").BeginObject();
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
  w.Key("judged").BeginObject();
  WriteJudgedFigures(w, cell.judged);
  w.Key("verdict").String(VerdictText(a, cell, true));
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
  // The blocks' pairs of long-lived processes, as the verdict's test saw them (stats/clustered.h): the
  // sequential rule's last look, else all blocks.
  const stats::ClusterEffect& c =
      cell.paired->sequential ? cell.paired->sequential->clusters : cell.paired->blocks.all.clusters;
  w.Key("clusters").BeginObject();
  w.Key("count").Int(static_cast<long long>(c.clusters));
  w.Key("icc").Number(c.icc);
  w.Key("icc_upper").Number(c.icc_upper);
  w.Key("design_effect").Number(c.design_effect);
  w.EndObject();
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
  WriteStrings(w, "failures", NoteLines(a, cell.failures));
  w.Key("code").String(cell.code);
  w.Key("code_mixed").Bool(cell.code_mixed);
  if (vi > 0) {
    w.Key("p_holm").Number(cell.p_holm);
    w.Key("verdict_holm").String(VerdictText(a, cell));
    w.Key("min_p").Number(cell.min_p);  // the smallest p its test could reach with these samples
    WriteJudgement(w, a, cell);
  }
  w.Key("metrics").BeginObject();
  for (const auto& [counter, m] : cell.metrics) {
    auto vs = series.metrics.find(counter);
    auto vv = cell.versus.find(counter);
    w.Key(counter);
    WriteMetric(w, m, vs == series.metrics.end() ? nullptr : &vs->second,
                vv == cell.versus.end() ? nullptr : &vv->second, CounterUnit(counter) != Unit::kBytes, a,
                vi > 0 && counter == a.counter ? &cell : nullptr);
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
  w.Key("judged").Int(static_cast<long long>(a.judged));
  w.Key("too_few_samples").Int(static_cast<long long>(a.too_few));
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
    w.Key("reason").String(TripReason(a, t)).EndObject();
  }
  w.EndArray();
  w.Key("outcome").String(GateLine(a));
  w.EndObject();
  w.Key("exit_code").Int(a.exit_code);
  WriteStrings(w, "not_judged", UnjudgedLines(a));
  WriteStrings(w, "insufficient", NoteLines(a, a.insufficient));
  w.Key("multimodal").BeginArray();
  for (const auto& m : a.multimodal) w.String(MultimodalLine(a, m));
  w.EndArray();
  WriteStrings(w, "unsupported", NoteLines(a, a.unsupported));
  WriteStrings(w, "machine_states", NoteLines(a, a.states));
  WriteStrings(w, "code_notes", NoteLines(a, a.code));
  WriteStrings(w, "thread_notes", NoteLines(a, a.threads));
  WriteStrings(w, "cpu_notes", NoteLines(a, a.cpus));
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

}  // namespace

Expected<std::string> ReadResultsText(const std::string& path) {
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

namespace {

Error CorruptResultsFile(const std::string& path, const std::string& what) {
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

constexpr double kMaxCount = 1 << 30;
constexpr double kMaxNumber = std::numeric_limits<double>::max();  // finite

// The settings' keys come from their own table (driver/settings.h): each in the option's unit.
void WriteSettingSpecs(JsonWriter& w, const CompareSettings& st) {
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
}

// Each setting is validated as its option is (SetFromNumber, SetFromText).
void ReadSettingSpecs(const object& st, CompareSettings& cs, JsonIn& in) {
  for (const SettingSpec& spec : SettingSpecs()) {
    const auto e = Lookup(st, spec.key);
    if (!e && spec.when_absent && in.ok()) {
      if (auto set = SetFromNumber(cs, spec, *spec.when_absent, in.Here()); !set) in.Fail(set.error());
    }
    if (!e || !in.ok()) continue;
    JsonIn::Scope at(in, spec.key);
    std::string_view text;
    double v = 0;
    Status set = OkStatus();
    if (spec.kind == SettingKind::kMetric) {
      set = e->get(text) == SUCCESS ? SetFromText(cs, spec, text, in.Here())
                                    : Status(Error::Input(in.Here() + " is not a name"));
    } else if (e->get(v) != SUCCESS) {
      set = Error::Input(in.Here() + " is not a number");
    } else if (std::string_view(spec.key) == "runs" && v == 0) {
      cs.runs = 0;  // adaptive
    } else {
      set = SetFromNumber(cs, spec, v, in.Here());
    }
    if (!set) in.Fail(set.error());
  }
}

}  // namespace

// The results file's structs, each field declared once (json_fields.h); the defaults are the structs'
// member initializers (driver/comparison.h, driver/settings.h, model/result.h).

template <>
struct JsonFields<CompareSettings> {
  static constexpr auto kFields =
      std::tuple{Field("suites", &CompareSettings::suites), Field("filter", &CompareSettings::filter),
                 Field("quick", &CompareSettings::quick),
                 Custom<CompareSettings>{"mode",
                                         [](JsonWriter& w, const CompareSettings& s) {
                                           w.String(s.runs > 0 ? "fixed" : "adaptive");  // for readers; runs says it
                                         }},
                 Inline<CompareSettings>{WriteSettingSpecs, ReadSettingSpecs}};
};

template <>
struct JsonFields<SuiteDigest> {
  static constexpr auto kFields =
      std::tuple{Field("path", &SuiteDigest::path), Field("bytes", &SuiteDigest::bytes, Range{0, 1e15}, true),
                 Field("fnv1a64", &SuiteDigest::fnv1a64)};
};

template <>
struct JsonFields<ShardInfo> {
  static constexpr auto kFields =
      std::tuple{Field("index", &ShardInfo::index, Range{1, 10000}, true),
                 Field("count", &ShardInfo::count, Range{1, 10000}, true), Field("cases", &ShardInfo::cases),
                 Field("all_cases", &ShardInfo::all_cases)};
};

template <>
struct JsonFields<MergedShard> {
  static constexpr auto kFields = std::tuple{Field("path", &MergedShard::path),
                                             Field("index", &MergedShard::index, Range{0, 10000}),
                                             Field("host_name", &MergedShard::host_name),
                                             Field("date", &MergedShard::date),
                                             Field("elapsed_s", &MergedShard::elapsed_s, Range{0, 1e12}),
                                             Field("samples", &MergedShard::samples, Range{0, kMaxCount}),
                                             Field("complete", &MergedShard::complete)};
};

// The facts of a variant's engine (its first worker's context); `run` JSON writes the whole
// RunContext in Google Benchmark's layout instead (json_reporter).
template <>
struct JsonFields<RunContext> {
  static constexpr auto kFields =
      std::tuple{Field("executable", &RunContext::executable),
                 Field("v8_version", &RunContext::v8_version),
                 Field("node_version", &RunContext::node_version),
                 Field("v8_flags", &RunContext::v8_flags),
                 Field("trig_path", &RunContext::trig_path),
                 Field("build_type", &RunContext::build_type),
                 Field("semi_space_mb", &RunContext::semi_space_mb, Range{1, 1 << 20}),
                 Field("young_generation_bytes", &RunContext::young_generation_bytes, Range{0, 0x1p50}),
                 Field("main_cpu_pinned", &RunContext::main_cpu_pinned, Range{0, 1 << 20}),
                 Field("instructions_by", &RunContext::instructions_by),
                 Field("iterations_per_batch", &RunContext::iterations_per_batch, Range{0, 0x1p40})};
};

// The variant as the user declared it (name, flags, engine); v8_flags and harness_args (its knobs as a
// worker's arguments, model/knobs.h KnobArgs) are written for readers of the file and derived again from
// the flags on reading (StateFromJson).
template <>
struct JsonFields<VariantState> {
  static constexpr auto kFields = std::tuple{
      SubField("name", &VariantState::variant, &Variant::name),
      SubField("flags", &VariantState::variant, &Variant::flags_text),
      // The engine is a member of Variant's base (workers::WorkerEngine): named as Variant's.
      SubField<VariantState, Variant, std::string>{"engine", &VariantState::variant, &Variant::engine},
      Custom<VariantState>{"v8_flags", [](JsonWriter& w, const VariantState& v) { WriteValue(w, v.variant.v8_flags); }},
      Custom<VariantState>{"harness_args",
                           [](JsonWriter& w, const VariantState& v) { WriteValue(w, KnobArgs(v.variant.knobs)); }},
      Field("engine_info", &VariantState::context)};
};

template <>
struct JsonFields<CaseCode> {
  static constexpr auto kFields =
      std::tuple{Custom<CaseCode>{"label", [](JsonWriter& w, const CaseCode& c) { w.String(CodeStatesLabel(c.tiers)); },
                                  [](const simdjson::dom::element& e, CaseCode& c, JsonIn& in) {
                                    std::string_view label;
                                    if (e.get(label) != simdjson::SUCCESS) return in.Fail("is not a string");
                                    c.tiers = CodeStatesFromLabel(label);
                                  }},
                 Field("changed", &CaseCode::changed), Field("long_calls", &CaseCode::long_calls),
                 Field("loop_unoptimised", &CaseCode::loop_unoptimised)};
};

template <>
struct JsonFields<CaseFailure> {
  static constexpr auto kFields = std::tuple{
      Field("case", &CaseFailure::key),
      Custom<CaseFailure>{"kind", [](JsonWriter& w, const CaseFailure& f) { w.String(CaseStatusName(f.kind)); },
                          [](const simdjson::dom::element& e, CaseFailure& f, JsonIn& in) {
                            // A name that is none (never written) reads as a failure, as the protocol's does.
                            std::string_view name;
                            if (e.get(name) != simdjson::SUCCESS) return in.Fail("is not a string");
                            f.kind = NamedFailure(name);
                          }},
      Field("message", &CaseFailure::message)};
};

// A sample's own fields; its variant (a name in the file, an index here) is the comparison's to map.
template <>
struct JsonFields<RunRecord> {
  static constexpr auto kFields = std::tuple{Field("run", &RunRecord::run, Range{0, kMaxCount}),
                                             Field("order", &RunRecord::order, Range{0, kMaxCount}),
                                             Field("block", &RunRecord::block, Range{0, kMaxCount}),
                                             Field("wall_s", &RunRecord::wall_s, Range{0, 1e12}),
                                             Field("processes", &RunRecord::processes, Range{0, kMaxCount}),
                                             Field("worker_process", &RunRecord::worker_process, Range{0, kMaxCount}),
                                             Field("error", &RunRecord::error),
                                             Field("values", &RunRecord::values, Range{0, kMaxNumber}),
                                             Field("code", &RunRecord::code),
                                             Field("cpu", &RunRecord::cpu, Range{0, 1 << 20}),
                                             Field("warmup_capped", &RunRecord::warmup_capped),
                                             Field("warmup_cap_s", &RunRecord::warmup_cap_s, Range{0, 86400}),
                                             Field("failures", &RunRecord::failures)};
};

namespace {

void WriteSamples(JsonWriter& w, const CompareState& s) {
  w.BeginArray();
  for (const auto& r : s.runs) {
    w.BeginObject().Key("variant").String(s.variants[static_cast<std::size_t>(r.variant)].variant.name);
    WriteFields(w, r);
    w.EndObject();
  }
  w.EndArray();
}

// After "variants", whose names the samples refer to.
void ReadSamples(const element& e, CompareState& s, JsonIn& in) {
  array samples;
  if (e.get(samples) != SUCCESS) return in.Fail("is not an array");
  std::size_t index = 0;
  for (element x : samples) {
    JsonIn::Scope at(in, index++);
    object o;
    if (x.get(o) != SUCCESS) return in.Fail("is not an object");
    RunRecord r;
    std::string name;
    if (const auto v = Lookup(o, "variant")) ReadValue(*v, name, in, {});
    const auto known = std::find_if(s.variants.begin(), s.variants.end(),
                                    [&](const VariantState& vs) { return vs.variant.name == name; });
    if (known == s.variants.end()) return in.Fail(fmt::format("names an unknown variant '{}'", name));
    r.variant = static_cast<int>(known - s.variants.begin());
    ReadFields(o, r, in);
    if (!in.ok()) return;
    if (r.block < 0) r.block = r.run;  // the schedule has always run sample b of every variant in round b
    s.runs.push_back(std::move(r));
  }
}

bool Merged(const CompareState& s) { return s.merged_count > 0; }

constexpr auto kContextFields = std::tuple{Field("date", &CompareState::date),
                                           Field("host_name", &CompareState::host_name),
                                           Field("num_cpus", &CompareState::num_cpus, Range{0, 1 << 20}),
                                           Field("driver", &CompareState::driver),
                                           Field("elapsed_s", &CompareState::elapsed_s, Range{0, 1e12}),
                                           Field("complete", &CompareState::complete),
                                           Field("interrupted", &CompareState::interrupted),
                                           Field("alternated", &CompareState::alternated)};
constexpr auto kMergedFields = std::tuple{Field("count", &CompareState::merged_count, Range{1, 10000}, true),
                                          Field("shards", &CompareState::merged)};

}  // namespace

template <>
struct JsonFields<CompareState> {
  static constexpr auto kFields = std::tuple{
      // Checked before anything else is read (StateFromJson): a file of a newer major version is refused.
      // "v8bench_compare" (the major version) names the file's kind; "format_version" is its full version.
      Custom<CompareState>{"v8bench_compare",
                           [](JsonWriter& w, const CompareState&) { w.Int(kCompareFileFormat.major); }},
      Custom<CompareState>{kFormatVersionKey,
                           [](JsonWriter& w, const CompareState&) { w.String(FormatVersionText(kCompareFileFormat)); }},
      Group<CompareState, decltype(kContextFields)>{"context", kContextFields},
      Field("settings", &CompareState::settings, Range{}, true),
      Field("suite_digests", &CompareState::suite_digests),
      Field("shard", &CompareState::shard),
      Group<CompareState, decltype(kMergedFields)>{"merged", kMergedFields, Merged},
      Field("variants", &CompareState::variants, Range{}, true),
      Field("case_keys", &CompareState::case_keys),
      Custom<CompareState>{"samples", WriteSamples, ReadSamples, true}};
};

namespace {

// Nanoseconds per Google Benchmark time_unit, or nullopt for a unit it does not write.
std::optional<double> TimeUnitFactor(std::string_view unit) {
  if (unit == "ns") return 1;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

// Each sample measures a case once for its variant, in one block: a sample copied in the file would be
// counted twice, and its copies would pair with each other (an interval of width zero).
Status NoRepeatedSamples(const CompareState& s, const std::string& path) {
  std::set<std::tuple<int, int, std::string>> runs, blocks;
  for (std::size_t i = 0; i < s.runs.size(); ++i) {
    const RunRecord& r = s.runs[i];
    for (const auto& entry : r.values) {
      const bool new_run = runs.emplace(r.variant, r.run, entry.first).second;
      if (new_run && blocks.emplace(r.variant, r.block, entry.first).second) continue;
      return CorruptResultsFile(path,
                                fmt::format("samples[{}] repeats {} {} of variant '{}' for case '{}'; each sample is "
                                            "recorded once (remove the copies, or start the comparison afresh)",
                                            i, new_run ? "block" : "sample", new_run ? r.block : r.run,
                                            s.variants[static_cast<std::size_t>(r.variant)].variant.name, entry.first));
    }
  }
  return OkStatus();
}

// A file of an older major version reads as it was written (what changed between versions concerns the
// analysis section, which is computed again from the samples); a newer one is refused. A file without
// "format_version" is of the major version its "v8bench_compare" says; a file with both is checked by both.
Status CheckCompareFormat(const object& o, int64_t major, const std::string& path) {
  const std::string where = "results file '" + path + "'";
  if (auto readable = CheckFormatVersion(fmt::format("{}.0", major), kCompareFileFormat, where); !readable) {
    return readable;
  }
  std::string_view text;
  if (o[kFormatVersionKey].get(text) != SUCCESS) return OkStatus();
  return CheckFormatVersion(text, kCompareFileFormat, where);
}

// A parsed results file as the comparison it holds, checked as a new comparison's settings and
// variants are.
Expected<CompareState> StateFromJson(const element& root, const std::string& path) {
  object o;
  int64_t version = 0;
  if (root.get(o) != SUCCESS || o["v8bench_compare"].get(version) != SUCCESS) {
    return Error::Input("'" + path + "' is not a v8bench compare results file (no \"v8bench_compare\" key)");
  }
  if (auto readable = CheckCompareFormat(o, version, path); !readable) return readable.error();
  CompareState s;
  JsonIn in("results file '" + path + "'");
  ReadFields(o, s, in);
  if (!in.ok()) return *in.error();
  if (s.variants.size() < 2) return CorruptResultsFile(path, "fewer than two variants");
  for (VariantState& vs : s.variants) {
    auto v = ParseVariant(vs.variant.name + "=" + vs.variant.flags_text);
    if (!v) return CorruptResultsFile(path, v.error().message);
    v->engine = vs.variant.engine;
    vs.variant = std::move(v.value());
  }
  if (s.shard && s.shard->index > s.shard->count) {
    return CorruptResultsFile(path, "\"shard\" needs an index from 1 to its count (at most 10000)");
  }
  if (auto valid = ValidateSettings(s.settings, "results file '" + path + "': "); !valid) {
    return Error::Input(valid.error().message);
  }
  if (auto once = NoRepeatedSamples(s, path); !once) return once.error();
  return s;
}

}  // namespace

std::string RenderCompareJson(const CompareState& s, const Analysis* a) {
  JsonWriter w;
  w.BeginObject();
  WriteFields(w, s);
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
  w.Key("v8bench_diff").Int(kCompareFileFormat.major);
  w.Key(kFormatVersionKey).String(FormatVersionText(kCompareFileFormat));  // its analysis is the compare file's
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
  auto text = ReadResultsText(path);
  if (!text) return text.error();
  return ParseCompareState(path, text.value());
}

Expected<CompareState> ParseCompareState(const std::string& path, const std::string& text) {
  simdjson::dom::parser parser;
  auto root = ParseJson(parser, path, text);
  if (!root) return root.error();
  return StateFromJson(root.value(), path);
}

namespace {

// One variant of a compare file as a diff side.
Expected<ResultsSide> CompareFileSide(const element& root, const std::string& path, const std::string& variant) {
  auto state = StateFromJson(root, path);
  if (!state) return state.error();
  ResultsSide side;
  side.path = path;
  side.format = "v8bench compare";
  side.own_processes = true;
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

// One entry of Google Benchmark's "benchmarks" array (a run of any Google Benchmark program).
Status ReadBenchmark(const object& b, std::size_t index, const std::string& path, ResultsSide& side) {
  if (StringField(b, "run_type") == "aggregate") return OkStatus();
  const std::string where = fmt::format("benchmarks[{}]", index);
  std::string key = StringField(b, "run_name");
  if (key.empty()) key = StringField(b, "name");
  if (key.empty()) return CorruptResultsFile(path, where + " has no name");
  if (side.cases.count(key) == 0) side.order.push_back(key);
  VariantSeries& series = side.cases[key];
  bool error = false;
  if (b["error_occurred"].get(error) == SUCCESS && error) {
    const std::string status = StringField(b, "status");
    const std::string message = StringField(b, "error_message");
    if (status == "unsupported") {
      series.unsupported = message;
    } else {
      series.failures.push_back({std::nullopt, NamedFailure(status), message});
    }
    return OkStatus();
  }
  std::string_view unit = "ns";
  if (b["time_unit"].get(unit) != SUCCESS) unit = "ns";
  const auto factor = TimeUnitFactor(unit);
  if (!factor) {
    return CorruptResultsFile(
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
      return CorruptResultsFile(path, fmt::format("{} ('{}') has {} {}: a figure is a number of at least 0", where, key,
                                                  m.gb_field != nullptr ? m.gb_field : m.counter, v));
    }
    series.metrics[m.counter].push_back(v);
  }
  if (series.metrics.empty()) return CorruptResultsFile(path, where + " ('" + key + "') has no cpu_time or real_time");
  return OkStatus();
}

// A `v8bench run` file as a diff side, read by the one reader of run files (run_json_reader.h): each
// case's samples of the compared metrics, its failure or its reason for being unsupported.
Expected<ResultsSide> RunFileSide(const std::string& path, const std::string& text) {
  auto doc = ParseRunJson(path, text);
  if (!doc) return doc.error();
  ResultsSide side;
  side.path = path;
  side.format = "v8bench run";
  const RunContext& ctx = doc->context;
  side.engine = "V8 " + ctx.v8_version + (ctx.node_version.empty() ? "" : " (Node " + ctx.node_version + ")") +
                (ctx.v8_flags.empty() ? "" : ", flags: " + ctx.v8_flags);
  for (const CaseResult& r : doc->results) {
    const std::string& key = r.info.name;
    if (key.empty()) return CorruptResultsFile(path, "a case of \"benchmarks\" has no name");
    side.order.push_back(key);
    VariantSeries& series = side.cases[key];
    if (r.status == CaseStatus::kUnsupported) {
      series.unsupported = r.error;
      continue;
    }
    if (r.status != CaseStatus::kOk) {
      series.failures.push_back({std::nullopt, r.status, r.error});
      continue;
    }
    for (const Sample& sample : r.samples) {
      for (const MetricInfo& m : kMetrics) {
        const auto v = m.option != nullptr ? sample.Get(m.counter) : std::nullopt;
        if (!v) continue;
        if (!std::isfinite(*v) || *v < 0) {
          return CorruptResultsFile(
              path, fmt::format("'{}' has {} {}: a figure is a number of at least 0", key, m.counter, *v));
        }
        series.metrics[m.counter].push_back(*v);
      }
    }
    if (series.metrics.empty()) return CorruptResultsFile(path, "'" + key + "' has no cpu_ns or wall_ns");
  }
  return side;
}

}  // namespace

Expected<ResultsSide> ReadResultsSide(const std::string& path, const std::string& variant) {
  auto text = ReadResultsText(path);
  if (!text) return text.error();
  simdjson::dom::parser parser;
  auto root = ParseJson(parser, path, text.value());
  if (!root) return root.error();
  object o;
  if (root->get(o) != SUCCESS) return CorruptResultsFile(path, "the top level is not a JSON object");
  int64_t version = 0;
  if (o["v8bench_compare"].get(version) == SUCCESS) return CompareFileSide(root.value(), path, variant);
  array benchmarks;
  if (o["benchmarks"].get(benchmarks) != SUCCESS) {
    return Error::Input("'" + path +
                        "' is neither a v8bench compare file nor Google Benchmark JSON (it has no \"benchmarks\" "
                        "array)");
  }
  if (object ctx; o["context"].get(ctx) == SUCCESS && !StringField(ctx, "v8_version").empty()) {
    return RunFileSide(path, text.value());
  }
  // Google Benchmark's own JSON (any program's), in its time units.
  ResultsSide side;
  side.path = path;
  side.format = "Google Benchmark";
  std::size_t index = 0;
  for (element e : benchmarks) {
    object b;
    if (e.get(b) != SUCCESS) return CorruptResultsFile(path, fmt::format("benchmarks[{}] is not an object", index));
    if (auto read = ReadBenchmark(b, index++, path, side); !read) return read.error();
  }
  return side;
}

void ResultsFileWriter::Save(const CompareState& state, const Analysis* analysed) {
  if (!path_) return;
  if (auto written = WriteFileAtomically(*path_, RenderCompareJson(state, analysed)); !written && error_.empty()) {
    error_ = written.error().message;
  }
}

}  // namespace v8bench::files
