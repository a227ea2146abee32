// The pieces of v8bench's HTML reports: escaping, one self-contained page (inline CSS, no script, no
// network), and inline SVG charts: a strip plot with boxes (every sample of several groups on one
// shared axis) and a forest plot (changes with their confidence intervals). Used by the run report
// (html_reporter.cc) and the comparison report (compare_html.cc).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace v8bench::html {

// Escapes &, <, >, " and ' so any text is safe inside an element or a quoted attribute.
std::string Escape(std::string_view text);

// A whole page: <!doctype html>, UTF-8, the title, the report's stylesheet, then `body` (HTML).
std::string Page(const std::string& title, const std::string& body);

// A two-column table of facts (name, value), both escaped.
std::string FactsTable(const std::vector<std::pair<std::string, std::string>>& facts);

// One row of a strip plot: every value as a mark (class "sample"), over a box of the quartiles with
// the median; `css_class` colours the row's marks (e.g. "v0", "v1").
struct StripRow {
  std::string label;
  std::vector<double> values;
  std::string css_class;
  std::vector<std::string> titles;  // optional tooltip per value (same length as values, or empty)
};
// All rows on one axis from the smallest to the largest value (plus a margin), ticks labelled by
// `format`. Empty rows are drawn as "no samples".
std::string StripPlot(const std::vector<StripRow>& rows, const std::function<std::string(double)>& format);

// One row of a forest plot: the change (ratio - 1) with its interval, coloured by `css_class`.
struct ForestRow {
  std::string label;
  double change = 0, low = 0, high = 0;  // fractions: -0.05 is 5% lower
  std::string css_class;                 // "lower", "higher", "same", "insufficient"
  std::string note;                      // right-hand text (verdict, p)
};
// Rows share one axis that always includes 0 (the "no change" line).
std::string ForestPlot(const std::vector<ForestRow>& rows);

// One frame of a flame graph: a call path's label, its width (a cost, in the graph's unit), its heat in
// [-1, 1] (its colour: +1 the frame that grew most, -1 the one that shrank most, 0 unchanged), its tooltip,
// and its children (indexes into the same list).
struct FlameFrame {
  std::string label, title;
  double width = 0, heat = 0;
  std::vector<std::size_t> children;
};
// frames[0] is the root, drawn at the bottom across `full` (>= its width: a side that cost less draws
// narrower); each frame's children stand on it, left to right in their order. Frames narrower than half a
// pixel are left out with what stands on them.
std::string FlameGraph(const std::vector<FlameFrame>& frames, double full);

// A horizontal bar of `fraction` (0..1) of `width` pixels, for shares such as the GC share.
std::string ShareBar(double fraction, int width = 80);

}  // namespace v8bench::html
