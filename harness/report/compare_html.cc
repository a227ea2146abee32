#include "harness/report/compare_html.h"

#include <fmt/format.h>

#include <cmath>

#include "harness/measure/metrics.h"
#include "harness/model/units.h"
#include "harness/report/html.h"

namespace v8bench::report {

using namespace driver;    // the comparison
using namespace analysis;  // and its analysis, which these files report

namespace {

const char* VerdictClass(stats::Verdict v) {
  switch (v) {
    case stats::Verdict::kLower:
      return "lower";
    case stats::Verdict::kHigher:
      return "higher";
    case stats::Verdict::kNoChange:
      return "same";
    case stats::Verdict::kInsufficient:
    case stats::Verdict::kTooFewSamples:
    case stats::Verdict::kNotJudged:
      return "insufficient";
  }
  return "insufficient";
}

std::string VariantClass(std::size_t i) { return fmt::format("v{}", i % 6); }

std::string FormatChange(double change) { return fmt::format("{:+.2f}%", change * 100); }

std::string FormatP(double p) { return p < 0.001 ? "<0.001" : fmt::format("{:.3f}", p); }

// The title, the facts the figures rest on, the verdicts at a glance and the gate.
std::string Summary(const Analysis& a, const ReportHeader& header, const std::string& command) {
  const MetricInfo& metric = ComparedMetric(a.metric);
  std::string body = "<h1>" + html::Escape(header.title) + "</h1>\n";
  std::vector<std::pair<std::string, std::string>> facts;
  for (const auto& line : header.lines) facts.emplace_back("", line);
  facts.emplace_back("metric", fmt::format("{} ({}), per iteration", a.metric, metric.title));
  facts.emplace_back("statistics",
                     fmt::format("95% bootstrap CI of the ratio of medians; Mann-Whitney at alpha {}, Holm over {} "
                                 "comparisons; changes under {} are never called significant; at least {} samples",
                                 a.alpha, a.comparisons, FormatPercent(a.noise_floor), a.min_samples));
  if (!command.empty()) facts.emplace_back("command", command);
  body += html::FactsTable(facts);
  body += fmt::format("<p>{} comparisons: {} significant, {} after Holm.</p>\n", a.comparisons, a.significant,
                      a.significant_holm);
  for (const auto& line : UnjudgedLines(a)) body += "<p class=\"warn\">" + html::Escape(line) + "</p>\n";
  if (!a.threshold) return body;
  if (a.trips.empty()) {
    return body +
           fmt::format("<p class=\"{}\">{}</p>\n", a.exit_code == 0 ? "same" : "warn", html::Escape(GateLine(a)));
  }
  body += fmt::format("<p class=\"warn\"><b>gate tripped</b> (threshold {}, exit {}):</p><ul>",
                      FormatPercent(*a.threshold), a.exit_code);
  for (const auto& t : a.trips) {
    body += fmt::format("<li>{} ({}): {}</li>", html::Escape(t.key), html::Escape(t.variant),
                        html::Escape(TripReason(a, t)));
  }
  return body + "</ul>\n";
}

// Forest plot: every non-baseline cell with enough samples.
std::string Forest(const Analysis& a) {
  const MetricInfo& metric = ComparedMetric(a.metric);
  std::vector<html::ForestRow> forest;
  for (const CaseAnalysis& c : a.cases) {
    for (std::size_t v = 1; v < c.cells.size(); ++v) {
      const CellAnalysis& cell = c.cells[v];
      auto it = cell.versus.find(a.counter);
      // Not judged (one process per side) or mixed code: no interval to draw.
      if (it == cell.versus.end() || cell.insufficient || cell.code_mixed ||
          it->second.verdict == stats::Verdict::kNotJudged) {
        continue;
      }
      const stats::SampleComparison& cmp = it->second;
      html::ForestRow row;
      row.label = a.variant_names.size() > 2 ? c.key + " (" + a.variant_names[v] + ")" : c.key;
      row.change = cmp.ratio.ratio - 1;
      row.low = cmp.ratio.low - 1;
      row.high = cmp.ratio.high - 1;
      row.css_class = VerdictClass(cell.holm_verdict);
      row.note =
          fmt::format("{} {} · p {} · Holm {}", FormatChange(row.change), stats::VerdictName(cmp.verdict, a.is_time),
                      FormatP(cmp.mann_whitney.p), VerdictText(a, cell));
      forest.push_back(std::move(row));
    }
  }
  std::string body =
      fmt::format("<h2>Change of {} versus {} (95% CI), coloured by the Holm-adjusted verdict</h2>\n",
                  html::Escape(metric.title), html::Escape(a.variant_names.empty() ? "" : a.variant_names[0]));
  body += forest.empty() ? std::string("<p class=\"note\">no comparison has an interval to draw</p>")
                         : html::ForestPlot(forest);
  return body +
         "\n<p class=\"note\"><span class=\"lower\">■ lower</span> · <span class=\"higher\">■ higher</span> · "
         "<span class=\"same\">■ no change</span> · <span class=\"insufficient\">■ insufficient</span></p>\n";
}

// One row of the cases table: variant `v` of case `c`.
std::string CaseRow(const Analysis& a, const CaseAnalysis& c, std::size_t v) {
  const MetricInfo& metric = ComparedMetric(a.metric);
  const CellAnalysis& cell = c.cells[v];
  auto m = cell.metrics.find(a.counter);
  auto alloc = cell.metrics.find(metric::kAlloc);
  const std::string share = cell.gc_share ? html::ShareBar(*cell.gc_share, 60) + FormatPercent(*cell.gc_share) : "—";
  std::string change = "", ci = "", p = "", verdict = v == 0 ? "baseline" : "", holm = "";
  auto it = cell.versus.find(a.counter);
  if (v > 0 && cell.code_mixed) {
    verdict = holm = "mixed code";  // no change figure: it would compare a mixture of code states (the notes)
  } else if (v > 0 && it != cell.versus.end() && it->second.verdict == stats::Verdict::kNotJudged) {
    change = FormatChange(it->second.ratio.ratio - 1);  // the change alone: no interval or p over one process
    verdict = holm = "not judged";
  } else if (v > 0 && it != cell.versus.end()) {
    const auto& cmp = it->second;
    change = FormatChange(cmp.ratio.ratio - 1);
    ci = fmt::format("[{}, {}]", FormatChange(cmp.ratio.low - 1), FormatChange(cmp.ratio.high - 1));
    p = FormatP(cmp.mann_whitney.p);
    verdict = fmt::format("<span class=\"{}\">{}</span>", VerdictClass(cmp.verdict),
                          stats::VerdictName(cmp.verdict, a.is_time));
    holm = fmt::format("<span class=\"{}\">{}</span>", VerdictClass(cell.holm_verdict),
                       html::Escape(VerdictText(a, cell)));
  }
  return fmt::format(
      "<tr><td>{}</td><td class=\"{}\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
      "<td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
      "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>\n",
      v == 0 ? html::Escape(c.key) : "", VariantClass(v), html::Escape(a.variant_names[v]),
      m == cell.metrics.end() ? 0 : m->second.n,
      m == cell.metrics.end() ? "—" : html::Escape(FormatValue(m->second.median, metric.unit)),
      m == cell.metrics.end() ? "—" : html::Escape(FormatPercent(m->second.cv)), share,
      alloc == cell.metrics.end() ? "—" : html::Escape(FormatBytes(alloc->second.median)), html::Escape(change),
      html::Escape(ci), html::Escape(p), verdict, holm);
}

std::string CasesTable(const Analysis& a) {
  std::string body = fmt::format(
      "<h2>Cases</h2>\n<table class=\"cases\"><tr><th>case</th><th>variant</th><th>n</th><th>{}</th><th>±CV</th>"
      "<th>GC share</th><th>alloc</th><th>change</th><th>95% CI</th><th>p "
      "(MW)</th><th>verdict</th><th>Holm</th></tr>\n",
      html::Escape(ComparedMetric(a.metric).title));
  for (const CaseAnalysis& c : a.cases) {
    if (!c.unsupported.empty()) {
      body += fmt::format("<tr><td>{}</td><td colspan=\"11\" class=\"note\">unsupported: {}</td></tr>\n",
                          html::Escape(c.key), html::Escape(c.unsupported));
      continue;
    }
    for (std::size_t v = 0; v < c.cells.size(); ++v) body += CaseRow(a, c, v);
  }
  return body + "</table>\n";
}

// GC share, allocation and failures per variant, beside a case's samples.
std::string CaseFacts(const Analysis& a, const CaseAnalysis& c) {
  std::string body = "<table class=\"facts\">";
  for (std::size_t v = 0; v < c.cells.size() && v < a.variant_names.size(); ++v) {
    const CellAnalysis& cell = c.cells[v];
    auto alloc = cell.metrics.find(metric::kAlloc);
    body += fmt::format("<tr><td class=\"{}\">{}</td><td>GC {}{}</td><td>alloc {}</td></tr>", VariantClass(v),
                        html::Escape(a.variant_names[v]), cell.gc_share ? html::ShareBar(*cell.gc_share, 60) : "",
                        cell.gc_share ? html::Escape(FormatPercent(*cell.gc_share)) : "—",
                        alloc == cell.metrics.end() ? "—" : html::Escape(FormatBytes(alloc->second.median)));
    for (const auto& f : cell.failures) {
      body +=
          fmt::format("<tr><td></td><td colspan=\"2\" class=\"warn mono\">{}</td></tr>", html::Escape(NoteLine(a, f)));
    }
  }
  return body + "</table>";
}

// Every sample, per case, on a shared axis per case.
std::string Samples(const Analysis& a, const Dataset& data) {
  const MetricInfo& metric = ComparedMetric(a.metric);
  auto format = [&](double v) { return FormatValue(v, metric.unit); };
  std::string body =
      fmt::format("<h2>Samples of {} per case (each mark one worker process; box: quartiles and median)</h2>\n",
                  html::Escape(metric.title));
  for (const CaseSeries& cs : data.cases) {
    std::vector<html::StripRow> rows;
    for (std::size_t v = 0; v < cs.variants.size() && v < data.variant_names.size(); ++v) {
      html::StripRow row;
      row.label = data.variant_names[v];
      row.css_class = VariantClass(v);
      if (auto it = cs.variants[v].metrics.find(a.counter); it != cs.variants[v].metrics.end()) {
        for (double x : it->second) {
          if (std::isfinite(x)) row.values.push_back(x);
        }
      }
      rows.push_back(std::move(row));
    }
    body += "<section class=\"case-samples\"><h3>" + html::Escape(cs.key) + "</h3><div class=\"case\"><div>" +
            html::StripPlot(rows, format) + "</div>";
    for (const CaseAnalysis& c : a.cases) {
      if (c.key == cs.key) body += CaseFacts(a, c);
    }
    body += "</div></section>\n";
  }
  return body;
}

std::string Notes(const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string body = fmt::format("<h3>{}</h3><ul>", html::Escape(title));
  for (const auto& l : lines) body += "<li>" + html::Escape(l) + "</li>";
  return body + "</ul>\n";
}

}  // namespace

std::string RenderCompareHtml(const Analysis& a, const Dataset& data, const ReportHeader& header,
                              const std::string& command) {
  std::string body = Summary(a, header, command) + Forest(a) + CasesTable(a) + Samples(a, data);
  std::vector<std::string> multimodal;
  for (const auto& m : a.multimodal) multimodal.push_back(MultimodalLine(a, m));
  body += Notes("Multimodal samples (look at the strip plots)", multimodal);
  body += Notes("Not enough samples", NoteLines(a, a.insufficient));
  body += Notes("Unsupported", NoteLines(a, a.unsupported));
  body += Notes("Work moved between threads", NoteLines(a, a.threads));
  body += Notes("Samples on different CPUs", NoteLines(a, a.cpus));
  body += Notes("Warm-ups that reached --max-warmup", NoteLines(a, a.warmups));
  body += Notes("Sequential stopping", StoppingLines(a));
  return html::Page(header.title, body);
}

}  // namespace v8bench::report
