// `v8bench compare`: variants (flag sets, builds) side by side, each sample in its own worker process.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <regex>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/driver/driver.h"
#include "harness/driver/results_file.h"
#include "harness/report/atomic_file.h"
#include "harness/report/units.h"

namespace v8bench::cli {
namespace {

CommandSpec CompareSpec() {
  CommandSpec spec;
  spec.name = "compare";
  spec.synopsis =
      "v8bench compare [SUITE_FILE|DIR ...] --variant NAME=[FLAGS] --variant ... [--engine NAME=PATH ...]\n"
      "                       [--runs N | --target-ci PCT --max-time S] [--filter REGEX] [--metric M]\n"
      "                       [--threshold PCT] [--format console|markdown|json] [--out FILE]\n"
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
       "--fast-trig, --no-fast-trig, --param NAME=V) in one shell-quoted string; empty FLAGS is the default "
       "configuration. Repeatable; the first is the baseline.",
       true},
      {"engine", "NAME=PATH",
       "Runs variant NAME with another v8bench executable (e.g. one linked against a patched V8 via -DV8_ROOT); "
       "declares the variant if no --variant names it. Repeatable. Default: this binary.",
       true},
      {"runs", "N", "Takes N samples per variant. Default: 20, unless --target-ci is given."},
      {"target-ci", "PCT",
       "Adaptive mode: samples until every case's 95% CI of the change is within ±PCT percent, or --max-time is "
       "spent, with at least --min-runs samples per variant."},
      {"max-time", "S", "Adaptive mode: stops starting samples after S seconds. Default: 120."},
      {"min-runs", "N", "Adaptive mode: at least N samples per variant. Default: 10."},
      {"max-runs", "N", "Adaptive mode: at most N samples per variant. Default: 1000."},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"seed", "N",
       "Seeds the sampling order (and the bootstrap); the seed used is printed, so a comparison can be repeated "
       "in the same order. Default: random."},
      {"jobs", "N",
       "Runs up to N workers at once. More than one on a small machine makes the workers disturb each other. "
       "Default: 1."},
      {"timeout", "S",
       "Kills a worker process whose case runs longer than S seconds (it reports each case as it starts and ends); "
       "the case is reported as timed out and the rest of the sample continues in a new worker. Default: 60."},
      {"repetitions", "N",
       "Repetitions of each case inside one worker (the sample is their median). Default: 1: many short "
       "processes beat few long ones when run-to-run noise is bimodal."},
      {"min-time", "S", "Each repetition runs for at least S seconds. Default: 0.05."},
      {"warmup", "S", "Untimed warm-up per case in each worker (the JIT tiers up). Default: 0.02."},
      {"out", "FILE",
       "Writes the results (JSON: settings, variants with engine versions and flags, host, seed, every sample and "
       "the analysis) to FILE, rewritten atomically after every sample, so an interrupted comparison keeps what it "
       "measured. Default: none."},
      {"resume", "FILE",
       "Continues the comparison saved in FILE (its suites, variants and settings) up to its stopping rule, or to "
       "new --runs/--target-ci/--max-time; the results go back to FILE unless --out is given."},
      {"quiet", "", "No progress on stderr."},
  };
  for (auto& o : StatisticsOptionSpecs()) spec.options.push_back(o);
  spec.examples =
      "  v8bench compare suites/example.js --filter sum --variant base= --variant noopt=--no-opt\n"
      "  v8bench compare suites/ --variant base= --variant semi1='--semi-space 1' --metric gc --out semi.json\n"
      "  v8bench compare suites/ --engine old=/opt/v8bench-main --engine new=build/v8bench --target-ci 2 "
      "--threshold 3\n"
      "  v8bench compare tools/compare_work.js --variant base='--param work=1' --variant slow='--param work=1.05'\n"
      "  v8bench compare --resume semi.json --runs 40\n";
  return spec;
}

