#include "harness/report/diff_cases.h"

#include <fmt/format.h>

#include <optional>
#include <utility>
#include <vector>

#include "harness/model/suite.h"

namespace v8bench::report {

Expected<Dataset> PairCases(const files::ResultsSide& base, const files::ResultsSide& next,
                            const std::string& filter_text) {
  std::optional<CaseFilter> filter;
  if (!filter_text.empty()) {
    auto parsed = CaseFilter::Parse(filter_text);
    if (!parsed) return parsed.error();
    filter = std::move(parsed.value());
  }
  auto selected = [&](const std::string& key) { return !filter || filter->Matches(key); };
  std::vector<std::string> only_base, only_new;
  Dataset data;
  data.variant_names = {"base", "new"};
  data.one_process = !base.own_processes || !next.own_processes;
  for (const auto& key : base.order) {
    if (!selected(key)) continue;
    auto it = next.cases.find(key);
    if (it == next.cases.end()) {
      only_base.push_back(key);
      continue;
    }
    analysis::CaseSeries cs;
    cs.key = key;
    cs.variants = {base.cases.at(key), it->second};
    data.cases.push_back(std::move(cs));
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

ReportHeader DiffHeader(const files::ResultsSide& base, const files::ResultsSide& next) {
  ReportHeader header;
  header.title = "v8bench diff";
  for (const auto* side : {&base, &next}) {
    header.lines.push_back(fmt::format("{}: {} ({}{}){}", side == &base ? "base" : "new", side->path, side->format,
                                       side->variant.empty() ? "" : ", variant " + side->variant,
                                       side->engine.empty() ? "" : " · " + side->engine));
  }
  return header;
}

Status CheckMetricPresent(const Dataset& data, const std::string& metric) {
  const std::string counter = analysis::ComparedMetric(metric).counter;
  for (const auto& c : data.cases) {
    for (const auto& v : c.variants) {
      if (v.metrics.count(counter) != 0) return OkStatus();
    }
  }
  return Error::Input(fmt::format(
      "--metric {}: neither file has {} figures (Google Benchmark JSON has only cpu and wall time)", metric, counter));
}

}  // namespace v8bench::report
