#include <fcntl.h>
#include <fmt/format.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_stream.h"
#include "harness/measure/cpu_affinity.h"
#include "harness/measure/instruction_counter.h"
#include "harness/measure/metrics.h"
#include "harness/report/jsonl_reporter.h"
#include "harness/report/reporters.h"
#include "harness/runner/run_context.h"
#include "harness/runner/suite_loader.h"
#include "harness/runner/suite_runner.h"
#include "harness/workers/run_supervisor.h"

namespace v8bench::cli {
namespace {

constexpr const char* kKeepChangedHelp =
    "Keeps a repetition during which V8 changed the code (compiled a function to optimised code, or a tier moved; "
    "marked ! in the table) instead of discarding it and timing it again. By default such a repetition is timed "
    "again, up to twice --repetitions times and --max-warmup seconds of re-running, as a longer warm-up would "
    "have; what still changed then is kept and flagged.";

constexpr const char* kMainCpuHelp =
    "Pins the thread that runs and times the JS to CPU N, after V8's background threads (compiler, GC, sweeper) have "
    "started; they keep every CPU, unlike under `taskset -c N`, which pins them to N too. On a VM whose CPUs run at "
    "different speeds, a figure otherwise follows the CPU the scheduler picked; every repetition records its CPU "
    "either way. Threads the "
    "JS starts later (libuv's pool, Workers) inherit the pin. Default: not pinned.";

constexpr const char* kMinTimeHelp =
    "Runs each repetition for at least S seconds (Google Benchmark's MinTime), longer for a case that makes "
    "young collections: see --min-young-gcs. Default: 0.5 (0.05 with --quick).";

constexpr const char* kMinYoungGcsHelp =
    "Lengthens each repetition of a case that allocates until it spans at least N young collections (at the rate "
    "its warm-up saw), up to 0.5 s (never shorter than --min-time): a repetition's cost moves with how many "
    "collections land in it, so a median of short repetitions that each catch a few would depend on --min-time "
    "0 times for --min-time alone. Default: 20.";

constexpr const char* kTierHelp =
    "Which code is measured. optimized: after 4 feedback calls the bench and its batch loop are compiled by V8's "
    "optimising compiler as regular functions (not on-stack replacement), the same whatever --warmup or --min-time "
    "say: the code a function called many times gets in production. interpreter: never optimised by TurboFan: V8 "
    "interprets the code (Ignition, mark I) and, as in production, compiles it with its baseline compiler Sparkplug "
    "once it is hot (mark S); add `-- --no-sparkplug` to time Ignition alone. auto: V8's own heuristics, as in a "
    "plain script (the result can depend on the warm-up). Every repetition records the tiers that ran (the table's "
    "code column). Default: optimized.";

constexpr const char* kExplainHelp =
    "After the table, names every case behind each warning with its figures (the code each repetition ran, its CV, "
    "its CPUs' or isolates' medians), instead of one summary line per kind of warning.";

constexpr const char* kPlanOnlyHelp =
    "With --format jsonl: writes the context line, one `plan` line per case the run would execute (name, suite, "
    "bench, params) and `end`, and runs nothing; `compare --shard` learns each variant's cases from it.";

constexpr const char* kEngineHelp =
    "Runs the suites in another engine, one `compare --engine` accepts: node, deno, bun or workerd (through "
    "v8bench's external runner; on Node with v8bench's in-process instrument where one is built for it) or "
    "another v8bench. The same table, formats, warnings and code marks; each figure the engine cannot give is "
    "absent, never zero (`v8bench info --engine PATH` lists them). Options of the embedded host alone (--main-cpu, "
    "--isolates, --share-realm, --keep-changed, --min-young-gcs, --metric, --iterations, --callgrind-dir) are "
    "refused for an external engine. Default: the embedded V8.";

constexpr const char* kSealedHelp =
    "With --format jsonl: reads a key from stdin before any JS runs and starts every protocol line with it, so that "
    "the `run` supervising this process keeps only lines the harness wrote, never one a suite writes to a descriptor "
    "it should not (docs/protocol.md); the cases run in this process. Default: off (`run --format jsonl` then runs "
    "them in a child and writes its lines, as every `run` runs its cases in a child).";

constexpr const char* kMetricHelp =
    "Counts, besides the time metrics, the instructions each case executes per iteration: the cases run under "
    "Valgrind's callgrind (or with the CPU's hardware instructions counter, where the machine has one), with V8 "
    "single-threaded and predictable and fixed seeds, in repetitions of a fixed --iterations; the count is the same "
    "on a busy machine, and is not time (docs/instructions.md). Under callgrind a case runs some 50x slower. "
    "Without valgrind (and no hardware counter) this is an error (exit 2). Native floors are not measured.";

constexpr const char* kRunExamples =
    "  v8bench run --quick                           # every shipped bench on its small grid: a few minutes\n"
    "  v8bench run                                   # the shipped suites at full settings: half an hour or more\n"
    "  v8bench run suites/example.js --quick\n"
    "  v8bench run suites/trig.js --quick --metric instructions   # counted under callgrind: slow, noise-free\n"
    "  v8bench run suites/ --filter 'json_reviver/arrow' --semi-space 16 --out results.json\n"
    "  v8bench run suites/young_gen.js -- --max-semi-space-size=2 --trace-gc\n";

// --metric instructions and what it needs.
std::vector<OptionSpec> CountingOptionSpecs() {
  return {
      {"metric", "instructions", kMetricHelp},
      {"iterations", "N",
       "Makes every repetition one batch of exactly N iterations instead of a batch grown to --min-time. Default: "
       "grown to --min-time; 100 with --metric instructions.",
       false, ValueKind::kWhole, 1, 1000000000},
      {"callgrind-dir", "DIR",
       "Set by v8bench on the process it starts under callgrind for --metric instructions: the directory its "
       "dumps are written to and read back from."},
  };
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
  if (!chosen.empty()) {
    out.format = OutputFormatNamed(chosen);
  } else if (out.path) {
    out.format = OutputFormatOfPath(*out.path);
  }
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

// "2m05s": a duration for the progress line.
std::string Clock(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  return s >= 60 ? fmt::format("{}m{:02}s", s / 60, s % 60) : fmt::format("{}s", s);
}

// Progress on stderr, never on stdout (the results): one updating line on a terminal, a line per case when
// the table is not on stdout to show it. From the second case on it says the time spent and the time left
// at the pace of the cases so far.
ProgressFn ProgressPrinter(bool table_on_stdout) {
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  return [tty, table_on_stdout, start](std::size_t i, std::size_t n, const CaseInfo& info) {
    if (!tty && table_on_stdout) return;
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string eta;
    if (i > 1 && n >= i) {
      const double left = spent / static_cast<double>(i - 1) * static_cast<double>(n - i + 1);
      eta = fmt::format(" · {} spent, about {} left", Clock(spent), Clock(left));
    }
    if (tty) {
      std::fprintf(stderr, "\r\033[K[%zu/%zu]%s · %s", i, n, eta.c_str(), info.name.c_str());
    } else {
      std::fprintf(stderr, "[%zu/%zu]%s · %s\n", i, n, eta.c_str(), info.name.c_str());
    }
  };
}

// --sealed: the key on stdin (hex digits, then end of file); stdin is then /dev/null, so no suite reads it.
Expected<std::string> ReadSeal() {
  std::string key;
  char buf[128];
  ssize_t n;
  while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0 && key.size() < 256)
    key.append(buf, static_cast<std::size_t>(n));
  if (const int null = open("/dev/null", O_RDONLY); null >= 0) {
    dup2(null, STDIN_FILENO);
    if (null != STDIN_FILENO) close(null);
  }
  if (key.size() < 16 || key.size() > 64 || key.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return Error::Usage("--sealed: stdin holds no key (16 to 64 hex digits); it is for the supervising `run`");
  }
  return key;
}

// The worker mode (--format jsonl): the plan runs in this process and the protocol goes to stdout.
Expected<int> RunInProcess(const ParsedArgs& args, RunSettings settings) {
  std::string seal;
  if (args.Has("sealed")) {
    // The supervising `run` is this process's parent: a child it can no longer read or stop (it was
    // killed, e.g. by a comparison's timeout) must not run on alone.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    V8BENCH_TRY(seal, ReadSeal());
  }
  // Under callgrind every timeout is at the simulation's pace (loading the files included).
  if (settings.count_instructions && RunningUnderValgrind()) settings.timeout_s *= kCallgrindTimeScale;
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
  const RunSummary summary = RunPlan(*process, plan, settings, lines,
                                     [&](std::size_t, std::size_t, const CaseInfo& info) { lines.CaseStarting(info); });
  lines.End();
  return summary.failed > 0 ? 1 : 0;
}

// The options an external engine's runner cannot honour: only the embedded host has them.
// (--metric instructions and --iterations the runner has; which engines can count, PrepareWorkerEngine says.)
constexpr const char* kEmbeddedOnly[] = {"main-cpu",     "isolates",      "share-realm",
                                         "keep-changed", "min-young-gcs", "callgrind-dir"};

// --engine PATH: nullopt for the embedded V8 or another v8bench (which runs the user's command line as
// this one would); else the external engine, prepared as a comparison's worker engine is.
Expected<std::optional<workers::WorkerEngine>> ExternalEngineFrom(const ParsedArgs& args) {
  const auto path = args.Get("engine");
  if (!path) return std::optional<workers::WorkerEngine>();
  V8BENCH_TRY(const workers::EngineKind kind, workers::DetectEngineKind(*path));
  if (kind == workers::EngineKind::kV8bench) return std::optional<workers::WorkerEngine>();
  for (const char* name : kEmbeddedOnly) {
    if (args.Has(name)) {
      return Error::Usage(fmt::format(
          "--{} is an option of v8bench's own engine; {} ({}) runs the suites through v8bench's external runner, "
          "which has no such option: drop --{} or --engine",
          name, *path, workers::EngineKindName(kind), name));
    }
  }
  V8BENCH_TRY(const EngineOptions engine, EngineOptionsFrom(args));
  workers::WorkerEngine w;
  w.engine = *path;
  w.knobs = engine.Knobs();
  w.v8_flags = engine.v8_flags;
  for (const auto& p : args.GetAll("param")) w.worker_args.insert(w.worker_args.end(), {"--param", p});
  if (auto tier = args.Get("tier")) w.worker_args.insert(w.worker_args.end(), {"--tier", *tier});
  // Every engine gives wall time; the other figures are each the engine's to give or leave absent, and
  // counted instructions (--metric instructions) are refused where the engine cannot count them.
  const bool counting = args.Get("metric") == std::optional<std::string>("instructions");
  V8BENCH_OK(workers::PrepareWorkerEngine(w, "--engine", counting ? metric::kInstructions : "wall_ns"));
  return std::optional<workers::WorkerEngine>(std::move(w));
}

// What the external runner's context line cannot say: this machine's facts, the run's settings and the
// trig path PrepareWorkerEngine probed with the engine's flags.
void CompleteEngineContext(RunContext& c, const RunSettings& settings, const workers::WorkerEngine& w) {
  FillMachineFacts(c);
  FillRunSettings(c, settings);
  c.executable = PathForResults(w.engine);
  c.trig_path = w.trig_path;
}

// The external runner reads suite files: a directory becomes its .js files, as for the embedded V8.
Expected<workers::WorkerSampling> SamplingFrom(const RunSettings& settings,
                                               const std::vector<std::string>& positional) {
  workers::WorkerSampling s;
  V8BENCH_TRY(s.suites, ExpandSuitePaths(SuitePathsOrDefault(positional)));
  s.quick = settings.quick;
  s.repetitions = settings.repetitions;
  s.min_time_s = settings.min_time_s;
  s.warmup_s = settings.warmup_s;
  s.max_warmup_s = settings.max_warmup_s;
  s.timeout_s = settings.timeout_s;
  s.iterations = settings.FixedIterations();
  s.min_young_collections = settings.min_young_collections;
  s.tier = settings.tier;
  return s;
}

Expected<int> Run(const ParsedArgs& parsed, const std::vector<std::string>& argv) {
  V8BENCH_TRY(RunSettings settings, RunSettingsFrom(parsed));
  settings.share_realm = parsed.Has("share-realm");
  if (settings.share_realm && parsed.Has("isolates") && settings.isolates > 1) {
    return Error::Usage("--isolates " + std::to_string(settings.isolates) +
                        " needs a fresh isolate per pass, which --share-realm turns off: give one of the two");
  }
  settings.native_floors = !parsed.Has("no-native");
  V8BENCH_OK(CountingFrom(parsed, settings));
  V8BENCH_TRY(const Output output, OutputFrom(parsed));
  if (output.jsonl && parsed.Has("engine")) {
    return Error::Usage(
        "--engine runs the suites in a child that speaks the worker protocol; --format jsonl is that protocol for "
        "the embedded V8: drop one");
  }
  // The worker itself (run's child, compare's worker, --plan-only, which runs no case) runs the cases in this
  // process. Everything else, `run --format jsonl` started by hand included, runs them in a child process
  // (workers/run_supervisor.h), so that a case that kills its process (a signal, an abort, a suite writing to
  // libuv's own descriptors) is reported as crashed and the others still run.
  if (output.jsonl && (parsed.Has("sealed") || parsed.Has("plan-only"))) return RunInProcess(parsed, settings);
  for (const char* worker_only : {"plan-only", "sealed"}) {
    if (parsed.Has(worker_only) && !output.jsonl) {
      return Error::Usage(fmt::format("--{} is part of the worker protocol: give --format jsonl", worker_only));
    }
  }
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
  const bool table_on_stdout = output.path.has_value() || output.format == OutputFormat::kConsole;
  const ProgressFn progress =
      output.jsonl ? ProgressFn([&](std::size_t, std::size_t, const CaseInfo& info) { protocol->CaseStarting(info); })
                   : ProgressPrinter(table_on_stdout);
  workers::SupervisorRequest request;
  request.executable = parsed.Get("engine").value_or(SelfExecutable());
  if (external) {
    request.engine = &*external;
    V8BENCH_TRY(request.sampling, SamplingFrom(settings, parsed.positional));
  }
  request.argv = argv;
  request.filter = settings.filter;
  // --timeout holds per isolate; a native floor is timed after the case, outside it, for each repetition.
  request.case_timeout_s = settings.timeout_s * settings.IsolateCount() +
                           (settings.native_floors ? settings.repetitions * std::max(settings.min_time_s, 0.5) : 0);
  request.open_sink = [&](RunContext& context, const std::vector<std::string>& planned) -> ResultSink& {
    if (request.engine != nullptr) CompleteEngineContext(context, settings, *request.engine);
    if (output.jsonl) {
      protocol = std::make_unique<JsonlReporter>(ResultsStream(), planned);
      return *protocol;
    }
    return reporters.Open(ResultsStream(), output.format, output.path, planned, parsed.Has("explain"));
  };
  request.progress = progress;
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
  spec.run = Run;
  spec.synopsis = "v8bench run [SUITE_FILE|DIR ...] [options] [-- V8_FLAGS ...]";
  spec.description =
      "Runs benchmark suites in the embedded V8 and reports, per iteration: wall time, main-thread CPU time,\n"
      "process CPU time, GC pause time and count, bytes allocated on the V8 heap, and the peak heap; each is the\n"
      "median over repetitions, with its CV. Each case runs in a fresh isolate (or Node environment) through\n"
      "Google Benchmark, with warm-up. Progress, with the time left, goes to stderr.\n"
      "Without a path, runs the suites shipped with v8bench at full settings (about 180 cases: half an hour or more\n"
      "on a small machine): the figures worth keeping. For a first look in a few minutes, add --quick (each suite's\n"
      "small grid and short timings); for one suite, name its file; for some cases, --filter.\n"
      "With --engine PATH the suites run in another engine (Node, Deno, Bun, workerd or another v8bench) with the\n"
      "same table and output formats; a figure that engine cannot give is absent.";
  spec.options = {
      {"filter", "REGEX",
       "Runs only cases whose name (suite/bench/param:value...) matches this ECMAScript regex. Default: all cases."},
      RunSettingOption("repetitions",
                       "Measures each case N times; figures are medians over these, with their CV. Default: 5 (3 with "
                       "--quick)."),
      RunSettingOption(
          "isolates",
          "Runs each case in N fresh isolates (each a new V8 isolate, or a Node environment with its own), "
          "each warmed up on its own, and deals the repetitions out over them; every repetition records its "
          "isolate. A fresh isolate's speed varies with where V8's background work runs (e.g. whether V8 frees "
          "buffers on the main thread or on a worker) and with its tiering history, so one isolate can be "
          "unrepresentative; a case whose isolates differ by more than 10% is named after the table. At most "
          "--repetitions; not with --share-realm. Default: 1."),
      RunSettingOption("min-time", kMinTimeHelp),
      RunSettingOption("min-young-gcs", kMinYoungGcsHelp),
      RunSettingOption(
          "warmup",
          "Warms each case up untimed for at least S seconds, and until its code has stopped changing (no "
          "function compiled to optimised code, the same tiers) for max(S, 0.1) seconds and for as long as it took to "
          "stop; see --tier. "
          "Default: 0.2 (0.02 with --quick)."),
      RunSettingOption("max-warmup",
                       "Stops waiting for the code to stop changing after S seconds of warm-up; such a case is flagged "
                       "in the report. Default: 10."),
      {"keep-changed", "", kKeepChangedHelp},
      RunSettingOption("main-cpu", kMainCpuHelp),
      {"tier", "optimized|interpreter|auto", kTierHelp},
      {"explain", "", kExplainHelp},
      RunSettingOption("timeout",
                       "Terminates a case that takes longer than S seconds in one isolate (setup to teardown; see "
                       "--isolates) and reports it as timed out. Loading a suite file (its top level) has the same "
                       "limit; a file that exceeds it is "
                       "an error (exit code 2). Default: 120."),
      {"param", "NAME=V[,V...]",
       "Replaces parameter NAME's values in every grid that has it, e.g. --param size=1000000 runs only that size; "
       "repeatable. Default: the suites' own grids.",
       true},
      {"no-native", "",
       "Skips the native floors (the same work in C++: simdjson, libm, memcpy) that are otherwise measured after each "
       "case whose bench declares one, and shown beside it with the JS/native ratio."},
      {"quick", "",
       "Uses each suite's quick parameter grid and short timings: a smoke run of every bench, as the tests do."},
      {"share-realm", "",
       "Runs all cases of a suite file in one isolate instead of a fresh one per case: faster, but JIT feedback and "
       "heap state carry over between cases."},
      {"format", "console|json|csv|html|jsonl",
       "Output format: a table, Google Benchmark's JSON schema (with V8 version, flags, realm, semi-space and trig "
       "path in its context), CSV, or one self-contained HTML page with charts; jsonl (stdout only) is the worker "
       "protocol of `v8bench compare`: one JSON line per event, flushed at once. Default: console; with --out, "
       "taken from the file's extension."},
      {"plan-only", "", kPlanOnlyHelp},
      {"sealed", "", kSealedHelp},
      {"engine", "PATH", kEngineHelp},
      {"out", "FILE",
       "Writes the results to FILE in --format, rewritten atomically after every case so an interrupted run keeps what "
       "it measured; the table still goes to stdout. Default: stdout only."},
  };
  for (const auto& more : {CountingOptionSpecs(), EngineOptionSpecs()})
    spec.options.insert(spec.options.end(), more.begin(), more.end());
  spec.examples = kRunExamples;
  return spec;
}

}  // namespace v8bench::cli
