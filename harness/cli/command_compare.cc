// `v8bench compare`: variants (flag sets, builds) side by side, each sample in its own worker process.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/driver/driver.h"
#include "harness/driver/shard.h"
#include "harness/report/atomic_file.h"
#include "harness/report/compare_output.h"
#include "harness/report/results_file.h"
#include "harness/report/shard_merge.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"

namespace v8bench::cli {
namespace {

// Samples per variant with --quick: enough for the default --min-samples, so every case is judged.
constexpr int kQuickRuns = 5;

CommandSpec CompareSpec() {
  CommandSpec spec;
  spec.name = "compare";
  spec.synopsis =
      "v8bench compare [SUITE_FILE|DIR ...] --variant NAME=[FLAGS] --variant ... [--engine NAME=PATH ...]\n"
      "                       [--runs N | --target-ci PCT --max-time S] [--filter REGEX] [--metric M]\n"
      "                       [--threshold PCT] [--format console|markdown|json|html] [--out FILE]\n"
      "                       [--shard K/N]\n"
      "       v8bench compare --resume FILE [options]";
  spec.description =
      "Compares variants (V8 flag sets, harness knobs, builds) case by case. Every sample is a separate worker\n"
      "process (`v8bench run --format jsonl`, flags are process-wide in V8) that runs each selected case once;\n"
      "samples of the variants are interleaved in a seeded random order so machine drift hits all alike. Per\n"
      "case and variant it reports the median per iteration with CV, GC share and allocation; versus the first\n"
      "variant (the baseline) the change of medians with a 95% bootstrap CI, Mann-Whitney and Welch p-values,\n"
      "and a verdict, also Holm-Bonferroni-adjusted. Multimodal samples, crashes and hangs are reported.\n"
      "Exit: 0; 1 when the --threshold gate trips; 2 on bad input or too few samples; 130 when interrupted.";
  spec.options = {
      {"variant", "NAME=FLAGS",
       "A variant: V8 flags (--no-opt, --max-semi-space-size=2, ...) and harness knobs (--semi-space MB, "
       "--young-gen full|grow, --fast-trig, --no-fast-trig, --param NAME=V, --tier, --main-cpu N) in one shell-quoted "
       "string; empty FLAGS is "
       "the default "
       "configuration. Repeatable; the first is the baseline.",
       true},
      {"engine", "NAME=PATH",
       "Runs variant NAME with another v8bench executable (e.g. one linked against a patched V8 via -DV8_ROOT) "
       "or a node, deno, bun or workerd executable; declares the variant if no --variant names it. Repeatable. A "
       "Node for which this build made an in-process instrument (one per Node in third_party/engines) is measured "
       "with the embedded host's figures; other engines give what they show to JavaScript (`info --engine PATH` "
       "lists them; docs/engines.md). Default: this binary.",
       true},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"main-cpu", "N",
       "Pins the measuring thread of every variant's workers to CPU N (as `run --main-cpu`: V8's background threads "
       "keep every CPU), unless the variant gives its own --main-cpu. On a VM whose CPUs run at different speeds, "
       "samples otherwise follow the CPU each worker landed on; `--variant a='--main-cpu 0' --variant b='--main-cpu "
       "1'` measures that difference itself. v8bench engines only. Default: not pinned.",
       false, ValueKind::kWhole, 0, 4095},
      {"quick", "",
       fmt::format("A smoke comparison, as `run --quick`, on every engine: each suite's quick parameter grid, the "
                   "timing of `run --quick` (--min-time {}, --warmup {}) and --runs {} (or --min-samples, if more), "
                   "unless those options are given.",
                   RunSettings::Quick().min_time_s, RunSettings::Quick().warmup_s, kQuickRuns)},
      {"out", "FILE",
       "Writes the results (JSON: settings, variants with engine versions and flags, host, seed, every sample and "
       "the analysis) to FILE, rewritten atomically after every sample, so an interrupted comparison keeps what it "
       "measured. Default: none."},
      {"resume", "FILE",
       "Continues the comparison saved in FILE (its suites, variants and settings) up to its stopping rule, or to "
       "new --runs/--target-ci/--max-time; the results go back to FILE unless --out is given."},
      {"shard", "K/N",
       "Runs only shard K of N of the cases (numbered from 1), each case with all its variants, interleaved as "
       "always, so machine differences never enter a comparison; the cases are those of every variant, sorted by "
       "name and dealt out in turn. The results file records the shard and what `v8bench merge` checks (settings, "
       "variants, engines, suite digests, case list). Without --seed, every shard derives the same seed from the "
       "suites and variants. See docs/sharding.md. Default: all cases."},
      {"quiet", "", "No progress on stderr."},
  };
  for (auto& o : SettingOptionSpecs(false)) spec.options.push_back(o);
  spec.examples =
      "  v8bench compare suites/example.js --filter sum --variant base= --variant noopt=--no-opt\n"
      "  v8bench compare suites/ --variant base= --variant semi1='--semi-space 1' --metric gc --out semi.json\n"
      "  v8bench compare suites/ --engine old=/opt/v8bench-main --engine new=build/v8bench --target-ci 2 "
      "--threshold 3\n"
      "  v8bench compare tools/compare_work.js --variant base='--param work=1' --variant slow='--param work=1.05'\n"
      "  v8bench compare --resume semi.json --runs 40\n"
      "  v8bench compare suites/ --variant base= --variant noopt=--no-opt --shard 2/4 --out shard2.json   # then "
      "merge\n";
  return spec;
}

// A new comparison from the command line: its variants, suites and filter.
Expected<driver::CompareState> NewState(const ParsedArgs& args) {
  driver::CompareState state;
  std::vector<driver::Variant> variants;
  for (const auto& text : args.GetAll("variant")) {
    auto v = driver::ParseVariant(text);
    if (!v) return v.error();
    variants.push_back(std::move(v.value()));
  }
  if (auto bound = driver::BindEngines(variants, args.GetAll("engine")); !bound) return bound.error();
  if (auto cpu = args.Whole("main-cpu")) {
    if (auto applied = driver::ApplyMainCpu(variants, static_cast<int>(*cpu)); !applied) return applied.error();
  }
  if (auto checked = driver::CheckVariants(variants); !checked) return checked.error();
  for (auto& v : variants) state.variants.push_back({std::move(v), std::nullopt});
  // Directories become their suite files here, once, as `run` expands them: every engine's worker gets
  // the same files (an external runner cannot read a directory).
  auto suites = ExpandSuitePaths(SuitePathsOrDefault(args.positional));
  if (!suites) return suites.error();
  state.settings.suites = suites.value();
  state.settings.filter = args.Get("filter").value_or("");
  auto digests = report::DigestSuites(state.settings.suites);
  if (!digests) return digests.error();
  state.suite_digests = std::move(digests.value());
  state.settings.seed = driver::RandomSeed();
  state.settings.quick = args.Has("quick");
  if (auto shard = args.Get("shard")) {
    auto spec = driver::ParseShard(*shard);
    if (!spec) return spec.error();
    state.shard = std::move(spec.value());
    state.settings.seed = report::DerivedShardSeed(state);  // --seed, applied later, overrides it
  }
  return state;
}

// A comparison saved by --out, to continue; the file's seed cannot change.
Expected<driver::CompareState> ResumedState(const ParsedArgs& args, const std::string& path) {
  if (args.Has("variant") || args.Has("engine") || !args.positional.empty() || args.Has("filter") ||
      args.Has("quick") || args.Has("main-cpu")) {
    return Error::Usage("--resume " + path +
                        ": the suites, filter, --quick, --main-cpu and variants come from the file; give only sampling "
                        "and report options");
  }
  if (args.Has("shard")) return Error::Usage("--resume " + path + ": the shard comes from the file; drop --shard");
  auto state = report::ReadCompareState(path);
  if (!state) return state.error();
  if (state->merged_count > 0) {
    return Error::Usage("--resume " + path +
                        ": this file is a merge of shards; resume the shard files, then merge them again");
  }
  if (auto seed = args.Get("seed")) {
    driver::CompareSettings given;
    if (auto set = driver::SetFromText(given, *driver::FindSetting("seed"), *seed, "--seed"); !set) return set.error();
    if (given.seed != state->settings.seed) {
      return Error::Usage(fmt::format("--seed: a resumed comparison keeps its seed ({})", state->settings.seed));
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
  auto state = resume ? ResumedState(args, *resume) : NewState(args);
  if (!state) return state;
  driver::CompareSettings& st = state->settings;
  const bool quick = !resume && st.quick;
  if (quick) {
    // run --quick's timing (RunSettings::Quick, its one definition) and few samples; options given win.
    st.min_time_s = RunSettings::Quick().min_time_s;
    st.warmup_s = RunSettings::Quick().warmup_s;
    st.runs = kQuickRuns;
  }
  if (auto applied = ApplySettingOptions(args, false, st); !applied) return applied.error();
  if (args.Has("target-ci")) st.runs = 0;
  if (quick && !args.Has("runs") && st.runs > 0) st.runs = std::max(st.runs, st.min_samples);
  if (auto valid = driver::ValidateSettings(st, ""); !valid) return valid.error();
  if (state->date.empty()) state->date = NowText();
  if (state->host_name.empty()) state->host_name = HostName();
  state->num_cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  state->driver = PathForResults(SelfExecutable());
  state->complete = false;
  state->interrupted = false;
  return state;
}

void PrintProgress(const driver::Progress& p, bool tty) {
  if (!tty && !p.finished) return;  // a log gets one line per finished sample
  fmt::print(stderr, fmt::runtime(tty ? "\r\033[K{}" : "{}\n"), report::ProgressLine(p));
  std::fflush(stderr);
}

}  // namespace

int CompareCommand(const std::vector<std::string>& argv) {
  ParsedArgs args;
  if (auto stop = ParseCommand(CompareSpec(), argv, args)) return *stop;
  auto format = ReportFormat(args);
  if (!format) return Fail(format.error());
  auto loaded = StateFrom(args);
  if (!loaded) return Fail(loaded.error());
  driver::CompareState& state = loaded.value();
  const std::optional<std::string> out_path = args.Get("out") ? args.Get("out") : args.Get("resume");
  if (out_path) {
    if (out_path->ends_with(".html")) {
      return Fail(Error::Usage("--out " + *out_path +
                               ": compare saves its samples as JSON (for --resume and diff); give --out FILE.json and "
                               "--format html for the HTML report on stdout, or render the file later with "
                               "`v8bench report FILE.json --out " +
                               *out_path + "`"));
    }
    if (auto writable = CheckWritable("--out", *out_path); !writable) return Fail(writable.error());
  }
  const bool quiet = args.Has("quiet");
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (!quiet) fmt::print(stderr, "{}\n", report::CompareStartLine(state));

  // After every sample the samples are saved (cheap); the analysis is added once, at the end.
  report::ResultsFileWriter results(out_path);
  auto launcher = workers::MakeProcessLauncher();
  driver::Driver drv(state, *launcher, SelfExecutable());
  drv.StopWhen(analysis::StoppingInterval);
  drv.OnSample([&](const driver::CompareState& s) { results.Save(s); });
  if (!quiet) drv.OnProgress([&](const driver::Progress& p) { PrintProgress(p, tty); });
  const Status ran = drv.Run();
  if (!quiet && tty) std::fprintf(stderr, "\r\033[K");
  if (!ran) {
    results.Save(state);
    return Fail(ran.error());
  }
  if (auto nothing = report::NothingMeasured(state); nothing && !state.interrupted) {
    results.Save(state);
    return Fail(*nothing);
  }
  const analysis::Dataset data = analysis::DatasetFrom(state);
  const analysis::Analysis analysed = analysis::Analyse(data, analysis::AnalysisOptionsFrom(state.settings));
  results.Save(state, &analysed);
  // Printing on stdout only (--out was saved above): EmitComparison cannot fail without a file.
  (void)EmitComparison(args, format.value(), analysed, data, report::CompareHeader(state),
                       report::CommandLine("compare", argv), report::RenderCompareJson(state, &analysed), std::nullopt);
  if (!results.error().empty()) return Fail(Error::Input(results.error()));
  if (state.interrupted) {
    std::fprintf(stderr, "v8bench: interrupted; %zu samples kept%s\n", state.runs.size(),
                 out_path ? (" in " + *out_path + " (continue with --resume " + *out_path + ")").c_str() : "");
    return 130;
  }
  return analysed.exit_code;
}

}  // namespace v8bench::cli
