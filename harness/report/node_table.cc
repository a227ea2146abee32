#include "harness/report/node_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "harness/analysis/analysis_text.h"
#include "harness/stats/compare.h"

namespace v8bench::report {

using analysis::Analysis;
using analysis::CaseAnalysis;
using analysis::CellAnalysis;

namespace {

struct NodeRow {
  std::string name, confidence, improvement, accuracy, holm;
};

// The change in the rate from a ratio of costs (variant / baseline), in percent: compare.R's
// "improvement" (its rates are operations per second; a cost per operation is their inverse).
double RateChangePct(double cost_ratio) { return (1 / cost_ratio - 1) * 100; }

NodeRow RowOf(const Analysis& a, const CaseAnalysis& ca, std::size_t vi) {
  const CellAnalysis& cell = ca.cells[vi];
  NodeRow r;
  r.name = ca.cells.size() > 2 ? fmt::format("{} ({})", ca.key, a.variant_names[vi]) : ca.key;
  const analysis::Judgement& j = cell.judged;
  if (!ca.unsupported.empty()) {
    r.holm = "unsupported";
    return r;
  }
  if (cell.code_mixed) {
    r.holm = "mixed code";  // no figure: it would compare a mixture of code states (see the console report)
    return r;
  }
  if (cell.code_unsettled) {
    r.holm = "code unsettled";  // most blocks left out for code that changed while timed (the console report)
    return r;
  }
  if (j.verdict == stats::Verdict::kInsufficient || !std::isfinite(j.ratio.ratio) || !(j.ratio.ratio > 0)) {
    r.confidence = "NA";  // as compare.R, without two samples a side
    r.holm = "insufficient";
    return r;
  }
  r.improvement = fmt::format("{:.2f} %", RateChangePct(j.ratio.ratio));
  r.holm = VerdictText(a, cell);
  if (j.verdict == stats::Verdict::kNotJudged) return r;
  r.confidence = stats::SignificanceMarks(j.p);
  if (std::isfinite(j.ratio.low) && std::isfinite(j.ratio.high) && j.ratio.low > 0 && j.ratio.high > 0) {
    const double half = (RateChangePct(j.ratio.low) - RateChangePct(j.ratio.high)) / 2;
    r.accuracy = fmt::format("±{:.2f}%", std::abs(half));
  }
  return r;
}

// Display width of UTF-8 text (± is two bytes, one column).
std::size_t Columns(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string PadLeft(const std::string& s, std::size_t width) {
  const std::size_t w = Columns(s);
  return std::string(width > w ? width - w : 0, ' ') + s;
}

}  // namespace

std::string RenderNodeTable(const Analysis& a) {
  std::vector<NodeRow> rows;
  for (const CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) rows.push_back(RowOf(a, ca, vi));
  }
  const NodeRow head{"", "confidence", "improvement", "accuracy (*)", "holm"};
  std::size_t name_w = 0, conf_w = Columns(head.confidence), imp_w = Columns(head.improvement),
              acc_w = Columns(head.accuracy);
  for (const NodeRow& r : rows) {
    name_w = std::max(name_w, Columns(r.name));
    conf_w = std::max(conf_w, Columns(r.confidence));
    imp_w = std::max(imp_w, Columns(r.improvement));
    acc_w = std::max(acc_w, Columns(r.accuracy));
  }
  std::string out;
  auto line = [&](const NodeRow& r) {
    out += r.name + std::string(name_w - Columns(r.name), ' ') + " " + PadLeft(r.confidence, conf_w) + " " +
           PadLeft(r.improvement, imp_w) + " " + PadLeft(r.accuracy, acc_w) + "   " + r.holm + "\n";
  };
  line(head);
  for (const NodeRow& r : rows) line(r);
  const std::string base = a.variant_names.empty() ? "the baseline" : a.variant_names.front();
  const double n = static_cast<double>(a.comparisons);
  out += fmt::format(
      "\nimprovement: the change in operations per second ({} of {}) versus {}; accuracy (*): the half-width of its "
      "95% interval; confidence: *, **, *** for p < 0.05, 0.01, 0.001 ({} test, unadjusted).\n"
      "Be aware that the more comparisons, the more false positives among the stars: with {} comparisons, "
      "expect {:.2f} false positives at a 5% risk (*, **, ***), {:.2f} at 1% (**, ***), {:.2f} at 0.1% (***).\n"
      "holm: the verdict after Holm's correction over all {} comparisons at alpha {} (the gate uses it).\n",
      a.counter, a.metric, base, a.paired ? "paired Wilcoxon signed-rank" : "Mann-Whitney", a.comparisons, n * 0.05,
      n * 0.01, n * 0.001, a.comparisons, a.alpha);
  return out;
}

}  // namespace v8bench::report
