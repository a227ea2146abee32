// `v8bench diff BASE.json NEW.json`: the comparison's statistics and gate over saved results.
#include <fmt/format.h>

#include <cstdio>
#include <regex>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/report/atomic_file.h"
#include "harness/report/compare_html.h"
#include "harness/report/results_file.h"

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
      "subset). Exit: 0; 1 when the --threshold gate trips; 2 on a missing or corrupt file, mismatched cases, or\n"
      "fewer than --min-samples samples.";
  spec.options = {
      {"base-variant", "NAME", "The variant of a compare file BASE.json to use. Default: its first (baseline)."},
      {"new-variant", "NAME", "The variant of a compare file NEW.json to use. Default: its first (baseline)."},
      {"filter", "REGEX", "Compares only cases whose name matches this ECMAScript regex. Default: all cases."},
      {"out", "FILE",
       "Also writes the report to FILE, atomically: HTML for a .html name (charts of every sample), else JSON. "
       "Default: none."},
  };
  for (auto& o : SettingOptionSpecs(true)) spec.options.push_back(o);
  spec.examples =
      "  v8bench diff main.json patched.json --threshold 5\n"
      "  v8bench diff semi.json semi.json --new-variant semi1 --metric gc\n"
      "  v8bench diff gbench_before.json gbench_after.json --format markdown\n";
  return spec;
}

// The cases both sides hold (and --filter selects), or an Error::Input listing the ones only one holds.
Expected<analysis::Dataset> PairCases(const report::ResultsSide& base, const report::ResultsSide& next,
                                      const std::string& filter_text) {
  std::optional<std::regex> filter;
  if (!filter_text.empty()) filter.emplace(filter_text, std::regex::ECMAScript);
  auto selected = [&](const std::string& key) { return !filter || std::regex_search(key, *filter); };
  std::vector<std::string> only_base, only_new;
  analysis::Dataset data;
  data.variant_names = {"base", "new"};
  for (const auto& key : base.order) {
    if (!selected(key)) continue;
    auto it = next.cases.find(key);
    if (it == next.cases.end()) {
      only_base.push_back(key);
      continue;
    }
    data.cases.push_back({key, {base.cases.at(key), it->second}});
  }
  for (const auto& key : next.order) {
    if (selected(key) && base.cases.count(key) == 0) only_new.push_back(key);
  }
  if (only_base.empty() && only_new.empty() && !data.cases.empty()) return data;
  std::string msg = fmt::format("{} and {} do not hold the same cases", base.path, next.path);
  auto list = [&](const char* where, const std::vector<std::string>& keys) {
    if (keys.empty()) return;
    msg += fmt::format("\n  only in {} ({}):", where, keys.size());
    for (std::size_t i = 0; i < keys.size() && i < 8; ++i) msg += "\n    " + keys[i];
    if (keys.size() > 8) msg += "\n    ...";
  };
  list("BASE", only_base);
  list("NEW", only_new);
  if (data.cases.empty()) msg += "\n  no case is in both";
  msg += "\n(compare the same suites, or select the common cases with --filter)";
  return Error::Input(msg);
}

report::ReportHeader DiffHeader(const report::ResultsSide& base, const report::ResultsSide& next) {
  report::ReportHeader header;
  header.title = "v8bench diff";
  for (const auto* side : {&base, &next}) {
    header.lines.push_back(fmt::format("{}: {} ({}{}){}", side == &base ? "base" : "new", side->path, side->format,
                                       side->variant.empty() ? "" : ", variant " + side->variant,
                                       side->engine.empty() ? "" : " · " + side->engine));
  }
  return header;
}

}  // namespace

int DiffCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = DiffSpec();
  ParsedArgs args;
  if (auto stop = ParseCommand(spec, argv, args)) return *stop;
  if (args.positional.size() != 2) {
    return Fail(Error::Usage("diff takes two results files, BASE.json NEW.json (see `v8bench diff --help`)"));
  }
  driver::CompareSettings settings;
  settings.seed = 1;
  if (auto applied = ApplySettingOptions(args, true, settings); !applied) return Fail(applied.error());
  auto format = ReportFormat(args);
  if (!format) return Fail(format.error());
  const std::string filter = args.Get("filter").value_or("");
  if (auto checked = driver::CheckFilter(filter); !checked) return Fail(checked.error());
  const auto out = args.Get("out");
  if (out) {
    if (auto writable = CheckWritable("--out", *out); !writable) return Fail(writable.error());
  }
  auto base = report::ReadResultsSide(args.positional[0], args.Get("base-variant").value_or(""));
  if (!base) return Fail(base.error());
  auto next = report::ReadResultsSide(args.positional[1], args.Get("new-variant").value_or(""));
  if (!next) return Fail(next.error());
  auto data = PairCases(base.value(), next.value(), filter);
  if (!data) return Fail(data.error());

  const analysis::AnalysisOptions options = analysis::AnalysisOptionsFrom(settings);
  const std::string counter = analysis::ComparedMetric(options.metric).counter;
  bool any_metric = false;
  for (const auto& c : data->cases) {
    for (const auto& v : c.variants) any_metric = any_metric || v.metrics.count(counter) != 0;
  }
  if (!any_metric) {
    return Fail(Error::Input(
        fmt::format("--metric {}: neither file has {} figures (Google Benchmark JSON has only cpu and wall time)",
                    options.metric, counter)));
  }
  const analysis::Analysis analysed = analysis::Analyse(data.value(), options);
  const std::string json = report::RenderDiffJson(base.value(), next.value(), data.value(), analysed);
  const report::ReportHeader header = DiffHeader(base.value(), next.value());
  const std::string command = report::CommandLine("diff", argv);
  auto html = [&] { return report::RenderCompareHtml(analysed, data.value(), header, command); };
  if (format.value() == "json") {
    std::fwrite(json.data(), 1, json.size(), stdout);
  } else if (format.value() == "html") {
    const std::string doc = html();
    std::fwrite(doc.data(), 1, doc.size(), stdout);
  } else {
    PrintReport(analysed, header, format.value(), args, data.value());
  }
  if (out) {
    if (auto w = WriteFileAtomically(*out, out->ends_with(".html") ? html() : json); !w) return Fail(w.error());
  }
  return analysed.exit_code;
}

}  // namespace v8bench::cli
