#include "harness/report/html.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "harness/stats/statistics.h"

namespace v8bench::html {

std::string Escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1b1f24;background:#fff}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:24px 0 8px}h3{font-size:14px;margin:16px 0 4px}
table{border-collapse:collapse;margin:8px 0}td,th{padding:2px 8px;text-align:left;vertical-align:top}
table.facts td:first-child{color:#57606a;white-space:nowrap}
table.cases th{border-bottom:1px solid #d0d7de}table.cases td{border-bottom:1px solid #eaeef2}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
code,.mono{font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:12px}
svg text{font:11px system-ui,sans-serif;fill:#1b1f24}svg .axis{stroke:#8c959f;stroke-width:1}
svg .grid{stroke:#eaeef2;stroke-width:1}svg .zero{stroke:#57606a;stroke-dasharray:3 3}
svg .box{fill:#eaeef2;stroke:#8c959f}svg .median{stroke:#1b1f24;stroke-width:2}
svg .sample{fill-opacity:.75;stroke:none}
.v0{fill:#0969da;color:#0969da}.v1{fill:#cf222e;color:#cf222e}.v2{fill:#1a7f37;color:#1a7f37}
.v3{fill:#8250df;color:#8250df}.v4{fill:#bf8700;color:#bf8700}.v5{fill:#1b7c83;color:#1b7c83}
.changed{fill:#cf222e}.steady{fill:#0969da}
svg .lower{fill:#1a7f37;stroke:#1a7f37}svg .higher{fill:#cf222e;stroke:#cf222e}
svg .same{fill:#57606a;stroke:#57606a}svg .insufficient{fill:#bf8700;stroke:#bf8700}
svg text.lower,svg text.higher,svg text.same,svg text.insufficient{stroke:none}
span.lower{color:#1a7f37}span.higher{color:#cf222e}span.same{color:#57606a}span.insufficient{color:#bf8700}
.bar{display:inline-block;height:8px;background:#eaeef2;vertical-align:middle;margin-right:6px}
.bar>span{display:block;height:8px;background:#8250df}
.note{color:#57606a}.warn{color:#9a6700}.case{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
)";

// A "nice" tick step (1, 2 or 5 x 10^k) giving about `count` ticks over `span`.
double TickStep(double span, int count) {
  if (!(span > 0)) return 1;
  const double raw = span / count;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * mag >= raw) return m * mag;
  }
  return 10 * mag;
}

struct Axis {
  double lo, hi, x0, x1;
  double X(double v) const { return hi > lo ? x0 + (v - lo) / (hi - lo) * (x1 - x0) : (x0 + x1) / 2; }
};

std::string Ticks(const Axis& a, double y_top, double y_axis, const std::function<std::string(double)>& format) {
  std::string out = fmt::format(R"(<line class="axis" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>)", a.x0, y_axis,
                                a.x1, y_axis);
  const double step = TickStep(a.hi - a.lo, 5);
  for (double t = std::ceil(a.lo / step) * step; t <= a.hi + step * 1e-9; t += step) {
    const double x = a.X(t);
    out += fmt::format(R"(<line class="grid" x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}"/>)", x, y_top, y_axis);
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)", x, y_axis + 14,
                       Escape(format(std::abs(t) < step * 1e-9 ? 0 : t)));
  }
  return out;
}

}  // namespace

std::string Page(const std::string& title, const std::string& body) {
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
      "<title>{}</title><style>{}</style></head>\n<body>\n{}\n</body></html>\n",
      Escape(title), kStyle, body);
}

std::string FactsTable(const std::vector<std::pair<std::string, std::string>>& facts) {
  std::string out = "<table class=\"facts\">";
  for (const auto& [k, v] : facts) out += fmt::format("<tr><td>{}</td><td>{}</td></tr>", Escape(k), Escape(v));
  return out + "</table>\n";
}

std::string StripPlot(const std::vector<StripRow>& rows, const std::function<std::string(double)>& format) {
  constexpr double kLabelW = 150, kPlotW = 420, kRowH = 22, kTop = 6;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& r : rows) {
    for (double v : r.values) {
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  if (!std::isfinite(lo)) lo = 0, hi = 1;
  const double margin = hi > lo ? (hi - lo) * 0.06 : std::max(std::abs(lo) * 0.05, 1e-9);
  const Axis axis{lo - margin, hi + margin, kLabelW, kLabelW + kPlotW};
  const double y_axis = kTop + kRowH * static_cast<double>(rows.size()) + 4;
  const double height = y_axis + 20;
  std::string out =
      fmt::format(R"(<svg class="strip" xmlns="http://www.w3.org/2000/svg" width="{:.0f}" height="{:.0f}" )"
                  R"(viewBox="0 0 {:.0f} {:.0f}" role="img">)",
                  kLabelW + kPlotW + 36, height, kLabelW + kPlotW + 36, height);
  out += Ticks(axis, kTop, y_axis, format);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StripRow& r = rows[i];
    const double yc = kTop + kRowH * (static_cast<double>(i) + 0.5);
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end" class="{}">{}</text>)", kLabelW - 8, yc + 4,
                       Escape(r.css_class), Escape(r.label));
    if (r.values.empty()) {
      out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" class="note">no samples</text>)", kLabelW + 4, yc + 4);
      continue;
    }
    const double q1 = stats::Quantile(r.values, 0.25), q3 = stats::Quantile(r.values, 0.75);
    const double med = stats::Quantile(r.values, 0.5);
    out += fmt::format(R"(<rect class="box" x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}"/>)", axis.X(q1),
                       yc - 7, std::max(1.0, axis.X(q3) - axis.X(q1)), 14.0);
    out += fmt::format(R"(<line class="median" x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}"/>)", axis.X(med),
                       yc - 8, yc + 8);
    for (std::size_t k = 0; k < r.values.size(); ++k) {
      // A small deterministic vertical jitter so that equal values stay visible as several marks.
      const double jitter = (static_cast<double>((k * 7919) % 11) - 5) * 0.9;
      const std::string title = k < r.titles.size() ? r.titles[k] : format(r.values[k]);
      out += fmt::format(R"(<circle class="sample {}" cx="{:.1f}" cy="{:.1f}" r="3"><title>{}</title></circle>)",
                         Escape(r.css_class), axis.X(r.values[k]), yc + jitter, Escape(title));
    }
  }
  return out + "</svg>";
}

std::string ForestPlot(const std::vector<ForestRow>& rows) {
  constexpr double kLabelW = 260, kPlotW = 360, kNoteW = 300, kRowH = 20, kTop = 6;
  double lo = 0, hi = 0;
  for (const auto& r : rows) {
    for (double v : {r.low, r.high, r.change}) {
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  const double margin = hi > lo ? (hi - lo) * 0.08 : 0.01;
  const Axis axis{lo - margin, hi + margin, kLabelW, kLabelW + kPlotW};
  const double y_axis = kTop + kRowH * static_cast<double>(rows.size()) + 4;
  const double height = y_axis + 20, width = kLabelW + kPlotW + kNoteW;
  std::string out = fmt::format(R"(<svg class="forest" xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" )"
                                R"(height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" role="img">)",
                                width, height);
  out += Ticks(axis, kTop, y_axis, [](double v) { return fmt::format("{:+.0f}%", v * 100); });
  out += fmt::format(R"(<line class="zero" x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}"/>)", axis.X(0), kTop,
                     y_axis);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ForestRow& r = rows[i];
    const double yc = kTop + kRowH * (static_cast<double>(i) + 0.5);
    const std::string cls = Escape(r.css_class);
    out +=
        fmt::format(R"(<text x="{:.1f}" y="{:.1f}" text-anchor="end">{}</text>)", kLabelW - 8, yc + 4, Escape(r.label));
    out += fmt::format(R"(<g class="change {}"><title>{}</title>)", cls,
                       Escape(fmt::format("{}: {:+.2f}% [{:+.2f}%, {:+.2f}%] {}", r.label, r.change * 100, r.low * 100,
                                          r.high * 100, r.note)));
    out += fmt::format(R"(<rect class="{}" x="{:.1f}" y="{:.1f}" width="{:.1f}" height="2"/>)", cls, axis.X(r.low),
                       yc - 1, std::max(1.0, axis.X(r.high) - axis.X(r.low)));
    out += fmt::format(R"(<rect class="{}" x="{:.1f}" y="{:.1f}" width="7" height="7"/></g>)", cls,
                       axis.X(r.change) - 3.5, yc - 3.5);
    out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}" class="{}">{}</text>)", kLabelW + kPlotW + 8, yc + 4, cls,
                       Escape(r.note));
  }
  return out + "</svg>";
}

