#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/report/atomic_file.h"
#include "harness/report/jsonl_reporter.h"
#include "harness/report/reporters.h"
#include "harness/report/results_stream.h"
#include "harness/runner/suite_runner.h"

namespace v8bench::cli {
namespace {

CommandSpec RunSpec() {
  CommandSpec spec;
  spec.name = "run";
  spec.synopsis = "v8bench run [SUITE_FILE|DIR ...] [options] [-- V8_FLAGS ...]";
  spec.description =
      "Runs benchmark suites in the embedded V8 and reports, per iteration: wall time, main-thread CPU time,\n"
      "process CPU time, GC pause time and count, bytes allocated on the V8 heap, and the peak heap; each is the\n"
      "median over repetitions, with its CV. Each case runs in a fresh isolate (or Node environment) through\n"
      "Google Benchmark, with warm-up. Without a path, runs the suites shipped with v8bench.";
  spec.options = {
      {"filter", "REGEX",
       "Runs only cases whose name (suite/bench/param:value...) matches this ECMAScript regex. Default: all cases."},
      RunSettingOption("repetitions",
                       "Measures each case N times; figures are medians over these, with their CV. Default: 5 (3 with "
                       "--quick)."),
      RunSettingOption("min-time",
                       "Runs each repetition for at least S seconds (Google Benchmark's MinTime). Default: 0.5 (0.05 "
                       "with --quick)."),
      RunSettingOption("warmup",
                       "Warms each case up untimed for at least S seconds, and until its code has stopped changing (no "
                       "function compiled to optimised code, the same tiers) for max(S, 0.1) seconds; see --tier. "
                       "Default: 0.2 (0.02 with --quick)."),
      RunSettingOption("max-warmup",
                       "Stops waiting for the code to stop changing after S seconds of warm-up; such a case is flagged "
                       "in the report. Default: 10."),
      {"tier", "optimized|interpreter|auto",
       "Which code is measured. optimized: after 4 feedback calls the bench and its batch loop are compiled by V8's "
       "optimising compiler as regular functions (not on-stack replacement), the same whatever --warmup or "
       "--min-time say: the code a function called many times gets in production. interpreter: never optimised. "
       "auto: V8's own heuristics, as in a plain script (the result can depend on the warm-up). Every repetition "
       "records the tiers that ran. Default: optimized."},
      RunSettingOption(
          "timeout",
          "Terminates a case that takes longer than S seconds in all (setup to teardown) and reports it "
          "as timed out. Loading a suite file (its top level) has the same limit; a file that exceeds it is "
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
       "protocol of `v8bench compare`: one JSON "
       "line per event, flushed at once. Default: console; with --out, taken from the file's extension."},
      {"out", "FILE",
       "Writes the results to FILE in --format, rewritten atomically after every case so an interrupted run keeps what "
       "it measured; the table still goes to stdout. Default: stdout only."},
  };
  for (auto& o : EngineOptionSpecs()) spec.options.push_back(o);
  spec.examples =
      "  v8bench run                                   # the shipped suites\n"
      "  v8bench run suites/example.js --quick\n"
      "  v8bench run suites/ --filter 'json_reviver/arrow' --semi-space 16 --out results.json\n"
      "  v8bench run suites/young_gen.js -- --max-semi-space-size=2 --trace-gc\n";
  return spec;
}

// Where the results go: --format and --out (whose extension picks the format when --format is absent).
struct Output {
  std::optional<std::string> path;
  OutputFormat format = OutputFormat::kConsole;
  bool jsonl = false;  // the worker protocol on stdout
};

Expected<Output> OutputFrom(const ParsedArgs& args) {
  auto format = args.GetChoice("format", {"console", "json", "csv", "html", "jsonl"});
  if (!format) return format.error();
  Output out;
  out.path = args.Get("out");
  const std::string chosen = format.value().value_or("");
  if (!chosen.empty()) {
    out.format = chosen == "json"   ? OutputFormat::kJson
                 : chosen == "csv"  ? OutputFormat::kCsv
                 : chosen == "html" ? OutputFormat::kHtml
                                    : OutputFormat::kConsole;
  } else if (out.path) {
    const std::string& p = *out.path;
    out.format = p.ends_with(".json")   ? OutputFormat::kJson
                 : p.ends_with(".csv")  ? OutputFormat::kCsv
                 : p.ends_with(".html") ? OutputFormat::kHtml
                                        : OutputFormat::kConsole;
  }
  out.jsonl = chosen == "jsonl";
  if (out.jsonl && out.path) return Error::Usage("--format jsonl writes to stdout; drop --out");
  if (out.path && out.format == OutputFormat::kConsole) {
    return Error::Usage(
        "--out " + *out.path +
        ": give --format json, csv or html (or a .json/.csv/.html file name); the table goes to stdout");
  }
  if (out.path) {
    if (auto writable = CheckWritable("--out", *out.path); !writable) return writable.error();
  }
  return out;
}

}  // namespace

int RunCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = RunSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  auto parsed_settings = RunSettingsFrom(*args);
  if (!parsed_settings) return Fail(parsed_settings.error());
  RunSettings settings = parsed_settings.value();
  settings.share_realm = args->Has("share-realm");
  settings.native_floors = !args->Has("no-native");
  auto output = OutputFrom(*args);
  if (!output) return Fail(output.error());
  const auto& out_path = output->path;
  const OutputFormat out_format = output->format;
  const bool jsonl = output->jsonl;

