#include "harness/report/case_summary.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <utility>

#include "harness/measure/metrics.h"
#include "harness/model/units.h"
#include "harness/stats/statistics.h"

namespace v8bench {

const MetricSummary* CaseSummary::Find(const std::string& name) const {
  for (const auto& m : metrics) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

CaseSummary Summarise(const CaseResult& result) {
  CaseSummary out;
  if (result.samples.empty()) return out;
  for (const Counter& c : result.samples.front().counters) {
    std::vector<double> xs;
    for (const Sample& s : result.samples) {
      if (auto v = s.Get(c.name)) xs.push_back(*v);
    }
    MetricSummary m;
    static_cast<stats::Summary&>(m) = stats::Describe(xs);
    m.name = c.name;
    m.unit = c.unit;
    out.metrics.push_back(m);
  }
  return out;
}

std::optional<FloorSummary> SummariseFloor(const CaseResult& result) {
  if (!result.native || result.native->ns_per_iteration.empty()) return std::nullopt;
  FloorSummary f;
  f.kind = result.native->kind;
  f.native_ns = stats::Median(result.native->ns_per_iteration);
  const CaseSummary s = Summarise(result);
  if (const MetricSummary* wall = s.Find(metric::kWall); wall != nullptr && f.native_ns > 0) {
    f.js_over_native = wall->median / f.native_ns;
  }
  // JS cannot copy bytes faster than memcpy copies the same bytes: a ratio below 1 means the floor was
  // not measured in a steady state (page faults, a busy machine), not that JS won.
  f.below_floor = f.kind == "memcpy" && f.js_over_native > 0 && f.js_over_native < 1;
  return f;
}

namespace {

// The median main-thread CPU time per iteration of each group of repetitions, by `group(sample)`
// (nullopt: the sample belongs to none), and their spread max/min - 1: how far apart the case's
// isolates, or the CPUs it ran on, timed.
template <class Group>
std::pair<std::map<int, double>, double> MedianCpuByGroup(const CaseResult& result, Group group) {
  std::map<int, std::vector<double>> cpu;
  for (const Sample& s : result.samples) {
    const std::optional<int> g = group(s);
    if (!g) continue;
    if (auto v = s.Get(metric::kCpu)) cpu[*g].push_back(*v);
  }
  std::map<int, double> medians;
  for (const auto& [g, xs] : cpu) medians[g] = stats::Median(xs);
  if (medians.empty()) return {medians, 0};
  const auto [lo, hi] = std::minmax_element(medians.begin(), medians.end(),
                                            [](const auto& a, const auto& b) { return a.second < b.second; });
  return {medians, lo->second > 0 ? hi->second / lo->second - 1 : 0};
}

}  // namespace

std::optional<IsolateSpread> SummariseIsolates(const CaseResult& result) {
  const auto [medians, spread] =
      MedianCpuByGroup(result, [](const Sample& s) { return std::optional<int>(s.isolate); });
  if (medians.size() < 2) return std::nullopt;
  return IsolateSpread{static_cast<int>(medians.size()), spread};
}

std::optional<CpuSpread> SummariseCpus(const CaseResult& result) {
  // A repetition whose main thread moved between CPUs belongs to neither.
  const auto [medians, spread] =
      MedianCpuByGroup(result, [](const Sample& s) { return s.main_cpu_moved ? std::nullopt : s.main_cpu; });
  if (medians.size() < 2) return std::nullopt;
  CpuSpread out;
  for (const auto& [cpu, median] : medians) {
    out.cpus.push_back(cpu);
    out.median_cpu_ns.push_back(median);
  }
  out.spread = spread;
  return out;
}

std::optional<ThreadShift> SummariseThreads(const CaseResult& result) {
  std::vector<std::pair<double, double>> background;  // (background ns, all-thread ns) per repetition
  for (const Sample& s : result.samples) {
    const auto main = s.Get(metric::kCpu);
    const auto all = s.Get(metric::kProcessCpu);
    if (main && all && *all > 0) background.emplace_back(std::max(0.0, *all - *main), *all);
  }
  if (background.size() < 2) return std::nullopt;
  const auto [least, most] = std::minmax_element(background.begin(), background.end());
  if (!ThreadsShifted(least->first, most->first, most->second)) return std::nullopt;
  return ThreadShift{least->first, most->first};
}

namespace {

char TierLetter(const std::optional<CodeTier>& t) {
  if (!t) return '?';
  switch (*t) {
    case CodeTier::kIgnition:
      return 'I';
    case CodeTier::kSparkplug:
      return 'S';
    case CodeTier::kMidTier:
      return 'M';
    case CodeTier::kTurboFan:
      return 'T';
  }
  return '?';
}

}  // namespace

CodeSummary SummariseCode(const CaseResult& r) {
  CodeSummary out;
  std::vector<const CodeState*> states;
  for (const Sample& s : r.samples) {
    if (s.code) states.push_back(&*s.code);
  }
  if (states.empty()) return out;
  const CodeState& last = *states.back();
  out.mark = {TierLetter(last.batch), TierLetter(last.bench)};
  std::size_t changed = 0;
  bool differ = false;
  for (const CodeState* c : states) {
    changed += c->changed ? 1 : 0;
    differ = differ || c->batch != states.front()->batch || c->bench != states.front()->bench;
  }
  std::vector<std::string> notes;
  if (changed > 0) {
    out.mark += "!";
    notes.push_back(std::to_string(changed) + " of " + std::to_string(states.size()) +
                    " repetitions ran code that V8 changed while they were timed");
  }
  if (differ) {
    out.mark += "≠";
    std::string kinds;
    for (const CodeState* c : states) kinds += (kinds.empty() ? "" : ", ") + CodeStateLabel(*c);
    notes.push_back("the repetitions ran different code (batch loop/bench: " + kinds + ")");
  }
  if (r.reruns > 0) {
    notes.push_back(std::to_string(r.reruns) + (r.reruns == 1 ? " repetition was" : " repetitions were") +
                    " timed again because V8 changed the code while it was timed");
  }
  if (r.long_calls) {
    out.mark += "1";
    notes.push_back("each repetition was one call (calls of " + std::to_string(r.warmup_s).substr(0, 4) +
                    " s), after a warm-up of one call: the code V8 compiles during a call is part of what was timed");
  }
  if (r.warmup_capped) {
    out.mark += "⧗";
    notes.push_back("the code was still changing after --max-warmup (" + std::to_string(r.warmup_s).substr(0, 4) +
                    " s of warm-up)");
  }
  for (const auto& n : notes) out.note += (out.note.empty() ? "" : "; ") + n;
  return out;
}

bool CpusNoted(const CpuSpread& spread) {
  if (spread.median_cpu_ns.empty()) return false;
  const auto [lo, hi] = std::minmax_element(spread.median_cpu_ns.begin(), spread.median_cpu_ns.end());
  return CpusDiffer(*lo, *hi);
}

std::string CpuMediansText(const CpuSpread& spread) {
  std::vector<std::string> each;
  for (std::size_t i = 0; i < spread.cpus.size() && i < spread.median_cpu_ns.size(); ++i) {
    each.push_back(fmt::format("CPU {} {}", spread.cpus[i], FormatDuration(spread.median_cpu_ns[i])));
  }
  return fmt::format("{}", fmt::join(each, ", "));
}

std::string PinnedText(const RunContext& context) {
  if (!context.main_cpu_pinned) return "";
  return fmt::format(
      " · main thread pinned to CPU {}{}", *context.main_cpu_pinned,
      context.other_threads_cpus.empty() ? "" : " (other threads on " + context.other_threads_cpus + ")");
}

}  // namespace v8bench
