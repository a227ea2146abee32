// The run report as one self-contained HTML page: the engine and machine, then per case its time,
// CPU, GC share, allocation, the JS/native ratio and, per repetition, the code that ran (a strip
// plot of the repetitions' wall times coloured by whether V8 changed the code while it was timed).
#include <fmt/format.h>

#include "harness/measure/metrics.h"
#include "harness/model/units.h"
#include "harness/report/case_summary.h"
#include "harness/report/html.h"
#include "harness/report/reporters.h"

namespace v8bench {
namespace {

std::string Tier(const std::optional<CodeTier>& t) { return t ? CodeTierName(*t) : "?"; }

std::string CodeText(const CodeState& c) {
  return fmt::format("{} / {} · {} · {}", Tier(c.batch), Tier(c.bench),
                     c.compiles ? fmt::format("{} compiles while timed", *c.compiles) : "compiles unknown",
                     c.changed ? "changed" : "steady");
}

std::string CaseSection(const CaseResult& r) {
  std::string out = fmt::format("<section class=\"case-detail\"><h3>{}</h3>", html::Escape(r.info.name));
  html::StripRow row;
  row.label = "repetitions";
  row.css_class = "steady";
  std::vector<html::StripRow> rows;
  html::StripRow changed{"code changed", {}, "changed", {}};
  std::string reps =
      "<table class=\"cases\"><tr><th>rep</th><th>iterations</th><th>wall</th><th>CPU</th>"
      "<th>batch loop / bench</th><th>compiles</th><th>code</th></tr>";
  for (std::size_t i = 0; i < r.samples.size(); ++i) {
    const Sample& s = r.samples[i];
    const double wall = s.Get(metric::kWall).value_or(0);
    const std::string title = fmt::format("repetition {}: {}{}", i + 1, FormatDuration(wall),
                                          s.code ? " · " + CodeText(*s.code) : std::string());
    html::StripRow& target = s.code && s.code->changed ? changed : row;
    target.values.push_back(wall);
    target.titles.push_back(title);
    reps += fmt::format(
        "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
        i + 1, s.iterations, html::Escape(FormatDuration(wall)),
        html::Escape(s.Get(metric::kCpu) ? FormatDuration(*s.Get(metric::kCpu)) : "n/a"));
    if (s.code) {
      reps +=
          fmt::format("<td>{} / {}</td><td class=\"num\">{}</td><td>{}</td></tr>", html::Escape(Tier(s.code->batch)),
                      html::Escape(Tier(s.code->bench)), s.code->compiles ? std::to_string(*s.code->compiles) : "?",
                      s.code->changed ? "<b class=\"warn\">changed while timed</b>" : "steady");
    } else {
      reps += "<td colspan=\"3\" class=\"note\">unknown (this engine cannot tell)</td></tr>";
    }
  }
  rows.push_back(std::move(row));
  if (!changed.values.empty()) rows.push_back(std::move(changed));
  out += "<div class=\"case\"><div>" + html::StripPlot(rows, [](double v) { return FormatDuration(v); }) +
         "</div><div>" + reps + "</table></div></div>";
  const CodeSummary code = SummariseCode(r);
  if (!code.note.empty()) out += "<p class=\"warn\">" + html::Escape(code.note) + "</p>";
  if (auto iso = SummariseIsolates(r); iso && iso->spread > kIsolateSpreadNoted) {
    out += fmt::format(
        "<p class=\"warn\">its {} fresh isolates timed {} apart (median CPU time); the figure is over all of "
        "them</p>",
        iso->isolates, FormatPercent(iso->spread));
  }
  if (auto cpus = SummariseCpus(r); cpus && CpusNoted(*cpus)) {
    out += fmt::format(
        "<p class=\"warn\">its repetitions ran on different CPUs, which timed {} apart (median CPU time: {}); on a VM "
        "the CPUs can run at different speeds: pin the measuring thread with --main-cpu N</p>",
        FormatPercent(cpus->spread), html::Escape(CpuMediansText(*cpus)));
  }
  if (auto shift = SummariseThreads(r)) {
    out += fmt::format(
        "<p class=\"warn\">V8's background threads did {} to {} of work per iteration, depending on the repetition; "
        "the main-thread figure moves with where that work ran (see all-thread CPU)</p>",
        FormatDuration(shift->least_ns), FormatDuration(shift->most_ns));
  }
  if (r.warmup_capped) out += "<p class=\"warn\">warm-up hit --max-warmup; the code may still have been changing</p>";
  return out + "</section>\n";
}

}  // namespace

std::string RenderHtml(const RunContext& c, const std::vector<CaseResult>& results) {
  std::string load;
  for (double l : c.load_avg) load += fmt::format("{}{:.2f}", load.empty() ? "" : " ", l);
  std::string body = "<h1>v8bench run</h1>\n";
  body += html::FactsTable({
      {"V8", c.v8_version + (c.node_version.empty() ? "" : " (Node " + c.node_version + ")")},
      {"V8 flags", c.v8_flags.empty() ? "(none)" : c.v8_flags},
      {"semi-space",
       c.semi_space_mb ? fmt::format("{} MB", *c.semi_space_mb) : "not pinned (the V8 flags say where it starts)"},
      {"young generation", FormatBytes(static_cast<double>(c.young_generation_bytes))},
      {"trig path", fmt::format("{} (mismatch vs libm {})", c.trig_path, FormatPercent(c.trig_mismatch_fraction))},
      {"C heap", c.malloc_policy.empty() ? "(not recorded)" : c.malloc_policy},
      {"machine", fmt::format("{} · {} CPUs · {:.0f} MHz · scaling {} · load {}", c.host_name, c.num_cpus,
                              c.mhz_per_cpu, c.cpu_scaling_enabled ? "on" : "off", load)},
      {"sampling", fmt::format("{} repetitions{} · min time {} s{}{}", c.repetitions,
                               c.isolates > 1 ? fmt::format(" in {} isolates", c.isolates) : "", c.min_time_s,
                               c.quick ? " · quick" : "", PinnedText(c))},
      {"executable", c.executable + " (" + c.build_type + ")"},
      {"date", c.date},
  });
  body +=
      "<h2>Cases</h2>\n<table class=\"cases\"><tr><th>case</th><th>status</th><th>time</th><th>±CV</th>"
      "<th>CPU</th><th>GC share</th><th>alloc</th><th>JS / native</th><th>code</th></tr>\n";
  std::string details;
  for (const CaseResult& r : results) {
    if (r.status != CaseStatus::kOk) {
      body += fmt::format("<tr><td>{}</td><td class=\"warn\">{}</td><td colspan=\"7\" class=\"mono\">{}</td></tr>\n",
                          html::Escape(r.info.name), CaseStatusName(r.status), html::Escape(r.error));
      continue;
    }
    const CaseSummary s = Summarise(r);
    auto med = [&](const char* name) { return s.Find(name) ? s.Find(name)->median : 0.0; };
    const MetricSummary* wall = s.Find(metric::kWall);
    const double cpu = med(metric::kCpu), gc = med(metric::kGc);
    const double share = GcShare(gc, wall ? wall->median : 0);
    std::string native = "—";
    if (auto floor = SummariseFloor(r)) {
      native = floor->below_floor ? "withheld (floor not steady)"
                                  : fmt::format("{:.3g}× ({} {})", floor->js_over_native, floor->kind,
                                                FormatDuration(floor->native_ns));
    }
    const CodeSummary code = SummariseCode(r);
    body += fmt::format(
        "<tr><td>{}</td><td>ok</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td "
        "class=\"mono\">{}</td></tr>\n",
        html::Escape(r.info.name), html::Escape(FormatDuration(wall ? wall->median : 0)),
        html::Escape(FormatPercent(wall ? wall->cv : 0)), html::Escape(FormatDuration(cpu)), html::ShareBar(share),
        html::Escape(FormatPercent(share)), html::Escape(FormatBytes(med(metric::kAlloc))), html::Escape(native),
        html::Escape(code.mark.empty() ? "?" : code.mark));
    details += CaseSection(r);
  }
  body +=
      "</table>\n<p class=\"note\">" + html::Escape(kCodeLegend) + "; GC share is GC pause time over wall time</p>\n";
  body += "<h2>Repetitions</h2>\n" + details;
  return html::Page("v8bench run", body);
}

}  // namespace v8bench
