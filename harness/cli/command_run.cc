#include <fmt/format.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_stream.h"
#include "harness/measure/cpu_affinity.h"
#include "harness/measure/instruction_counter.h"
#include "harness/measure/method_rules.h"
#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
#include "harness/report/jsonl_reporter.h"
#include "harness/report/reporters.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"
#include "harness/runner/suite_runner.h"
#include "harness/workers/run_supervisor.h"
#include "harness/workers/worker_stdin.h"

namespace v8bench::cli {
namespace {

// The options an external engine's runner cannot honour: only the embedded host has them (the knobs routed
// so, then run's own). (--metric instructions and --iterations the runner has; which engines can count,
// PrepareWorkerEngine says.)
std::vector<std::string> EmbeddedOnlyOptions() {
  std::vector<std::string> options;
  for (const KnobSpec& knob : KnobTable()) {
    if (knob.route == KnobRoute::kEmbeddedOnly) options.emplace_back(knob.word);
  }
  for (const char* own :
       {"isolates", "share-realm", "keep-changed", "min-young-gcs", "callgrind-dir", "alternate", "turns", "copies"}) {
    options.emplace_back(own);
  }
  return options;
}

// How each case is timed (RunSettings), and counted with --metric instructions.
std::vector<OptionSpec> TimingOptionSpecs() {
  std::vector<OptionSpec> options = {
      RunSettingOption("repetitions", "Measures each case N times; figures are medians over these, with their CV."),
      RunSettingOption("isolates",
                       "Runs each case in N fresh isolates, each warmed up, with the repetitions dealt out over them "
                       "(an isolate's speed varies). At most --repetitions; not with --share-realm."),
      RunSettingOption("min-time", "Runs each repetition for at least S seconds (MinTime); see --min-young-gcs."),
      RunSettingOption("min-young-gcs",
                       fmt::format("Lengthens a repetition to at least N young collections, up to {} s (0: off).",
                                   TheMethodRules()[MethodRule::kMaxStretchedSeconds])),
      RunSettingOption("warmup", fmt::format("Warms each case up for at least S seconds, and until its code has not "
                                             "changed for max(S, {}) seconds and as long as it took to settle.",
                                             TheMethodRules()[MethodRule::kQuietSeconds])),
      RunSettingOption("max-warmup", "Stops waiting for the code to settle after S seconds of warm-up (flagged)."),
      {"keep-changed", "",
       fmt::format("Keeps a repetition whose code changed (marked !), not re-timed ({} x --repetitions at most).",
                   TheMethodRules()[MethodRule::kRerunsPerRepetition])},
  };
  for (OptionSpec& knob : KnobOptions(KnobGroup::kTiming)) options.push_back(std::move(knob));
  const std::vector<OptionSpec> rest = {
      RunSettingOption("timeout",
                       "Ends a case that takes over S seconds (wall clock) in one isolate or --copies copy (timed "
                       "out), or a suite load; per case, callgrind included (whose default is 20x; docs/statistics.md, "
                       "Timeouts); for a case whose calls last max(--min-time, 0.25 s) or more, each call. A "
                       "value given holds for every file.",
                       OneCallTimeoutNote()),
      {"metric", "instructions",
       "Also counts instructions per iteration, under callgrind (some 50x slower) or the CPU's counter, in "
       "fixed --iterations (docs/instructions.md); without either, exit 2. No native floors."},
      {"iterations", "N",
       fmt::format("Times N iterations per repetition. Default: grown to --min-time; {} with --metric instructions.",
                   RunSettings::kCountedIterations),
       false, ValueKind::kWhole, 1, 1000000000},
      {"callgrind-dir", "DIR", "Set by v8bench on its process under callgrind: where the dumps go and are read."},
  };
  options.insert(options.end(), rest.begin(), rest.end());
  return options;
}

// --metric instructions, --iterations and --callgrind-dir into `settings`.
Status CountingFrom(const ParsedArgs& args, RunSettings& settings) {
  auto metric = args.GetChoice("metric", {"instructions"});
  if (!metric) {
    return Error::Usage(metric.error().message +
                        " (run reports every time metric already; --metric instructions adds counted instructions)");
  }
  settings.count_instructions = metric.value().has_value();
  if (auto n = args.Whole("iterations")) settings.iterations = static_cast<std::uint64_t>(*n);
  settings.callgrind_dir = args.Get("callgrind-dir").value_or("");
  // The floors are timed natively; under simulation they would only take time.
  if (settings.count_instructions) settings.native_floors = false;
  return OkStatus();
}

// Where the results go: --format and --out (whose extension picks the format when --format is absent).
struct Output {
  std::optional<std::string> path;
  OutputFormat format = OutputFormat::kConsole;
  bool jsonl = false;  // the worker protocol on stdout
};

Expected<Output> OutputFrom(const ParsedArgs& args) {
  V8BENCH_TRY(const auto format, args.GetChoice("format", {"console", "json", "csv", "html", "jsonl"}));
  Output out;
  out.path = args.Get("out");
  const std::string chosen = format.value_or("");
  out.format = !chosen.empty() ? OutputFormatNamed(chosen) : out.path ? OutputFormatOfPath(*out.path) : out.format;
  out.jsonl = chosen == "jsonl";
  if (out.jsonl && out.path) return Error::Usage("--format jsonl writes to stdout; drop --out");
  if (out.path && out.format == OutputFormat::kConsole) {
    return Error::Usage(
        "--out " + *out.path +
        ": give --format json, csv or html (or a .json/.csv/.html file name); the table goes to stdout");
  }
  if (out.path) V8BENCH_OK(CheckWritable("--out", *out.path));
  return out;
}

// The worker mode (--format jsonl): the plan runs in this process and the protocol goes to stdout.
Expected<int> RunInProcess(const ParsedArgs& args, RunSettings settings) {
  std::string seal;
  if (args.Has("sealed")) {
    // The supervising `run` is this process's parent: a child it can no longer read or stop (it was
    // killed, e.g. by a comparison's timeout) must not run on alone.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    V8BENCH_TRY(seal, workers::ReadSeal(args.Has("serve")));
  }
  int commands = -1;
  if (args.Has("serve")) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // a worker whose driver is gone would wait for commands forever
    V8BENCH_TRY(commands, workers::TakeCommandChannel());
  }
  // Under callgrind the default timeout is at the simulation's pace (loading the files included); a
  // --timeout given holds as given.
  if (settings.count_instructions && RunningUnderValgrind() && !args.Has("timeout")) {
    settings.timeout_s *= kCallgrindTimeScale;
  }
  V8BENCH_TRY(const EngineOptions engine, EngineOptionsFrom(args));
  ReserveStdoutForResults();  // before any JS runs: suite output goes to stderr, never into results
  V8BENCH_TRY(auto process, V8Process::Start(engine));
  // After V8Process::Start, so that V8's platform threads exist and keep every CPU (measure/cpu_affinity.h).
  std::optional<PinnedThread> pinned;
  if (settings.main_cpu) {
    V8BENCH_TRY(pinned, PinCallingThread(*settings.main_cpu));
  }
  V8BENCH_TRY(const auto files, LoadSuitesWithParams(*process, SuitePathsOrDefault(args.positional), settings.quick,
                                                     settings.params, settings.timeout_s));
  V8BENCH_OK(CheckAlternated(files, settings.alternate));
  V8BENCH_TRY(const auto plan, PlanCases(files, settings));
  RunContext context = MakeRunContext(*process, engine, settings);
  if (settings.count_instructions) {
    // Here, before any case, so that a process that cannot count says so once (exit 2).
    auto counter = OpenInstructionCounter(settings.callgrind_dir);
    if (!counter) return Error::Usage(counter.error().message);
    context.instructions_by = DescribeInstructionSource(counter.value()->source());
    context.iterations_per_batch = *settings.FixedIterations();
  }
  if (pinned) {
    context.main_cpu_pinned = pinned->cpu;
    context.other_threads_cpus = CpuListText(pinned->other_threads_cpus);
  }
  std::vector<std::string> names;
  for (const auto& pc : plan) names.push_back(pc.info.name);
  JsonlReporter lines(ResultsStream(), names, seal);
  lines.Begin(context);
  if (args.Has("plan-only")) {
    for (const auto& pc : plan) lines.CasePlanned(pc.info);
    lines.End();
    return 0;
  }
  const ProgressFn starting = [&](std::size_t, std::size_t, const CaseInfo& info) { lines.CaseStarting(info); };
  if (commands >= 0) {  // a long-lived worker: "ready" once warmed up, an "end" line closes each sample
    bool announced = false;
    const auto next_sample = [&] {
      // Before its first command: every case is warmed up (the driver holds samples until then).
      if (!std::exchange(announced, true)) lines.Ready();
      return workers::AskedForSample(commands);
    };
    ServePlan(*process, plan, settings, lines, starting, next_sample, [&] { lines.End(); });
    close(commands);
    return 0;
  }
  const RunSummary summary = RunPlan(*process, plan, settings, lines, starting);
  lines.End();
  return summary.failed > 0 ? 1 : 0;
}

// --engine PATH: nullopt for the embedded V8 or another v8bench (which runs the user's command line as
// this one would); else the external engine, prepared as a comparison's worker engine is.
Expected<std::optional<workers::WorkerEngine>> ExternalEngineFrom(const ParsedArgs& args) {
  const auto path = args.Get("engine");
  if (!path) return std::optional<workers::WorkerEngine>();
  V8BENCH_TRY(const workers::EngineKind kind, workers::DetectEngineKind(*path));
  if (kind == workers::EngineKind::kV8bench) return std::optional<workers::WorkerEngine>();
  for (const std::string& name : EmbeddedOnlyOptions()) {
    if (args.Has(name)) {
      return Error::Usage(
          fmt::format("--{} is an option of v8bench's own engine; {} ({}) runs the suites through v8bench's external "
                      "runner, which has no such option: drop --{} or --engine",
                      name, *path, workers::EngineKindName(kind), name));
    }
  }
  V8BENCH_TRY(const EngineOptions engine, EngineOptionsFrom(args));
  workers::WorkerEngine w;
  w.engine = *path;
  V8BENCH_TRY(w.knobs, KnobsFrom(args));  // the runner takes --param and --tier as run does
  w.v8_flags = engine.v8_flags;
  // Every engine gives wall time; the other figures are each the engine's to give or leave absent, and
  // counted instructions (--metric instructions) are refused where the engine cannot count them.
  const bool counting = args.Get("metric") == std::optional<std::string>("instructions");
  V8BENCH_OK(workers::PrepareWorkerEngine(w, "--engine", counting ? metric::kInstructions : "wall_ns"));
  return std::optional<workers::WorkerEngine>(std::move(w));
}

// The external runner reads suite files: a directory becomes its .js files, as for the embedded V8.
Expected<workers::WorkerSampling> SamplingFrom(const RunSettings& settings,
                                               const std::vector<std::string>& positional) {
  V8BENCH_TRY(auto suites, ExpandSuitePaths(SuitePathsOrDefault(positional)));
  return workers::WorkerSampling{.suites = std::move(suites),
                                 .quick = settings.quick,
                                 .repetitions = settings.repetitions,
                                 .min_time_s = settings.min_time_s,
                                 .warmup_s = settings.warmup_s,
                                 .max_warmup_s = settings.max_warmup_s,
                                 .timeout_s = settings.timeout_s,
                                 .iterations = settings.FixedIterations(),
                                 .min_young_collections = settings.min_young_collections,
                                 .tier = settings.tier};
}

// --alternate NAME, --alternate-offset K, --turns N and --copies K (RunSettings::alternate).
Status AlternationFrom(const ParsedArgs& parsed, RunSettings& settings) {
  settings.alternate = parsed.GetAll("alternate");
  settings.alternate_offset = parsed.Whole("alternate-offset").value_or(0);
  settings.turns = parsed.Whole("turns").value_or(1);
  settings.copies = parsed.Whole("copies").value_or(1);
  for (const char* option : {"turns", "copies"}) {
    if (parsed.Has(option) && settings.alternate.empty()) {
      return Error::Usage(
          fmt::format("--{} applies to the cases --alternate NAME times in turns: give --alternate (or drop --{})",
                      option, option));
    }
  }
  return OkStatus();
}

// The supervising `run` refuses the options only its worker takes.
Status NoWorkerOptions(const ParsedArgs& parsed, bool jsonl) {
  for (const char* worker_only : {"plan-only", "sealed", "serve"}) {
    if (parsed.Has(worker_only) && !jsonl) {
      return Error::Usage(fmt::format("--{} is part of the worker protocol: give --format jsonl", worker_only));
    }
  }
  if (parsed.Has("callgrind-dir")) {
    return Error::Usage(
        "--callgrind-dir is set by v8bench on its own worker under callgrind (where callgrind's dumps go); drop it: "
        "--metric instructions makes a private directory for them");
  }
  return OkStatus();
}

// The longest a case may keep the child silent. --timeout holds per isolate and per copy (--alternate with
// --copies; a group taking turns has it once per case: SuperviseRun); a native floor is timed after the
// case, outside it, for each repetition. Under callgrind the default is at its pace, as in the child
// (RunInProcess); where some file is sized for one call per process (`one_call_files`), the default is that
// file's (RunSettings::TimeoutFor), the child's for that file.
double CaseTimeout(const ParsedArgs& parsed, const RunSettings& settings, const workers::InstructionCounting* counting,
                   bool one_call_files) {
  const bool callgrind_default =
      counting != nullptr && counting->source() == InstructionSource::kCallgrind && !parsed.Has("timeout");
  RunSettings paced = settings;
  paced.timeout_s *= callgrind_default ? kCallgrindTimeScale : 1;
  // Per isolate and copy; per call for a case that may be timed a call per repetition (LongCallCaseSeconds: its
  // line comes after all its calls); a native floor is timed after the case, outside it, for each repetition.
  const double per_case = paced.TimeoutFor(one_call_files);
  const double silence = settings.LongCallsAllowed() ? LongCallCaseSeconds(per_case, settings.repetitions) : per_case;
  return silence * settings.IsolateCount() * settings.CopiesPerCase() +
         (settings.native_floors ? settings.repetitions * std::max(settings.min_time_s, 0.5) : 0);
}

Expected<int> Run(const ParsedArgs& parsed, const std::vector<std::string>& argv) {
  V8BENCH_TRY(RunSettings settings, RunSettingsFrom(parsed));
  settings.share_realm = parsed.Has("share-realm");
  if (settings.share_realm && parsed.Has("isolates") && settings.isolates > 1) {
    return Error::Usage("--isolates " + std::to_string(settings.isolates) +
                        " needs a fresh isolate per pass, which --share-realm turns off: give one of the two");
  }
  settings.native_floors = !parsed.Has("no-native");
  V8BENCH_OK(AlternationFrom(parsed, settings));
  V8BENCH_OK(CountingFrom(parsed, settings));
  V8BENCH_TRY(const Output output, OutputFrom(parsed));
  if (output.jsonl && parsed.Has("engine")) {
    return Error::Usage(
        "--engine runs the suites in a child that speaks the worker protocol; --format jsonl is that protocol for the "
        "embedded V8: drop one");
  }
  // The worker itself (run's child, compare's worker, --plan-only, which runs no case) runs the cases in this
  // process. Everything else, `run --format jsonl` started by hand included, runs them in a child process
  // (workers/run_supervisor.h), so that a case that kills its process (a signal, an abort, a suite writing to
  // libuv's own descriptors) is reported as crashed and the others still run.
  if (output.jsonl && (parsed.Has("sealed") || parsed.Has("plan-only") || parsed.Has("serve"))) {
    return RunInProcess(parsed, settings);
  }
  V8BENCH_OK(NoWorkerOptions(parsed, output.jsonl));
  V8BENCH_OK(EngineOptionsFrom(parsed));
  V8BENCH_TRY(auto external, ExternalEngineFrom(parsed));
  // Here too, so that the message is the run's and not a child's.
  if (settings.main_cpu) V8BENCH_OK(CheckAllowedCpu(*settings.main_cpu));
  std::unique_ptr<workers::InstructionCounting> counting;
  if (settings.count_instructions) {
    V8BENCH_TRY(counting, workers::InstructionCounting::Prepare());
  }
  ReserveStdoutForResults();
  RunReporters reporters;
  std::unique_ptr<JsonlReporter> protocol;  // --format jsonl: the child's lines, as its worker would write them
  workers::SupervisorRequest request;
  request.executable = parsed.Get("engine").value_or(SelfExecutable());
  // Read before any child starts: the child decides each file's --timeout from its text as this does.
  const bool one_call_files = AnySizedForOneCallPerProcess(SuitePathsOrDefault(parsed.positional));
  if (external) {
    request.engine = &*external;
    V8BENCH_TRY(request.sampling, SamplingFrom(settings, parsed.positional));
    // The external runner takes one --timeout for every file: the longest a file of the run is given.
    request.sampling.timeout_s = settings.TimeoutFor(one_call_files);
  }
  request.argv = argv;
  request.filter = settings.filter;
  request.case_timeout_s = CaseTimeout(parsed, settings, counting.get(), one_call_files);
  request.open_sink = [&](RunContext& context, const std::vector<std::string>& planned) -> ResultSink& {
    if (request.engine != nullptr) {
      // What the external runner's context line cannot say: this machine's facts, the run's settings and
      // the trig path PrepareWorkerEngine probed with the engine's flags.
      FillMachineFacts(context);
      FillRunSettings(context, settings);
      context.executable = PathForResults(request.engine->engine);
      context.trig_path = request.engine->trig_path;
    }
    if (output.jsonl) {
      protocol = std::make_unique<JsonlReporter>(ResultsStream(), planned);
      return *protocol;
    }
    return reporters.Open(ResultsStream(), output.format, output.path, planned, parsed.Has("explain"));
  };
  request.progress =
      output.jsonl ? ProgressFn([&](std::size_t, std::size_t, const CaseInfo& info) { protocol->CaseStarting(info); })
                   : RunProgressPrinter(output.path.has_value() || output.format == OutputFormat::kConsole);
  request.counting = counting.get();
  const workers::SupervisedRun run = workers::SuperviseRun(request);
  if (isatty(STDERR_FILENO) != 0) std::fprintf(stderr, "\r\033[K");
  if (const std::string error = reporters.write_error(); !error.empty()) return Error::Input(error);
  if (run.interrupt_signal != 0) {
    std::fprintf(stderr, "v8bench: interrupted (SIG%s); %zu finished case%s kept%s\n",
                 sigabbrev_np(run.interrupt_signal), run.cases_done, run.cases_done == 1 ? "" : "s",
                 output.path ? (" in " + *output.path).c_str() : " above");
  }
  return run.exit_code;
}

}  // namespace

