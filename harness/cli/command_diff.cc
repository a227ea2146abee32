// `v8bench diff BASE.json NEW.json`: the comparison's statistics and gate over saved results.
#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_file.h"
#include "harness/report/diff_cases.h"

namespace v8bench::cli {
namespace {

Expected<int> Diff(const ParsedArgs& args, const std::vector<std::string>& argv) {
  StopAtOnceOnInterrupt();
  if (args.positional.size() != 2) {
    return Error::Usage("diff takes two results files, BASE.json NEW.json (see `v8bench diff --help`)");
  }
  driver::CompareSettings settings;
  settings.seed = 1;
  V8BENCH_OK(ApplySettingOptions(args, true, settings));
  V8BENCH_TRY(const std::string format, ReportFormat(args));
  const std::string filter = args.Get("filter").value_or("");
  V8BENCH_OK(CaseFilter::Parse(filter));
  V8BENCH_TRY(const std::optional<std::string> out, WritableOut(args));
  V8BENCH_TRY(const auto base, files::ReadResultsSide(args.positional[0], args.Get("base-variant").value_or("")));
  V8BENCH_TRY(const auto next, files::ReadResultsSide(args.positional[1], args.Get("new-variant").value_or("")));
  V8BENCH_TRY(const analysis::Dataset data, report::PairCases(base, next, filter));
  const analysis::AnalysisOptions options = analysis::AnalysisOptionsFrom(settings);
  V8BENCH_OK(report::CheckMetricPresent(data, options.metric));
  const analysis::Analysis analysed = analysis::Analyse(data, options);
  const std::string json = files::RenderDiffJson(base, next, data, analysed);
  V8BENCH_OK(EmitComparison(args, format, analysed, data, report::DiffHeader(base, next),
                            report::CommandLine("diff", argv), json, out));
  return analysed.exit_code;
}

}  // namespace

CommandSpec DiffSpec() {
  CommandSpec spec;
  spec.name = "diff";
  spec.summary = "compare two saved results files (v8bench or Google Benchmark JSON), with a gate";
  spec.synopsis = "v8bench diff BASE.json NEW.json [--threshold PCT] [--alpha A] [--metric M] [--format F]";
  spec.description =
      "Compares two saved results files case by case, with the statistics of `v8bench compare`: each may be a\n"
      "`compare --out` file (one of its variants), `run --out` JSON, or Google Benchmark JSON, with the same cases.\n"
      "A run or Google Benchmark file holds one process's repetitions, not independent samples: with one, diff\n"
      "reports the change without an interval or verdict.\n"
      "Exit: 0; 1 when the --threshold gate trips; 2 on a missing or corrupt file, mismatched cases, fewer than\n"
      "--min-samples samples, too few samples for a verdict, or a gate with nothing judged.";
  spec.options = {
      {"base-variant", "NAME", "The variant of a compare file BASE.json to use. Default: its first (baseline)."},
      {"new-variant", "NAME", "The variant of a compare file NEW.json to use. Default: its first (baseline)."},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"out", "FILE", "Also writes the report to FILE: HTML (.html), Markdown (.md), else JSON. Default: none."},
  };
  for (auto& o : SettingOptionSpecs(true)) spec.options.push_back(o);
  spec.examples =
      "  v8bench diff main.json patched.json --threshold 5\n"
      "  v8bench diff semi.json semi.json --new-variant semi1 --metric gc\n"
      "  v8bench diff gbench_before.json gbench_after.json --format markdown\n";
  spec.run = Diff;
  return spec;
}

}  // namespace v8bench::cli
