#include "harness/report/compare_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "harness/report/compare_html.h"
#include "harness/report/node_table.h"

namespace v8bench::report {

std::string RenderComparison(const std::string& format, const Analysis& analysed, const Dataset& data,
                             const ReportHeader& header, const std::string& command, const std::string& json,
                             const ConsoleOptions& console) {
  if (format == "json") return json;
  if (format == "html") return RenderCompareHtml(analysed, data, header, command);
  if (format == "markdown") return RenderMarkdown(analysed, header);
  if (format == "node") return RenderNodeTable(analysed);
  return RenderConsole(analysed, header, console);
}

// Below this many judgeable comparisons the start line names the bound (at alpha 0.01, up to 10 samples per
// variant: 10 judge 923, 11 already 3527).
constexpr std::size_t kJudgeableNamedBelow = 1000;

std::string CompareStartLine(const CompareState& state) {
  const driver::CompareSettings& st = state.settings;
  std::string names;
  for (const auto& v : state.variants) names += (names.empty() ? "" : ", ") + v.variant.name;
  std::string power;
  if (st.runs > 0) {
    // Said up front: how many comparisons (cases x variants) these samples can judge after Holm.
    const std::size_t judgeable = analysis::JudgeableComparisons(static_cast<std::size_t>(st.runs), st.alpha);
    if (judgeable < kJudgeableNamedBelow) {
      power = judgeable == 0 ? fmt::format(" (too few to judge any comparison at alpha {})", st.alpha)
                             : fmt::format(
                                   " (enough to judge at most {} comparison{} after Holm; more cases need "
                                   "more --runs)",
                                   judgeable, judgeable == 1 ? "" : "s");
    }
  }
  return fmt::format("v8bench compare: {}; {}{}; seed {}{}", names,
                     st.runs > 0 ? fmt::format("{} samples per variant", st.runs) : driver::StoppingText(st), power,
                     st.seed, state.runs.empty() ? "" : fmt::format(" (resuming after {} samples)", state.runs.size()));
}

std::string ProgressLine(const driver::Progress& p) {
  const std::string eta = p.eta_s >= 0 ? fmt::format(", ETA {:.0f} s", p.eta_s) : "";
  return fmt::format("[{}/{}] {}{}{} · {:.1f} s{}{}", p.done, p.total, p.last,
                     p.last.empty() || p.running.empty() ? "" : " · ", p.running.empty() ? "" : "running " + p.running,
                     p.elapsed_s, eta, p.note.empty() ? "" : " · " + p.note);
}

std::optional<Error> NothingMeasured(const CompareState& state) {
  if (state.runs.empty()) return Error::Input("no sample finished");
  std::vector<std::string> reasons;
  for (const auto& r : state.runs) {
    if (!r.values.empty() || r.error.empty()) return std::nullopt;
    const std::string line = state.variants[static_cast<std::size_t>(r.variant)].variant.name + ": " + r.error;
    if (std::find(reasons.begin(), reasons.end(), line) == reasons.end()) reasons.push_back(line);
  }
  return Error::Input(
      fmt::format("no worker finished a case, so nothing can be compared:\n  {}", fmt::join(reasons, "\n  ")));
}

}  // namespace v8bench::report