CommandSpec RunSpec() {
  CommandSpec spec;
  spec.name = "run";
  spec.summary = "run suites and report per-iteration CPU, GC and allocation";
  spec.synopsis = "v8bench run [SUITE_FILE|DIR ...] [options] [-- V8_FLAGS ...]";
  spec.description =
      "Runs benchmark suites in the embedded V8 and reports per iteration: wall, main-thread and process CPU time,\n"
      "GC pause time and count, bytes allocated and the peak heap, each the median over repetitions with its CV.\n"
      "Without a path, runs the shipped suites at full settings (half an hour or more on a small machine); add\n"
      "--quick for a first look in a few minutes, name a file for one suite, --filter for some cases.\n"
      "A server under load: `run suites/request_path_served` serves the oak app on a loopback port in the engine\n"
      "and loads it with autocannon (-c 100 -d 10, -p 10 and -p 1): per request the server's own CPU, GC and\n"
      "allocation, with autocannon's requests/s (ops_per_s) and latency p50/p99 (docs/served.md).";
  spec.options = {
      {"filter", "REGEX", "Runs only cases whose name (suite/bench/param:value...) matches this regex. Default: all."},
      KnobOption(KnobSpecOf(Knob::kParam)),
      {"quick", "", "Uses each suite's quick parameter grid and short timings: a smoke run of every bench."},
      {"no-native", "", "Skips the native floors (the same work in C++) measured after each case that has one."},
      {"share-realm", "", "Runs a suite file's cases in one isolate: faster, but JIT and heap state carry over."},
      {"alternate", "NAME",
       "Times cases that differ only in parameter NAME in turns in one isolate: all warmed up, then one turn each "
       "per round, so a machine whose speed drifts times them alike (compare does this for variants that differ "
       "only in --param); repeatable. Default: each case on its own.",
       true},
      {"alternate-offset", "K",
       "With --alternate: the cases are set up, warmed up and take their turns in order from case K (modulo their "
       "count), each round starting one further on. Default: 0.",
       false, ValueKind::kWhole, 0, 1000000},
      {"turns", "N",
       "With --alternate: each repetition is taken as N turns of 1/N of its length, each turn a sample. Default: 1.",
       false, ValueKind::kWhole, 1, 100},
      {"copies", "K",
       "With --alternate: prepares each case K times in the isolate, each copy its own setup and compiled code, and "
       "deals the turns over the copies (one copy can run tens of percent faster than another for much of its "
       "life); their samples are the case's. Default: 1.",
       false, ValueKind::kWhole, 1, 10},
      {"format", "console|json|csv|html|jsonl",
       "A table, Google Benchmark's JSON, CSV, an HTML page with charts, or jsonl (compare's worker protocol, stdout "
       "only). Default: console; with --out, from its extension."},
      {"out", "FILE", "Writes the results to FILE too, rewritten after every case. Default: stdout only."},
      {"explain", "", "After the table, names every case behind each warning with its figures."},
      {"engine", "PATH",
       fmt::format("Runs the suites in node, deno, bun, workerd or another v8bench; a figure it cannot give is "
                   "absent, and --{} are refused. Default: the embedded V8.",
                   fmt::join(EmbeddedOnlyOptions(), ", --"))},
      {"plan-only", "", "With --format jsonl: writes the plan (a line per case) and runs nothing."},
      {"sealed", "",
       "With --format jsonl: keys every protocol line with a key from stdin (docs/protocol.md). Default: off."},
      {"serve", "",
       "With --format jsonl: a long-lived worker (compare --long-lived): warms every case up once, then times one "
       "more sample of each for every 'sample' line on stdin, an 'end' line after each; ends at end of file. "
       "Default: off."},
  };
  for (const auto& more : {TimingOptionSpecs(), EngineOptionSpecs()})
    spec.options.insert(spec.options.end(), more.begin(), more.end());
  spec.examples =
      "  v8bench run --quick                           # every shipped bench on its small grid: a few minutes\n"
      "  v8bench run                                   # the shipped suites at full settings: half an hour or more\n"
      "  v8bench run suites/trig.js --quick --metric instructions   # counted under callgrind: slow, noise-free\n"
      "  v8bench run suites/ --filter 'json_reviver/arrow' --semi-space 16 --out results.json\n"
      "  v8bench run suites/young_gen.js -- --max-semi-space-size=2 --trace-gc\n";
  spec.run = Run;
  return spec;
}

}  // namespace v8bench::cli
