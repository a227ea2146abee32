// `v8bench diff BASE.json NEW.json`: the comparison's statistics and gate over saved results.
#include <fmt/format.h>

#include <cstdio>
#include <regex>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/driver/results_file.h"
#include "harness/report/atomic_file.h"

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
      {"seed", "N", "Seeds the bootstrap. Default: 1."},
      {"out", "FILE", "Also writes the report as JSON to FILE. Default: none."},
  };
  for (auto& o : StatisticsOptionSpecs()) spec.options.push_back(o);
  spec.examples =
      "  v8bench diff main.json patched.json --threshold 5\n"
      "  v8bench diff semi.json semi.json --new-variant semi1 --metric gc\n"
      "  v8bench diff gbench_before.json gbench_after.json --format markdown\n";
  return spec;
}

}  // namespace

int DiffCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = DiffSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  if (args->positional.size() != 2) {
    return Fail(Error::Usage("diff takes two results files, BASE.json NEW.json (see `v8bench diff --help`)"));
  }
  auto statistics = StatisticsFrom(*args);
  if (!statistics) return Fail(statistics.error());
  std::optional<std::regex> filter;
  if (auto f = args->Get("filter")) {
    try {
      filter.emplace(*f, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      return Fail(Error::Usage("--filter: '" + *f + "' is not a valid regular expression (" + e.what() + ")"));
    }
  }
  auto base = driver::ReadResultsSide(args->positional[0], args->Get("base-variant").value_or(""));
  if (!base) return Fail(base.error());
  auto next = driver::ReadResultsSide(args->positional[1], args->Get("new-variant").value_or(""));
  if (!next) return Fail(next.error());

  auto selected = [&](const std::string& key) { return !filter || std::regex_search(key, *filter); };
  std::vector<std::string> only_base, only_new;
  driver::Dataset data;
  data.variant_names = {"base", "new"};
  for (const auto& key : base->order) {
    if (!selected(key)) continue;
    auto it = next->cases.find(key);
    if (it == next->cases.end()) {
      only_base.push_back(key);
      continue;
    }
    data.cases.push_back({key, {base->cases.at(key), it->second}});
  }
  for (const auto& key : next->order) {
    if (selected(key) && base->cases.count(key) == 0) only_new.push_back(key);
  }
  if (!only_base.empty() || !only_new.empty() || data.cases.empty()) {
    std::string msg = fmt::format("{} and {} do not hold the same cases", base->path, next->path);
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
    return Fail(Error::Input(msg));
  }

  driver::AnalysisOptions options;
  options.metric = statistics->metric.value_or(kDefaultCompareMetric);
  if (statistics->alpha) options.stats.alpha = *statistics->alpha;
  if (statistics->noise_floor) options.stats.noise_floor = *statistics->noise_floor;
  if (statistics->min_samples) options.stats.min_samples = static_cast<std::size_t>(*statistics->min_samples);
  options.threshold = statistics->threshold;
  if (auto seed = args->Get("seed")) options.stats.seed = std::strtoull(seed->c_str(), nullptr, 10);
  const std::string counter = driver::ComparedMetric(options.metric).counter;
  bool any_metric = false;
  for (const auto& c : data.cases) {
    for (const auto& v : c.variants) any_metric = any_metric || v.metrics.count(counter) != 0;
  }
  if (!any_metric) {
    return Fail(
        Error::Input(fmt::format("--metric {}: neither file has {} figures (Google Benchmark JSON has only "
                                 "cpu and wall time)",
                                 options.metric, counter)));
  }
  const driver::Analysis analysis = driver::Analyse(data, options);

  driver::ReportHeader header;
  header.title = "v8bench diff";
  for (const auto* side : {&base.value(), &next.value()}) {
    header.lines.push_back(fmt::format("{}: {} ({}{}){}", side == &base.value() ? "base" : "new", side->path,
                                       side->format, side->variant.empty() ? "" : ", variant " + side->variant,
                                       side->engine.empty() ? "" : " · " + side->engine));
  }
  const std::string json = driver::RenderDiffJson(base.value(), next.value(), data, analysis);
  if (statistics->format == "json") {
    std::fwrite(json.data(), 1, json.size(), stdout);
  } else {
    PrintReport(analysis, header, statistics->format);
  }
  if (auto out = args->Get("out")) {
    if (auto w = WriteFileAtomically(*out, json); !w) return Fail(w.error());
  }
  return analysis.exit_code;
}

}  // namespace v8bench::cli