std::string SelfExecutable() {
  char exe[4096] = {0};
  if (readlink("/proc/self/exe", exe, sizeof exe - 1) > 0) return exe;
  return "v8bench";
}

std::string Now() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", std::localtime(&now));
  return date;
}

driver::ReportHeader MakeHeader(const driver::CompareState& s) {
  driver::ReportHeader h;
  h.title = "v8bench compare";
  for (std::size_t i = 0; i < s.variants.size(); ++i) {
    const auto& vs = s.variants[i];
    std::string line = fmt::format("{}{}: {}", vs.variant.name, i == 0 ? " (baseline)" : "",
                                   vs.variant.flags_text.empty() ? "(default flags)" : vs.variant.flags_text);
    line += " · engine " + (vs.variant.engine.empty() ? std::string("this v8bench") : vs.variant.engine);
    if (vs.context) {
      line += " · V8 " + vs.context->v8_version;
      if (!vs.context->node_version.empty()) line += " (Node " + vs.context->node_version + ")";
      if (vs.context->young_generation_bytes > 0) {  // external engines do not report it: absent
        line += " · young gen " + FormatBytes(static_cast<double>(vs.context->young_generation_bytes));
      }
      line += " · trig " + vs.context->trig_path;
    }
    h.lines.push_back(line);
  }
  const auto& st = s.settings;
  std::vector<int> counts(s.variants.size(), 0);
  for (const auto& r : s.runs) ++counts[static_cast<std::size_t>(r.variant)];
  std::string per;
  for (std::size_t i = 0; i < counts.size(); ++i) per += fmt::format("{}{}", i ? "/" : "", counts[i]);
  h.lines.push_back(fmt::format(
      "{} samples ({} per variant; {}), each a worker process running each case {}× for ≥{} s after a {} s "
      "warm-up; order interleaved at random, seed {} (--seed {} repeats it)",
      s.runs.size(), per,
      st.runs > 0 ? fmt::format("fixed --runs {}", st.runs)
                  : fmt::format("adaptive: target CI ±{:.1f}%, max {} s", st.target_ci * 100, st.max_time_s),
      st.repetitions, st.min_time_s, st.warmup_s, st.seed, st.seed));
  h.lines.push_back(fmt::format("{:.1f} s on {} ({} CPUs), {}{}", s.elapsed_s, s.host_name, s.num_cpus, s.date,
                                s.interrupted ? " · INTERRUPTED: partial results" : ""));
  return h;
}

driver::AnalysisOptions OptionsFor(const driver::CompareSettings& st) {
  driver::AnalysisOptions o;
  o.metric = st.metric;
  o.stats.alpha = st.alpha;
  o.stats.noise_floor = st.noise_floor;
  o.stats.min_samples = st.min_samples;
  o.stats.seed = st.seed;
  o.threshold = st.threshold;
  return o;
}

}  // namespace

int CompareCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = CompareSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  auto statistics = StatisticsFrom(*args);
  if (!statistics) return Fail(statistics.error());
  if (!args->passthrough.empty()) {
    return Fail(Error::Usage("compare: V8 flags belong to a variant: --variant NAME='--flag ...'"));
  }

  driver::CompareState state;
  const auto resume = args->Get("resume");
  std::optional<std::string> out_path = args->Get("out");
  if (resume) {
    if (args->Has("variant") || args->Has("engine") || !args->positional.empty() || args->Has("filter")) {
      return Fail(Error::Usage("--resume " + *resume +
                               ": the suites, filter and variants come from the file; give only sampling and report "
                               "options"));
    }
    auto loaded = driver::ReadCompareState(*resume);
    if (!loaded) return Fail(loaded.error());
    state = std::move(loaded.value());
    if (!out_path) out_path = *resume;
  } else {
    std::vector<driver::Variant> variants;
    for (const auto& spec_text : args->GetAll("variant")) {
      auto v = driver::ParseVariant(spec_text);
      if (!v) return Fail(v.error());
      variants.push_back(std::move(v.value()));
    }
    if (auto bound = driver::BindEngines(variants, args->GetAll("engine")); !bound) return Fail(bound.error());
    if (auto checked = driver::CheckVariants(variants); !checked) return Fail(checked.error());
    for (auto& v : variants) state.variants.push_back({std::move(v), std::nullopt});
    state.settings.suites = SuitePathsOrDefault(args->positional);
    state.settings.filter = args->Get("filter").value_or("");
    if (!state.settings.filter.empty()) {
      try {
        std::regex check(state.settings.filter, std::regex::ECMAScript);
      } catch (const std::regex_error& e) {
        return Fail(Error::Usage("--filter: '" + state.settings.filter + "' is not a valid regular expression (" +
                                 e.what() + ")"));
      }
    }
    state.settings.runs = 20;
    state.settings.max_time_s = 120;
    state.settings.seed = driver::RandomSeed();
  }
  driver::CompareSettings& st = state.settings;

  // Sampling options (also on --resume, to extend or shorten).
  auto runs = args->GetInt("runs", 2, 100000);
  auto max_time = args->GetDouble("max-time", 1, 7 * 86400);
  auto min_runs = args->GetInt("min-runs", 2, 100000);
  auto max_runs = args->GetInt("max-runs", 2, 1000000);
  auto jobs = args->GetInt("jobs", 1, 256);
  auto timeout = args->GetDouble("timeout", 0.1, 86400);
  auto reps = args->GetInt("repetitions", 1, 1000);
  auto min_time = args->GetDouble("min-time", 0.001, 3600);
  auto warmup = args->GetDouble("warmup", 0, 3600);
  for (const Error* e :
       {runs ? nullptr : &runs.error(), max_time ? nullptr : &max_time.error(), min_runs ? nullptr : &min_runs.error(),
        max_runs ? nullptr : &max_runs.error(), jobs ? nullptr : &jobs.error(), timeout ? nullptr : &timeout.error(),
        reps ? nullptr : &reps.error(), min_time ? nullptr : &min_time.error(), warmup ? nullptr : &warmup.error()}) {
    if (e != nullptr) return Fail(*e);
  }
  if (runs.value() && args->Has("target-ci")) {
    return Fail(Error::Usage("give either --runs N (fixed) or --target-ci PCT (adaptive), not both"));
  }
  if (runs.value()) st.runs = *runs.value();
  if (auto t = args->Get("target-ci")) {
    auto v = ParsePercent("target-ci", *t, 100);
    if (!v) return Fail(v.error());
    if (v.value() <= 0) return Fail(Error::Usage("--target-ci: give a percentage above 0, e.g. 2"));
    st.target_ci = v.value();
    st.runs = 0;
  }
  if (max_time.value()) st.max_time_s = *max_time.value();
  if (min_runs.value()) st.min_runs = *min_runs.value();
  if (max_runs.value()) st.max_runs = *max_runs.value();
  if (jobs.value()) st.jobs = *jobs.value();
  if (timeout.value()) st.timeout_s = *timeout.value();
  if (reps.value()) st.repetitions = *reps.value();
  if (min_time.value()) st.min_time_s = *min_time.value();
  if (warmup.value()) st.warmup_s = *warmup.value();
  if (auto seed = args->Get("seed")) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(seed->c_str(), &end, 10);
    if (seed->empty() || *end != '\0') return Fail(Error::Usage("--seed: '" + *seed + "' is not a whole number"));
    if (resume && v != st.seed) {
      return Fail(Error::Usage("--seed: a resumed comparison keeps its seed (" + std::to_string(st.seed) + ")"));
    }
    st.seed = v;
  }
  if (statistics->metric) st.metric = *statistics->metric;
  if (statistics->threshold) st.threshold = statistics->threshold;
  if (statistics->alpha) st.alpha = *statistics->alpha;
  if (statistics->noise_floor) st.noise_floor = *statistics->noise_floor;
  if (statistics->min_samples) st.min_samples = static_cast<std::size_t>(*statistics->min_samples);
  if (st.runs > 0 && static_cast<std::size_t>(st.runs) < st.min_samples) {
    return Fail(Error::Usage(
        fmt::format("--runs {} is fewer than --min-samples {}: no case could be judged", st.runs, st.min_samples)));
  }
  if (st.runs == 0 && static_cast<std::size_t>(st.min_runs) < st.min_samples) {
    st.min_runs = static_cast<int>(st.min_samples);
  }

  if (state.date.empty()) state.date = Now();
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  if (state.host_name.empty()) state.host_name = host;
  state.num_cpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  state.driver = SelfExecutable();
  state.complete = false;
  state.interrupted = false;

  const bool quiet = args->Has("quiet");
  const bool tty = isatty(STDERR_FILENO) != 0;
  if (!quiet) {
    std::string names;
    for (const auto& v : state.variants) names += (names.empty() ? "" : ", ") + v.variant.name;
    std::fprintf(stderr, "v8bench compare: %s; %s; seed %llu%s\n", names.c_str(),
                 st.runs > 0
                     ? fmt::format("{} samples per variant", st.runs).c_str()
                     : fmt::format("adaptive to ±{:.1f}% within {} s", st.target_ci * 100, st.max_time_s).c_str(),
                 static_cast<unsigned long long>(st.seed),
                 state.runs.empty() ? "" : fmt::format(" (resuming after {} samples)", state.runs.size()).c_str());
  }

  // After every sample the samples are saved (cheap); the analysis is added once, at the end.
  std::string write_error;
  auto save = [&](const driver::CompareState& s, const driver::Analysis* a) {
    if (!out_path) return;
    if (auto w = WriteFileAtomically(*out_path, driver::RenderCompareJson(s, a)); !w && write_error.empty()) {
      write_error = w.error().message;
    }
  };

  auto launcher = driver::MakeProcessLauncher();
  driver::Driver drv(state, *launcher, SelfExecutable());
  drv.OnSample([&](const driver::CompareState& s) { save(s, nullptr); });
  if (!quiet) {
    drv.OnProgress([&](const driver::Progress& p) {
      if (!tty && !p.finished) return;  // a log gets one line per finished sample
      std::string eta = p.eta_s >= 0 ? fmt::format(", ETA {:.0f} s", p.eta_s) : "";
      std::string line = fmt::format(
          "[{}/{}] {}{}{} · {:.1f} s{}{}", p.done, p.total, p.last, p.last.empty() || p.running.empty() ? "" : " · ",
          p.running.empty() ? "" : "running " + p.running, p.elapsed_s, eta, p.note.empty() ? "" : " · " + p.note);
      if (tty) {
        std::fprintf(stderr, "\r\033[K%s", line.c_str());
      } else {
        std::fprintf(stderr, "%s\n", line.c_str());
      }
      std::fflush(stderr);
    });
  }
  const Status ran = drv.Run();
  if (!quiet && tty) std::fprintf(stderr, "\r\033[K");
  if (!ran) {
    save(state, nullptr);
    return Fail(ran.error());
  }
  const driver::Analysis analysis = driver::Analyse(driver::DatasetFrom(state), OptionsFor(st));
  save(state, &analysis);
  if (statistics->format == "json") {
    const std::string doc = driver::RenderCompareJson(state, &analysis);
    std::fwrite(doc.data(), 1, doc.size(), stdout);
  } else {
    PrintReport(analysis, MakeHeader(state), statistics->format);
  }
  if (!write_error.empty()) return Fail(Error::Input(write_error));
  if (state.interrupted) {
    std::fprintf(stderr, "v8bench: interrupted; %zu samples kept%s\n", state.runs.size(),
                 out_path ? (" in " + *out_path + " (continue with --resume " + *out_path + ")").c_str() : "");
    return 130;
  }
  if (state.runs.empty()) return Fail(Error::Input("no sample finished"));
  return analysis.exit_code;
}

}  // namespace v8bench::cli
