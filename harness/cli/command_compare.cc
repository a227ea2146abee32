// `v8bench compare`: variants (flag sets, builds) side by side, each sample in its own worker process.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "harness/analysis/analysis_text.h"
#include "harness/cli/common.h"
#include "harness/driver/comparison.h"
#include "harness/driver/driver.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_file.h"
#include "harness/files/shard_merge.h"
#include "harness/measure/instruction_counter.h"
#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
#include "harness/report/compare_output.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"

namespace v8bench::cli {
namespace {

// Samples per variant with --quick: enough for the default --min-samples, so every case is judged.
constexpr int kQuickRuns = 5;

// --out (or --resume) FILE.json, or any other name but a report's, is the resumable results file, rewritten
// after every sample; FILE.html or FILE.md is a report, written at the end as `run --out` does, with the
// samples kept beside it in FILE.json as they come (for --resume and diff).
struct CompareFiles {
  std::optional<std::string> samples, report;
};

// "r.html" -> "r.json"; a results file's name is its own.
std::string SamplesFile(const std::string& path) {
  const bool report = path.ends_with(".html") || path.ends_with(".md");
  return report ? path.substr(0, path.rfind('.')) + ".json" : path;
}

Expected<CompareFiles> CompareFilesFrom(const ParsedArgs& args) {
  const std::optional<std::string> named = args.Get("out") ? args.Get("out") : args.Get("resume");
  if (named && named->ends_with(".csv")) {
    return Error::Usage("--out " + *named +
                        ": compare writes its report as FILE.html or FILE.md, or its samples as FILE.json");
  }
  if (!named) return CompareFiles{};
  const std::string samples = SamplesFile(*named);
  return CompareFiles{samples, samples == *named ? std::nullopt : named};
}

// A new comparison from the command line: its variants, suites and filter.
Expected<driver::CompareState> NewState(const ParsedArgs& args) {
  driver::CompareState state;
  std::vector<driver::Variant> variants;
  for (const auto& text : args.GetAll("variant")) {
    V8BENCH_TRY(auto v, driver::ParseVariant(text));
    variants.push_back(std::move(v));
  }
  V8BENCH_OK(driver::BindEngines(variants, args.GetAll("engine")));
  V8BENCH_TRY(const Knobs knobs, KnobsFrom(args));  // --main-cpu, for every variant
  if (knobs.main_cpu) V8BENCH_OK(driver::ApplyMainCpu(variants, *knobs.main_cpu));
  V8BENCH_OK(driver::ApplySets(variants, args.GetAll("set")));
  V8BENCH_OK(driver::CheckVariants(variants));
  for (auto& v : variants) state.variants.push_back({std::move(v), std::nullopt});
  // Directories become their suite files here, once, as `run` expands them: every engine's worker gets
  // the same files (an external runner cannot read a directory).
  V8BENCH_TRY(state.settings.suites, ExpandSuitePaths(SuitePathsOrDefault(args.positional)));
  state.settings.filter = args.Get("filter").value_or("");
  V8BENCH_TRY(state.suite_digests, files::DigestSuites(state.settings.suites));
  state.settings.seed = driver::RandomSeed();
  state.settings.quick = args.Has("quick");
  if (auto shard = args.Get("shard")) {
    V8BENCH_TRY(state.shard, driver::ParseShard(*shard));
    state.settings.seed = files::DerivedShardSeed(state);  // --seed, applied later, overrides it
  }
  return state;
}

// A resumed comparison runs the suite files it started with, unchanged: new samples of an edited suite
// pooled with the old ones would measure two programs as one.
Status SameSuitesAsRecorded(const driver::CompareState& state, const std::string& path) {
  if (state.settings.suites.empty()) {
    return Error::Input("--resume " + path +
                        ": the file names no suite files (settings.suites is empty), so there is nothing to continue; "
                        "start a new comparison");
  }
  if (state.suite_digests.empty()) return OkStatus();  // written before digests were recorded
  auto now = files::DigestSuites(state.settings.suites);
  if (!now) return Error::Input("--resume " + path + ": " + now.error().message);
  for (const driver::SuiteDigest& then : state.suite_digests) {
    const auto it = std::find_if(now->begin(), now->end(), [&](const auto& d) { return d.path == then.path; });
    if (it == now->end() || *it == then) continue;
    return Error::Input(fmt::format(
        "--resume {}: suite file {} changed since the comparison started ({} bytes, FNV-1a {} then; {} bytes, {} now): "
        "its new samples would be pooled with the old version's. Restore the file, or start a new comparison",
        path, then.path, then.bytes, then.fnv1a64, it->bytes, it->fnv1a64));
  }
  return OkStatus();
}

// A comparison saved by --out, to continue; the file's seed cannot change.
Expected<driver::CompareState> ResumedState(const ParsedArgs& args, const std::string& path) {
  if (args.Has("variant") || args.Has("engine") || !args.positional.empty() || args.Has("filter") ||
      args.Has("quick") || args.Has(KnobSpecOf(Knob::kMainCpu).word) || args.Has("set")) {
    return Error::Usage("--resume " + path +
                        ": the suites, filter, --quick, --main-cpu, --set and variants come from the file; give only "
                        "sampling and report options");
  }
  if (args.Has("shard")) return Error::Usage("--resume " + path + ": the shard comes from the file; drop --shard");
  V8BENCH_TRY(driver::CompareState state, files::ReadCompareState(path));
  if (state.merged_count > 0) {
    return Error::Usage("--resume " + path +
                        ": this file is a merge of shards; resume the shard files, then merge them again");
  }
  V8BENCH_OK(SameSuitesAsRecorded(state, path));
  // The seed, and how a sample is taken (in turns or alone, how many copies, in long-lived workers): new samples taken
  // otherwise would not be samples of the same comparison, and the file's settings describe every sample.
  for (const char* option : {"seed", "alternate", "copies", "long-lived"}) {
    const auto text = args.Get(option);
    if (!text) continue;
    const driver::SettingSpec& spec = *driver::FindSetting(option);
    driver::CompareSettings given;
    V8BENCH_OK(driver::SetFromText(given, spec, *text, std::string("--") + option));
    const auto kept = driver::NumberOf(state.settings, spec);
    if (driver::NumberOf(given, spec) != kept) {
      return Error::Usage(fmt::format(
          "--{} {}: a resumed comparison keeps its --{} ({}, as its {} sample(s) were taken); drop --{}, or start a "
          "new comparison with another --out",
          option, *text, option, kept ? fmt::format("{}", *kept) : "none", state.runs.size(), option));
    }
  }
  return state;
}

// The comparison to run, new or resumed, with the setting options applied and validated.
Expected<driver::CompareState> StateFrom(const ParsedArgs& args) {
  if (!args.passthrough.empty()) {
    return Error::Usage("compare: V8 flags belong to a variant: --variant NAME='--flag ...'");
  }
  if (args.Has("runs") && args.Has("target-ci")) {
    return Error::Usage("give either --runs N (fixed) or --target-ci PCT (adaptive), not both");
  }
  const auto resume = args.Get("resume");
  V8BENCH_TRY(driver::CompareState state, resume ? ResumedState(args, SamplesFile(*resume)) : NewState(args));
  driver::CompareSettings& st = state.settings;
  const bool quick = !resume && st.quick;
  if (quick) {
    // run --quick's timing (RunSettings::Quick, its one definition) and few samples; options given win.
    st.min_time_s = RunSettings::Quick().min_time_s;
    st.warmup_s = RunSettings::Quick().warmup_s;
    // A fixed smoke size, unless the sequential rule's own options are given: quick timing, stopped by the rule.
    st.runs = args.Has("max-runs") || args.Has("equivalence") ? 0 : kQuickRuns;
  }
  V8BENCH_OK(ApplySettingOptions(args, false, st));
  if (!resume && !args.Has("timeout") && FindMetricOption(st.metric)->counter == std::string(metric::kInstructions) &&
      !HardwareInstructionsAvailable()) {
    st.timeout_s *= kCallgrindTimeScale;  // the default, at callgrind's pace (a --timeout given holds as given)
  }
  if (!resume) {  // a resumed comparison keeps how its samples were taken
    driver::ApplyLongLivedDefault(st, args.Has("long-lived"), driver::VariantsMayTakeTurns(state.variants, st),
                                  driver::SomeEngineTakesFreshWorkers(state.variants));
  }
  if (args.Has("target-ci")) st.runs = 0;
  if (quick && !args.Has("runs") && st.runs > 0) st.runs = std::max(st.runs, st.min_samples);
  // The default for a file sized for one call per process (Node core's benchmark/ files), per call; the
  // workers get it as their --timeout, for every file of the comparison (measure/thresholds.h
  // DefaultCallTimeout, as run's RunSettings::TimeoutFor).
  if (!resume && !args.Has("timeout")) {
    st.timeout_s = DefaultCallTimeout(AnySizedForOneCallPerProcess(st.suites), st.timeout_s);
  }
  V8BENCH_OK(driver::ValidateSettings(st, ""));
  if (state.date.empty()) state.date = NowText();
  if (state.host_name.empty()) state.host_name = HostName();
  state.num_cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  state.driver = PathForResults(SelfExecutable());
  state.complete = false;
  state.interrupted = false;
  return state;
}

Expected<int> Compare(const ParsedArgs& args, const std::vector<std::string>& argv) {
  V8BENCH_TRY(const std::string format, ReportFormat(args));
  V8BENCH_TRY(driver::CompareState state, StateFrom(args));
  V8BENCH_TRY(const CompareFiles files, CompareFilesFrom(args));
  const std::optional<std::string>& out_path = files.samples;
  for (const auto& path : {files.samples, files.report}) {
    if (path) V8BENCH_OK(CheckWritable("--out", *path));
  }
  const bool quiet = args.Has("quiet");
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (!quiet) fmt::print(stderr, "{}\n", report::CompareStartLine(state));
  if (!quiet && files.report) {
    fmt::print(stderr,
               "v8bench: the report goes to {} at the end; the samples are kept in {} as they come (continue with "
               "--resume {})\n",
               *files.report, *out_path, *out_path);
  }

  // After every sample the samples are saved (cheap); the analysis is added once, at the end.
  files::ResultsFileWriter results(out_path);
  // A resumed file is rewritten only when this session added a sample: a refusal leaves it as it was.
  const std::size_t runs_before = state.runs.size();
  const auto save_refused = [&](const Error& error) {
    if (!args.Has("resume") || state.runs.size() > runs_before) results.Save(state);
    return error;
  };
  auto launcher = workers::MakeProcessLauncher();
  driver::Driver drv(state, *launcher, SelfExecutable());
  drv.SealWorkers(workers::NewSeal());
  drv.StopWhen(analysis::StoppingInterval);
  drv.StopSequentiallyWhen([](const driver::CompareState& s) {
    const analysis::SequentialStatus status = analysis::SequentialStopping(s);
    return driver::SequentialCheck{status.Stop(), analysis::SequentialProgressText(status)};
  });
  drv.OnSample([&](const driver::CompareState& s) { results.Save(s); });
  if (!quiet)
    drv.OnProgress([&](const driver::Progress& p) {
      if (!tty && !p.finished) return;  // a log gets one line per finished sample
      fmt::print(stderr, fmt::runtime(tty ? "\r\033[K{}" : "{}\n"), report::ProgressLine(p));
      std::fflush(stderr);
    });
  const Status ran = drv.Run();
  if (!quiet && tty) std::fprintf(stderr, "\r\033[K");
  if (!ran) return save_refused(ran.error());
  if (auto nothing = report::NothingMeasured(state); nothing && !state.interrupted) return save_refused(*nothing);
  const analysis::Dataset data = analysis::DatasetFrom(state);
  const analysis::Analysis analysed = analysis::Analyse(data, analysis::AnalysisOptionsFrom(state.settings));
  results.Save(state, &analysed);
  // The samples were saved above; the report goes to stdout and, for --out FILE.html or .md, to that file.
  const Status emitted =
      EmitComparison(args, format, analysed, data, report::CompareHeader(state), report::CommandLine("compare", argv),
                     files::RenderCompareJson(state, &analysed), files.report);
  if (!results.error().empty()) return Error::Input(results.error());
  if (!emitted) return emitted.error();
  if (state.interrupted) {
    std::fprintf(stderr, "v8bench: interrupted; %zu samples kept%s\n", state.runs.size(),
                 out_path ? (" in " + *out_path + " (continue with --resume " + *out_path + ")").c_str() : "");
    return workers::InterruptedExitCode(launcher->InterruptSignal());
  }
  return analysed.exit_code;
}

}  // namespace

CommandSpec CompareSpec() {
  CommandSpec spec;
  spec.name = "compare";
  spec.summary = "compare flag sets or builds side by side, sample by sample in worker processes, with a gate";
  spec.synopsis =
      "v8bench compare [SUITE_FILE|DIR ...] --variant NAME=[FLAGS] --variant ... [--engine NAME=PATH ...] [options]\n"
      "       v8bench compare --resume FILE [options]";
  spec.description =
      "Compares variants (V8 flag sets, harness knobs, builds) case by case, each sample a worker process's\n"
      "measurement of each case (variants that differ in V8 flags, knobs or engines: one of --long-lived 10\n"
      "workers per variant, each warmed up once and replaced after --worker-samples 3; only in --param: one\n"
      "worker per block, in turns; Deno and workerd: a fresh worker),\n"
      "the variants in blocks in a seeded random order. Versus the first variant the\n"
      "comparison is paired by block: the change is the median of the blocks' ratios, with a 95% CI and a Wilcoxon\n"
      "signed-rank p-value, Holm-adjusted; a verdict needs p below alpha, the CI excluding no change and a change\n"
      "beyond the noise floor; with too few blocks a Mann-Whitney test decides (docs/paired.md). By default each\n"
      "comparison stops as soon as its verdict is decided or it is within ±--equivalence (a sequential rule whose\n"
      "error rates hold over all its looks: docs/statistics.md); --runs N takes a fixed N.\n"
      "Exit: 0; 1 when the --threshold gate trips; 2 on bad input, a case short of --min-samples, or a gate\n"
      "with nothing judged; 130 when interrupted (143 by SIGTERM).";
  spec.options = {
      {"variant", "NAME=FLAGS",
       fmt::format("A variant: V8 flags and knobs ({}) in one shell-quoted string. Repeatable; the first is the "
                   "baseline.",
                   KnobSynopsis()),
       true},
      {"engine", "NAME=PATH",
       "Runs variant NAME with another v8bench, node, deno, bun or workerd; repeatable. Default: this binary.", true},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"set", "NAME=VALUE",
       "Gives every variant --param NAME=VALUE (a grid value, as compare.js's --set n=1000), unless it sets NAME "
       "itself; repeatable. Default: the files' own grids.",
       true},
      KnobOption(
          KnobSpecOf(Knob::kMainCpu),
          "Pins every v8bench worker's measuring thread to CPU N, unless its variant does. Default: not pinned."),
      {"quick", "",
       fmt::format("The quick grids and `run --quick`'s timing (--min-time {}, --warmup {}), and --runs {} (at least "
                   "--min-samples), unless given; with --max-runs or --equivalence, the sequential rule instead.",
                   RunSettings::Quick().min_time_s, RunSettings::Quick().warmup_s, kQuickRuns)},
      {"out", "FILE",
       "FILE.json: the results, rewritten after every sample. FILE.html or FILE.md: the report, at the end, with the "
       "results in FILE.json. Default: none."},
      {"resume", "FILE",
       "Continues the comparison in FILE (saved there unless --out), to its stopping rule or new "
       "--runs/--target-ci/--max-time."},
      {"shard", "K/N",
       "Runs only shard K of N of the cases, each with all its variants (`v8bench merge` joins the shards). Default: "
       "all cases."},
      {"quiet", "", "No progress on stderr."},
  };
  for (auto& o : SettingOptionSpecs(false)) spec.options.push_back(o);
  spec.examples =
      "  v8bench compare suites/example.js --filter sum --variant base= --variant noopt=--no-opt\n"
      "  v8bench compare suites/ --variant base= --variant semi1='--semi-space 1' --metric gc --out semi.json\n"
      "  v8bench compare suites/ --engine old=/opt/v8bench-main --engine new=build/v8bench --target-ci 2\n"
      "  v8bench compare node/benchmark/buffers --engine old=./node-main --engine new=./node-pr --set n=100000 "
      "--format node\n"
      "  v8bench compare --resume semi.json --runs 40\n"
      "  v8bench compare suites/ --variant base= --variant noopt=--no-opt --shard 2/4 --out shard2.json\n";
  spec.run = Compare;
  return spec;
}

}  // namespace v8bench::cli