namespace {

// A frame's fill: grey when unchanged, towards red as it grew, towards blue as it shrank.
std::string HeatFill(double heat) {
  const double h = std::clamp(std::isfinite(heat) ? heat : 0.0, -1.0, 1.0);
  const auto mix = [&](int from, int to) { return static_cast<int>(from + (to - from) * std::abs(h)); };
  return h >= 0 ? fmt::format("rgb({},{},{})", mix(222, 220), mix(222, 60), mix(222, 50))
                : fmt::format("rgb({},{},{})", mix(222, 40), mix(222, 110), mix(222, 220));
}

struct FlameLayout {
  const std::vector<FlameFrame>& frames;
  double px_per_unit, height;
  std::string out;
  int depth = 0;
};

void DrawFrame(FlameLayout& l, std::size_t i, double x, int depth) {
  constexpr double kRowH = 17;
  const FlameFrame& f = l.frames[i];
  const double w = f.width * l.px_per_unit;
  if (!(w >= 0.5)) return;
  const double y = l.height - kRowH * (depth + 1);
  l.out += fmt::format(R"(<g><title>{}</title><rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" )"
                       R"(fill="{}" stroke="#fff" stroke-width="0.5"/>)",
                       Escape(f.title), x, y, w, kRowH - 1, HeatFill(f.heat));
  if (w > 24) {
    const std::size_t fits = static_cast<std::size_t>((w - 6) / 6.2);
    std::string label = f.label.size() > fits ? f.label.substr(0, fits > 2 ? fits - 2 : 0) + ".." : f.label;
    l.out += fmt::format(R"(<text x="{:.1f}" y="{:.1f}">{}</text>)", x + 3, y + 12, Escape(label));
  }
  l.out += "</g>";
  for (std::size_t c : f.children) {
    if (c <= i || c >= l.frames.size()) continue;  // a tree: children after their parent
    DrawFrame(l, c, x, depth + 1);
    x += l.frames[c].width * l.px_per_unit;
  }
}

int Depth(const std::vector<FlameFrame>& frames, std::size_t i) {
  int deepest = 0;
  for (std::size_t c : frames[i].children) {
    if (c > i && c < frames.size()) deepest = std::max(deepest, Depth(frames, c));
  }
  return deepest + 1;
}

}  // namespace

std::string FlameGraph(const std::vector<FlameFrame>& frames, double full) {
  constexpr double kWidth = 1000, kRowH = 17;
  if (frames.empty() || !(full > 0)) return "<p class=\"note\">no samples to draw</p>";
  const double height = kRowH * Depth(frames, 0) + 2;
  FlameLayout l{frames, kWidth / full, height, {}};
  l.out = fmt::format(R"(<svg class="flame" xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" )"
                      R"(viewBox="0 0 {0:.0f} {1:.0f}" role="img">)",
                      kWidth, height);
  DrawFrame(l, 0, 0, 0);
  return l.out + "</svg>";
}

std::string ShareBar(double fraction, int width) {
  const double f = std::clamp(std::isfinite(fraction) ? fraction : 0.0, 0.0, 1.0);
  return fmt::format(R"(<span class="bar" style="width:{}px"><span style="width:{:.0f}px"></span></span>)", width,
                     f * width);
}

}  // namespace v8bench::html
