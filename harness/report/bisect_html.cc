#include "harness/report/bisect_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "harness/report/html.h"

namespace v8bench::report {
namespace {

using html::Escape;

std::string Figure(double v) { return std::abs(v) >= 1000 ? fmt::format("{:.0f}", v) : fmt::format("{:.4g}", v); }

// A label a plot's margin holds: a release, or the end of an engine's path.
std::string Short(const std::string& label) {
  constexpr std::size_t kKept = 36;
  return label.size() <= kKept ? label : "…" + label.substr(label.size() - kKept);
}

std::string StepsSection(const files::BisectReport& r) {
  std::string out =
      "<h2>Steps</h2>\n<table class=\"cases\"><tr><th>stage</th><th>release</th><th>V8</th>"
      "<th>figure</th><th>against</th><th>change</th><th>95% CI</th><th>verdict</th></tr>\n";
  std::vector<html::ForestRow> forest;
  for (const auto& s : r.steps) {
    const std::string cls = s.moved ? "higher" : s.changed ? "insufficient" : "same";
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"mono\">{}</td><td class=\"num\">{}</td><td>{} ({})</td>"
        "<td class=\"num\"><span class=\"{}\">{:+.2f}%</span></td><td class=\"num\">[{:+.2f}%, {:+.2f}%]</td>"
        "<td>{}{}</td></tr>\n",
        Escape(s.stage), Escape(s.candidate), Escape(s.candidate_v8), Figure(s.figure), Escape(s.base),
        Figure(s.base_figure), cls, 100 * (s.ratio - 1), 100 * (s.low - 1), 100 * (s.high - 1), Escape(s.verdict),
        s.moved ? " · <b>moved</b>" : "");
    forest.push_back({s.stage + " " + Short(s.candidate), s.ratio - 1, s.low - 1, s.high - 1, cls,
                      s.verdict + (s.moved ? ", moved" : "")});
  }
  out += "</table>\n";
  if (!forest.empty()) out += html::ForestPlot(forest) + "\n";
  return out;
}

std::string WhyTable(const analysis::ProfileDiff& d) {
  std::string out = fmt::format(
      "<table class=\"cases\"><tr><th>function</th><th>where</th><th>self before</th><th>self after</th>"
      "<th>change</th><th>share</th><th>tier</th><th>deopts</th></tr>\n");
  for (const auto& f : analysis::TopChanges(d, 25)) {
    std::string where = f.location;
    if (f.owner != FrameOwner::kSuite) where += fmt::format(" [{}]", FrameOwnerName(f.owner));
    const std::string tier = f.TierChanged() ? (f.tier_before.empty() ? "-" : f.tier_before) + " → " +
                                                   (f.tier_after.empty() ? "-" : f.tier_after)
                                             : f.tier_after;
    out += fmt::format(
        "<tr><td class=\"mono\">{}</td><td class=\"mono\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\"><span class=\"{}\">{}</span></td><td class=\"num\">{:.1f}% → {:.1f}%</td><td>{}{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        Escape(f.name.empty() ? "(anonymous)" : f.name), Escape(where), Escape(DiffCostText(d, f.self_before)),
        Escape(DiffCostText(d, f.self_after)),
        f.SelfChange() > 0   ? "higher"
        : f.SelfChange() < 0 ? "lower"
                             : "same",
        Escape(DiffChangeText(d, f.SelfChange())), 100 * f.self_share_before, 100 * f.self_share_after, Escape(tier),
        f.TierChanged() ? " <b>changed</b>" : "",
        f.deopts_before + f.deopts_after == 0 ? "" : fmt::format("{} → {}", f.deopts_before, f.deopts_after));
  }
  return out + "</table>\n";
}

// The merged tree drawn with the newer side's widths on the scale of the costlier side; a frame's colour
// is the change of its self cost against the largest change.
std::string Flame(const analysis::ProfileDiff& d) {
  double largest = 0;
  for (const auto& f : d.frames) largest = std::max(largest, std::abs(f.self_after - f.self_before));
  std::vector<html::FlameFrame> frames;
  for (const auto& f : d.frames) {
    html::FlameFrame h;
    h.label = f.name.empty() ? "(anonymous)" : f.name;
    h.title =
        fmt::format("{} {}: total {} -> {}, self {} -> {} ({})", h.label, f.location, DiffCostText(d, f.total_before),
                    DiffCostText(d, f.total_after), DiffCostText(d, f.self_before), DiffCostText(d, f.self_after),
                    DiffChangeText(d, f.self_after - f.self_before));
    h.width = f.total_after;
    h.heat = largest > 0 ? (f.self_after - f.self_before) / largest : 0;
    h.children = f.children;
    frames.push_back(std::move(h));
  }
  const double full = d.frames.empty() ? 0 : std::max(d.frames[0].total_before, d.frames[0].total_after);
  return html::FlameGraph(frames, full);
}

std::string WhySection(const files::BisectCulprit& c) {
  if (!c.why) return "";
  const files::BisectWhy& why = *c.why;
  std::string out =
      fmt::format("<h2>Why: node {} → {}, profiled on both sides</h2>\n", Escape(c.before), Escape(c.after));
  if (!why.error.empty()) return out + fmt::format("<p class=\"warn\">{}</p>\n", Escape(why.error));
  const analysis::ProfileDiff& d = why.diff;
  const auto profiler = [](const std::string& name) {
    return name == "instrument" ? std::string("the in-process profiler") : "the " + name + "'s profiler";
  };
  out += fmt::format(
      "<p class=\"note\">Profiled by {} on {} and {} on {}; {} and {} samples. Self time {}, the largest "
      "changes first; functions whose tier changed are marked.</p>\n",
      Escape(profiler(why.profiler_before)), Escape(c.before), Escape(profiler(why.profiler_after)), Escape(c.after),
      d.samples_before, d.samples_after,
      d.per_iteration
          ? fmt::format("per iteration (profiled wall time per iteration {} → {})",
                        DiffCostText(d, d.seconds_per_iteration_before), DiffCostText(d, d.seconds_per_iteration_after))
          : "as a share of each side's samples");
  out += WhyTable(d);
  out += fmt::format(
      "<h3>Differential flame graph</h3>\n<p class=\"note\">The call paths of {} (widths: their total {}, on the "
      "scale of the costlier side), coloured by the change of their self time from {}: red grew, blue shrank. "
      "Hover a frame for its figures.</p>\n",
      Escape(c.after), d.per_iteration ? "time per iteration" : "share", Escape(c.before));
  return out + Flame(d) + "\n";
}

}  // namespace

