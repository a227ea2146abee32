// `v8bench diff BASE.json NEW.json`: the comparison's statistics and gate over saved results.
#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_file.h"
#include "harness/report/diff_cases.h"

namespace v8bench::cli {
namespace {

CommandSpec DiffSpec() {
  CommandSpec spec;
  spec.name = "diff";
  spec.synopsis = "v8bench diff BASE.json NEW.json [--threshold PCT] [--alpha A] [--metric M] [--format F]";
  spec.description =
      "Compares two saved results files case by case, with the statistics of `v8bench compare`: each file may be\n"
      "a `v8bench compare --out` file (one of its variants), `v8bench run --out` JSON, or Google Benchmark JSON\n"
      "(its per-repetition entries are the samples). Both must hold the same cases (use --filter to compare a\n"
      "subset). Verdicts need independent samples: a compare file's samples each ran in a worker process of\n"
      "their own; a run or Google Benchmark file holds one process's repetitions, which share its speed state,\n"
      "so with such a file on either side diff reports the change without an interval or a verdict.\n"
      "Exit: 0; 1 when the --threshold gate trips; 2 on a missing or corrupt file, mismatched cases, fewer than\n"
      "--min-samples samples, too few samples for a verdict after Holm, or a gate with nothing judged.";
  spec.options = {
      {"base-variant", "NAME", "The variant of a compare file BASE.json to use. Default: its first (baseline)."},
      {"new-variant", "NAME", "The variant of a compare file NEW.json to use. Default: its first (baseline)."},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"out", "FILE",
       "Also writes the report to FILE, atomically: HTML for a .html name (charts of every sample), Markdown for a .md "
       "name, else JSON. "
       "Default: none."},
  };
  for (auto& o : SettingOptionSpecs(true)) spec.options.push_back(o);
  spec.examples =
      "  v8bench diff main.json patched.json --threshold 5\n"
      "  v8bench diff semi.json semi.json --new-variant semi1 --metric gc\n"
      "  v8bench diff gbench_before.json gbench_after.json --format markdown\n";
  return spec;
}

}  // namespace

int DiffCommand(const std::vector<std::string>& argv) {
  ParsedArgs args;
  if (auto stop = ParseCommand(DiffSpec(), argv, args)) return *stop;
  StopAtOnceOnInterrupt();
  if (args.positional.size() != 2) {
    return Fail(Error::Usage("diff takes two results files, BASE.json NEW.json (see `v8bench diff --help`)"));
  }
  driver::CompareSettings settings;
  settings.seed = 1;
  if (auto applied = ApplySettingOptions(args, true, settings); !applied) return Fail(applied.error());
  auto format = ReportFormat(args);
  if (!format) return Fail(format.error());
  const std::string filter = args.Get("filter").value_or("");
  if (auto checked = CaseFilter::Parse(filter); !checked) return Fail(checked.error());
  auto writable_out = WritableOut(args);
  if (!writable_out) return Fail(writable_out.error());
  const std::optional<std::string>& out = writable_out.value();
  auto base = files::ReadResultsSide(args.positional[0], args.Get("base-variant").value_or(""));
  if (!base) return Fail(base.error());
  auto next = files::ReadResultsSide(args.positional[1], args.Get("new-variant").value_or(""));
  if (!next) return Fail(next.error());
  auto data = report::PairCases(base.value(), next.value(), filter);
  if (!data) return Fail(data.error());
  const analysis::AnalysisOptions options = analysis::AnalysisOptionsFrom(settings);
  if (auto present = report::CheckMetricPresent(data.value(), options.metric); !present) return Fail(present.error());
  const analysis::Analysis analysed = analysis::Analyse(data.value(), options);
  const std::string json = files::RenderDiffJson(base.value(), next.value(), data.value(), analysed);
  if (auto emitted =
          EmitComparison(args, format.value(), analysed, data.value(), report::DiffHeader(base.value(), next.value()),
                         report::CommandLine("diff", argv), json, out);
      !emitted) {
    return Fail(emitted.error());
  }
  return analysed.exit_code;
}

}  // namespace v8bench::cli