  auto engine = EngineOptionsFrom(*args);
  if (!engine) return Fail(engine.error());
  ReserveStdoutForResults();  // before any JS runs: suite output goes to stderr, never into results
  auto process = V8Process::Start(engine.value());
  if (!process) return Fail(process.error());
  auto files = LoadSuitesWithParams(*process.value(), SuitePathsOrDefault(args->positional), settings.quick,
                                    settings.params, settings.timeout_s);
  if (!files) return Fail(files.error());
  auto plan = PlanCases(files.value(), settings);
  if (!plan) return Fail(plan.error());

  RunContext context = MakeRunContext(*process.value(), engine.value());
  context.quick = settings.quick;
  context.repetitions = settings.repetitions;
  context.min_time_s = settings.min_time_s;

  std::vector<std::string> names;
  for (const auto& pc : plan.value()) names.push_back(pc.info.name);
  TeeSink sinks;
  const bool table_on_stdout = !jsonl && (out_path.has_value() || out_format == OutputFormat::kConsole);
  JsonlReporter lines(ResultsStream(), names);
  if (jsonl) sinks.Add(&lines);
  ConsoleReporter table(ResultsStream(), names);
  std::unique_ptr<DocumentReporter> document;
  if (table_on_stdout) sinks.Add(&table);
  if (!jsonl && out_format != OutputFormat::kConsole) {
    document = std::make_unique<DocumentReporter>(out_format, out_path.value_or("-"));
    sinks.Add(document.get());
  }

  const bool tty = !jsonl && isatty(STDERR_FILENO) != 0;
  ProgressFn progress = [&](std::size_t i, std::size_t n, const CaseInfo& info) {
    if (jsonl) {
      lines.CaseStarting(info);
    } else if (tty) {
      std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", i, n, info.name.c_str());
    } else if (!table_on_stdout) {
      std::fprintf(stderr, "[%zu/%zu] %s\n", i, n, info.name.c_str());
    }
  };
  sinks.Begin(context);
  const RunSummary summary = RunPlan(*process.value(), plan.value(), settings, sinks, progress);
  if (tty) std::fprintf(stderr, "\r\033[K");
  sinks.End();
  if (document && !document->write_error().empty()) return Fail(Error::Input(document->write_error()));
  return summary.failed > 0 ? 1 : 0;
}

}  // namespace v8bench::cli
