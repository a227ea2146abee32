// The readable table: one row per case as it finishes, medians over repetitions with their CV,
// units on every figure; warnings that name their fix come after the table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "harness/measure/metrics.h"
#include "harness/report/case_summary.h"
#include "harness/report/reporters.h"
#include "harness/report/units.h"
#include "harness/stats/counted.h"

namespace v8bench {

ConsoleReporter::ConsoleReporter(std::FILE* out, std::vector<std::string> planned) : out_(out), name_width_(24) {
  for (const auto& n : planned) name_width_ = std::max(name_width_, n.size());
}

void ConsoleReporter::Begin(const RunContext& c) {
  // The environment's caveats, said after the results with their fix (as Google Benchmark does).
  if (c.cpu_scaling_enabled) {
    warnings_.push_back(
        "CPU frequency scaling is enabled: timings drift with the governor; pin it (cpupower "
        "frequency-set -g performance) or compare variants with `v8bench compare`, which interleaves");
  }
  if (c.build_type == "debug") {
    warnings_.push_back(
        "v8bench is a debug build: its own overhead is not representative; build with "
        "-DCMAKE_BUILD_TYPE=Release");
  }
  if (!c.load_avg.empty() && c.num_cpus > 0 && c.load_avg.front() > 0.5 * c.num_cpus) {
    warnings_.push_back(
        fmt::format("the machine was busy when the run started (load average {:.1f} on {} CPUs): "
                    "expect more noise; prefer ratios from `v8bench compare` to absolute times",
                    c.load_avg.front(), c.num_cpus));
  }
  min_time_s_ = c.min_time_s;
  fmt::print(out_, "V8 {}{} · trig path {} · young generation {} · flags: {}\n", c.v8_version,
             c.node_version.empty() ? "" : " (Node " + c.node_version + ")", c.trig_path,
             FormatBytes(static_cast<double>(c.young_generation_bytes)), c.v8_flags.empty() ? "(none)" : c.v8_flags);
  fmt::print(
      out_,
      "{} · {} CPUs{} · {} repetitions of {} each{}{} · figures are medians over repetitions, per iteration\n{}\n",
      c.host_name, c.num_cpus, PinnedText(c), c.repetitions,
      c.iterations_per_batch > 0 ? fmt::format("{} iterations", c.iterations_per_batch)
                                 : fmt::format("≥{} s", c.min_time_s),
      c.isolates > 1 ? fmt::format(" in {} fresh isolates", c.isolates) : "", c.quick ? " (--quick)" : "",
      c.instructions_by.empty() ? "" : "instructions counted by " + c.instructions_by + "\n");
  fmt::print(out_, "{:<{}}  {:>10} {:>6}  {:>10}  {:>10} {:>6}  {:>9}  {:>10}  {:>9}  {:<4}  {}\n", "case", name_width_,
             "time", "±CV", "CPU", "GC", "GC%", "GCs/1k", "alloc", "peak heap", "code", "own counters");
  std::fflush(out_);
}

namespace {

// The spread (max/min - 1) of a case's counted instructions over its repetitions.
double CountSpread(const CaseResult& r) {
  std::vector<double> counts;
  for (const Sample& sample : r.samples) {
    if (auto v = sample.Get(metric::kInstructions)) counts.push_back(*v);
  }
  return stats::Repeatability(counts);
}

}  // namespace

void ConsoleReporter::CaseDone(const CaseResult& r) {
  if (r.status != CaseStatus::kOk) {
    ++(r.status == CaseStatus::kUnsupported ? unsupported_ : failed_);
    fmt::print(out_, "{:<{}}  {}\n", r.info.name, name_width_, fmt::format("{} ✗", CaseStatusName(r.status)));
    std::string indented = "    " + r.error;
    for (std::size_t p = 0; (p = indented.find('\n', p)) != std::string::npos; p += 5) indented.insert(p + 1, "    ");
    fmt::print(out_, "{}\n", indented);
    std::fflush(out_);
    return;
  }
  ++ok_;
  const CaseSummary s = Summarise(r);
  auto med = [&](const char* name) { return s.Find(name) ? s.Find(name)->median : 0.0; };
  const MetricSummary* wall = s.Find(metric::kWall);
  const double cpu = med(metric::kCpu);
  const double gc = med(metric::kGc);
  std::string own;
  for (const MetricSummary& m : s.metrics) {
    if (IsStandardCounter(m.name)) continue;
    if (!own.empty()) own += ", ";
    if (m.unit == Unit::kBytes) {
      // Bytes per iteration over time per iteration: throughput.
      const double wall_ns = wall ? wall->median : 0;
      own += fmt::format("{}={}", m.name, FormatBytes(m.median));
      if (wall_ns > 0) own += fmt::format(" ({:.3g} GB/s)", m.median / wall_ns);
    } else {
      own += fmt::format("{}={}", m.name, FormatCount(m.median));
    }
  }
  if (const MetricSummary* counted = s.Find(metric::kInstructions)) {
    // In full: counts are compared to a part in 10^4 and better.
    own = fmt::format("instructions {:.0f}{}{}", counted->median, own.empty() ? "" : ", ", own);
    if (const double spread = CountSpread(r); spread > stats::kCountedFloor) {
      uncounted_.push_back(fmt::format("{} ({:.4f}%)", r.info.name, spread * 100));
    }
  }
  if (auto floor = SummariseFloor(r)) {
    const std::string ratio =
        floor->below_floor ? "JS ratio withheld, see warning" : fmt::format("JS {:.3g}×", floor->js_over_native);
    own = fmt::format("native {} {} ({}){}{}", floor->kind, FormatDuration(floor->native_ns), ratio,
                      own.empty() ? "" : ", ", own);
    if (floor->below_floor) {
      warnings_.push_back(fmt::format(
          "{}: the native memcpy floor ({}) was slower than the JS doing the same copy, so it was not measured in a "
          "steady state (page faults or a busy machine); rerun, or run `v8bench native` for the floor alone",
          r.info.name, FormatDuration(floor->native_ns)));
    }
  }
  const double cv = wall ? wall->cv : 0;
  const CodeSummary code = SummariseCode(r);
  // fmt pads by code points; the marks are one column each.
  const std::string code_cell = code.mark.empty() ? "?" : code.mark;
  fmt::print(out_, "{:<{}}  {:>10} {:>6}  {:>10}  {:>10} {:>6}  {:>9}  {:>10}  {:>9}  {:<4}  {}\n", r.info.name,
             name_width_, FormatDuration(wall ? wall->median : 0), FormatPercent(cv), FormatDuration(cpu),
             FormatDuration(gc), FormatPercent(GcShare(gc, wall ? wall->median : 0)),
             FormatCount(med(metric::kGcCount) * 1000), FormatBytes(med(metric::kAlloc)),
             FormatBytes(med(metric::kPeakHeap)), code_cell, own);
  std::fflush(out_);
  // Under simulation the times are the simulator's; the counts are the figures (uncounted_ above).
  if (cv > kHighCv && !s.Find(metric::kInstructions))
    noisy_.push_back(fmt::format("{} ({})", r.info.name, FormatPercent(cv)));
  if (!code.note.empty()) code_notes_.push_back(r.info.name + ": " + code.note);
  if (auto iso = SummariseIsolates(r); iso && iso->spread > kIsolateSpreadNoted) {
    isolate_notes_.push_back(fmt::format("{} ({} across {})", r.info.name, FormatPercent(iso->spread), iso->isolates));
  }
  if (auto cpus = SummariseCpus(r); cpus && CpusNoted(*cpus)) {
    cpu_notes_.push_back(fmt::format("{} ({})", r.info.name, CpuMediansText(*cpus)));
  }
  if (r.repetition_s > min_time_s_ * 1.001) {
    ++stretched_;
    longest_repetition_s_ = std::max(longest_repetition_s_, r.repetition_s);
  }
  if (auto shift = SummariseThreads(r)) {
    thread_notes_.push_back(
        fmt::format("{} ({}-{})", r.info.name, FormatDuration(shift->least_ns), FormatDuration(shift->most_ns)));
  }
}

void ConsoleReporter::End() {
  fmt::print(out_, "\n{} case{} ok, {} failed{}\n", ok_, ok_ == 1 ? "" : "s", failed_,
             unsupported_ ? fmt::format(", {} unsupported by this engine", unsupported_) : "");
  if (!noisy_.empty()) {
    // One warning for all noisy cases: a list of dozens of identical sentences hides the others.
    constexpr std::size_t kShown = 6;
    std::string list;
    for (std::size_t i = 0; i < noisy_.size() && i < kShown; ++i) list += (i ? ", " : "") + noisy_[i];
    if (noisy_.size() > kShown) list += fmt::format(" and {} more", noisy_.size() - kShown);
    fmt::print(out_,
               "warning: {} case{} vary more than {} across repetitions (CV): {}. The machine is noisy: raise "
               "--repetitions, or compare variants with `v8bench compare`, which interleaves runs\n",
               noisy_.size(), noisy_.size() == 1 ? "" : "s", FormatPercent(kHighCv), list);
  }
  if (!uncounted_.empty()) {
    fmt::print(out_,
               "warning: the instructions counted in {} case{} differ by more than {:.2f}% between repetitions "
               "(max/min - 1): {}. Something in the case is not deterministic (its inputs, the time, a "
               "GC that depends on the process's history); compare such a case by time\n",
               uncounted_.size(), uncounted_.size() == 1 ? "" : "s", stats::kCountedFloor * 100,
               fmt::join(uncounted_, ", "));
  }
  for (const auto& n : code_notes_) {
    fmt::print(out_,
               "warning: {}. Such figures mix code states: rerun the case, raise --max-warmup, or look at it with "
               "`v8bench profile`\n",
               n);
  }
  if (!isolate_notes_.empty()) {
    fmt::print(
        out_,
        "warning: the fresh isolates of {} case{} timed more than {} apart (median CPU time): {}. Each isolate has "
        "its own heap layout and tiering history; the figure is the median over all of them. For a tighter "
        "figure raise --isolates (with --repetitions), or compare with `v8bench compare`\n",
        isolate_notes_.size(), isolate_notes_.size() == 1 ? "" : "s", FormatPercent(kIsolateSpreadNoted),
        fmt::join(isolate_notes_, ", "));
  }
  if (!cpu_notes_.empty()) {
    fmt::print(out_,
               "warning: the repetitions of {} case{} ran on different CPUs and timed more than {} apart by CPU "
               "(median main-thread CPU time): {}. On a VM the CPUs can run at different speeds (README, \"Which "
               "CPU\"): pin the measuring thread (--main-cpu N), or compare with `v8bench compare`\n",
               cpu_notes_.size(), cpu_notes_.size() == 1 ? "" : "s", FormatPercent(kCpuSpreadNoted),
               fmt::join(cpu_notes_, ", "));
  }
  if (!thread_notes_.empty()) {
    fmt::print(out_,
               "warning: V8's background threads did over {}x as much work per iteration in some repetitions as in "
               "others in {} case{} (background CPU per iteration, least-most): {}. Work that moves between threads "
               "moves the main-thread CPU figure too (e.g. "
               "where ArrayBuffer sweeping ran); look at all-thread CPU (process_cpu_ns; `compare --metric "
               "process`), or pin the work with a V8 flag (e.g. --no-concurrent-array-buffer-sweeping)\n",
               kThreadShiftNoted, thread_notes_.size(), thread_notes_.size() == 1 ? "" : "s",
               fmt::join(thread_notes_, ", "));
  }
  if (stretched_ > 0) {
    fmt::print(out_,
               "note: the repetitions of {} case{} lasted longer than --min-time (up to {:.2g} s) to span enough "
               "young collections each (--min-young-gcs; README, \"Which code is measured\")\n",
               stretched_, stretched_ == 1 ? "" : "s", longest_repetition_s_);
  }
  if (ok_ > 0) fmt::print(out_, "{}; GC% is GC pause time over wall time\n", kCodeLegend);
  for (const auto& w : warnings_) fmt::print(out_, "warning: {}\n", w);
  std::fflush(out_);
}

}  // namespace v8bench
