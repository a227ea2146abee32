#include "harness/workers/gc_trace.h"

#include <cctype>
#include <cstdlib>

#include "harness/measure/metrics.h"

namespace v8bench::workers {

bool IsGcTraceLine(std::string_view line) {
  const auto ms = line.find(" ms: ");
  const auto bracket = line.find("] ");
  return !line.empty() && line[0] == '[' && ms != std::string_view::npos && bracket != std::string_view::npos &&
         bracket < ms;
}

std::vector<GcTraceEvent> ParseGcTrace(const std::vector<std::string>& lines) {
  std::vector<GcTraceEvent> events;
  for (const std::string& line : lines) {
    if (!IsGcTraceLine(line)) continue;
    const auto ms = line.find(" ms: ");
    const auto bracket = line.find("] ");
    GcTraceEvent e;
    e.start_ms = std::strtod(line.c_str() + bracket + 2, nullptr);
    // The kind runs up to the first figure ("Scavenge 3.4 (4.4) -> ...").
    std::size_t k = ms + 5;
    std::size_t end = k;
    while (end < line.size() &&
           !(line[end] == ' ' && end + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[end + 1])))) {
      ++end;
    }
    e.kind = line.substr(k, end - k);
    // The pause: the first "X / Y ms" after the heap sizes.
    const auto slash = line.find(" / ", end);
    if (slash == std::string::npos) continue;
    std::size_t num = slash;
    while (num > 0 && (std::isdigit(static_cast<unsigned char>(line[num - 1])) || line[num - 1] == '.')) --num;
    e.pause_ms = std::strtod(line.c_str() + num, nullptr);
    e.forced = line.find(" testing") != std::string::npos;
    events.push_back(std::move(e));
  }
  return events;
}

void AttributeGcTrace(WorkerOutput& out) {
  if (!out.gc_clock_perf_ms) return;
  const std::vector<GcTraceEvent> events = ParseGcTrace(out.other_lines);
  double offset = 0;  // performance.now() ms minus trace ms
  bool synced = false;
  for (const auto& e : events) {
    if (e.forced) {
      offset = *out.gc_clock_perf_ms - e.start_ms;
      synced = true;
      break;
    }
  }
  if (!synced) return;
  for (std::size_t ci = 0; ci < out.cases.size() && ci < out.windows.size(); ++ci) {
    CaseResult& c = out.cases[ci];
    const std::vector<SampleWindow>& windows = out.windows[ci];
    for (std::size_t i = 0; i < windows.size() && i < c.samples.size(); ++i) {
      Sample& sample = c.samples[i];
      const SampleWindow& window = windows[i];
      if (sample.Get(metric::kGc) || window.iterations <= 0) continue;
      double pause = 0;
      double count = 0;
      for (const auto& e : events) {
        const double t = e.start_ms + offset;
        if (e.forced || t < window.begin_ms || t > window.end_ms) continue;
        pause += e.pause_ms;
        if (e.kind.find("Scavenge") != std::string::npos || e.kind.find("Mark-Compact") != std::string::npos ||
            e.kind.find("Mark-Sweep") != std::string::npos) {
          count += 1;
        }
      }
      sample.counters.push_back({metric::kGc, pause * 1e6 / window.iterations, Unit::kNanoseconds});
      sample.counters.push_back({metric::kGcCount, count / window.iterations, Unit::kCount});
    }
  }
}

}  // namespace v8bench::workers
