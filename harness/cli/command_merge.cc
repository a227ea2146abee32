// `v8bench merge SHARD.json ...`: the shards of a `compare --shard K/N` joined into one comparison
// (files/shard_merge.h), analysed and reported as `compare` reports, with Holm over all the cases.
#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_file.h"
#include "harness/files/shard_merge.h"

namespace v8bench::cli {
namespace {

Expected<int> Merge(const ParsedArgs& args, const std::vector<std::string>& argv) {
  StopAtOnceOnInterrupt();
  if (args.positional.empty()) {
    return Error::Usage("merge takes the shards' results files, SHARD.json ... (see `v8bench merge --help`)");
  }
  V8BENCH_TRY(const std::string format, ReportFormat(args));
  V8BENCH_TRY(const std::optional<std::string> out, WritableOut(args));
  std::vector<files::ShardFile> files;
  for (const auto& path : args.positional) {
    V8BENCH_TRY(auto state, files::ReadCompareState(path));
    files.push_back({path, std::move(state)});
  }
  V8BENCH_TRY(driver::CompareState state, files::MergeShards(files, args.Has("allow-partial")));
  V8BENCH_OK(ApplySettingOptions(args, true, state.settings));
  V8BENCH_OK(driver::ValidateSettings(state.settings, ""));
  const analysis::Dataset data = analysis::DatasetFrom(state);
  if (data.cases.empty()) return Error::Input("the shards hold no measured case; nothing to merge");
  const analysis::Analysis analysed = analysis::Analyse(data, analysis::AnalysisOptionsFrom(state.settings));
  V8BENCH_OK(EmitComparison(args, format, analysed, data, report::CompareHeader(state),
                            report::CommandLine("merge", argv), files::RenderCompareJson(state, &analysed), out));
  return analysed.exit_code;
}

}  // namespace

CommandSpec MergeSpec() {
  CommandSpec spec;
  spec.name = "merge";
  spec.summary = "join the results files of `compare --shard K/N` into one comparison (Holm over all cases)";
  spec.synopsis = "v8bench merge SHARD.json ... [--out FILE] [--allow-partial] [--threshold PCT] [--format F]";
  spec.description =
      "Joins the results files of `v8bench compare --shard K/N` into one comparison and reports it as compare\n"
      "does, with Holm over all the cases of all shards. Shards that do not belong together (settings, suites,\n"
      "cases, variants, engines) are refused, naming the difference, as are a missing or unfinished shard unless\n"
      "--allow-partial. The statistics options default to the shards' own values.\n"
      "Exit: 0; 1 when the --threshold gate trips; 2 on shards that do not belong together, a missing shard,\n"
      "a missing or corrupt file, or too few samples.";
  spec.options = {
      {"out", "FILE", "Writes the merged comparison to FILE: HTML (.html), Markdown (.md), else JSON. Default: none."},
      {"allow-partial", "",
       "Analyses the shards given even when some are missing or unfinished. Default: every shard, finished."},
  };
  for (auto& o : SettingOptionSpecs(true)) spec.options.push_back(o);
  spec.examples =
      "  v8bench merge shard-1.json shard-2.json shard-3.json --out all.json\n"
      "  v8bench merge shards/*.json --format markdown --threshold 5 > comment.md\n";
  spec.run = Merge;
  return spec;
}

}  // namespace v8bench::cli