std::string RenderBisectHtml(const files::BisectReport& r) {
  std::string body = fmt::format("<h1>bisect {}</h1>\n", Escape(r.case_name));
  std::vector<std::pair<std::string, std::string>> facts = {
      {"suite", r.suite},
      {"metric", r.metric},
      {"moved", fmt::format("a change verdict beyond {:.1f}% against {}, in the endpoints' direction",
                            100 * r.threshold, r.from)},
      {"endpoints", r.from + " → " + r.to}};
  if (r.culprit) {
    const files::BisectCulprit& c = *r.culprit;
    std::string measured;
    if (c.confirmed) {
      measured =
          fmt::format(": {:+.2f}% [{:+.2f}%, {:+.2f}%] {} measured against each other", 100 * (c.confirmed->ratio - 1),
                      100 * (c.confirmed->low - 1), 100 * (c.confirmed->high - 1), c.confirmed->verdict);
    }
    facts.push_back(
        {"culprit", fmt::format("node {} → {} (V8 {} → {}){}", c.before, c.after, c.before_v8, c.after_v8, measured)});
  } else if (r.complete) {
    facts.push_back({"culprit", "none: the endpoints did not differ beyond the threshold"});
  }
  if (!r.error.empty()) facts.push_back({"stopped", r.error});
  body += html::FactsTable(facts);
  body += StepsSection(r);
  if (r.culprit) body += WhySection(*r.culprit);
  return html::Page("v8bench bisect " + r.case_name, body);
}

}  // namespace v8bench::report
