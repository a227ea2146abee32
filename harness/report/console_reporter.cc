// The readable table: one row per case as it finishes, medians over repetitions with their CV,
// units on every figure; after the table, the caveats grouped by kind, each with how many cases it
// concerns and what to do (case by case with --explain).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "harness/measure/metrics.h"
#include "harness/model/json_string.h"
#include "harness/model/units.h"
#include "harness/report/case_summary.h"
#include "harness/report/reporters.h"
#include "harness/stats/counted.h"

namespace v8bench {
namespace {

// The kinds of finding, in the order they are said after the table (ConsoleReporter::findings_).
enum FindingKind : std::size_t {
  kCodeFinding,
  kCountFinding,
  kCvFinding,
  kCpuFinding,
  kIsolateFinding,
  kThreadFinding,
  kFloorFinding,
  kStretchedFinding,  // this one and the next are notes, said with --explain only
  kLongCallFinding,
  kFindingKinds
};

std::vector<CaseFinding> FindingKinds() {
  std::vector<CaseFinding> f(kFindingKinds);
  f[kLongCallFinding] = {
      "a call per repetition, after a warm-up of one call (code mark 1): calls that last --min-time "
      "(at least 0.25 s) or more, as in a process that runs the file once",
      "V8 compiles such a call's code while it runs, in every call alike; to batch shorter calls "
      "after the usual warm-up instead, make them shorter (--param n=...)",
      {}};
  f[kCodeFinding] = {"code that V8 changed while it was timed, or that differed between repetitions (code marks ! ≠ ⧗)",
                     "such figures mix code states: rerun the case, raise --max-warmup, or look at it with "
                     "`v8bench profile`",
                     {}};
  f[kCountFinding] = {fmt::format("instructions counted that differ by more than {:.2f}% between repetitions "
                                  "(max/min - 1)",
                                  stats::kCountedFloor * 100),
                      "something in the case is not deterministic (its inputs, the time, a GC that depends on the "
                      "process's history): compare such a case by time",
                      {}};
  f[kCvFinding] = {fmt::format("repetitions more than {} apart (CV)", FormatPercent(kHighCv)),
                   "the machine is noisy: raise --repetitions, or compare variants with `v8bench compare`, which "
                   "interleaves runs",
                   {}};
  f[kCpuFinding] = {fmt::format("repetitions on different CPUs timed more than {} apart (median main-thread CPU "
                                "time per CPU)",
                                FormatPercent(kCpuSpreadNoted)),
                    "a VM's CPUs can run at different speeds: pin the measuring "
                    "thread (--main-cpu N), or compare with `v8bench compare`",
                    {}};
  f[kIsolateFinding] = {
      fmt::format("fresh isolates timed more than {} apart (median CPU time)", FormatPercent(kIsolateSpreadNoted)),
      "each isolate has its own heap layout and tiering history and the figure is the median over "
      "all of them: raise --isolates (with --repetitions), or compare with `v8bench compare`",
      {}};
  f[kThreadFinding] = {fmt::format("V8's background threads did over {}x as much work per iteration in some "
                                   "repetitions as in others (background CPU per iteration, least-most)",
                                   kThreadShiftNoted),
                       "work that moves between threads moves the main-thread CPU figure too: look at all-thread CPU "
                       "(process_cpu_ns; `compare --metric process`), or keep it on one thread with a V8 flag (e.g. "
                       "--no-concurrent-array-buffer-sweeping)",
                       {}};
  f[kFloorFinding] = {
      "a native memcpy floor slower than the JS doing the same copy, so not measured in a steady "
      "state (JS ratio withheld)",
      "rerun, or time the floors alone with `v8bench native`",
      {}};
  f[kStretchedFinding] = {
      "repetitions longer than --min-time, to span enough young collections each "
      "(--min-young-gcs)",
      "",
      {}};
  return f;
}

// "a, b, c and 4 more": the first few of a finding's cases.
std::string FirstCases(const CaseFinding& f) {
  constexpr std::size_t kShown = 3;
  std::string list;
  for (std::size_t i = 0; i < f.cases.size() && i < kShown; ++i) list += (i ? ", " : "") + f.cases[i].first;
  if (f.cases.size() > kShown) list += fmt::format(" and {} more", f.cases.size() - kShown);
  return list;
}

std::string CasesCount(std::size_t n) { return fmt::format("{} case{}", n, n == 1 ? "" : "s"); }

// At most this many warning lines after a table (the machine's caveats count as one); kinds beyond them
// share the last line.
constexpr std::size_t kWarningLines = 5;

}  // namespace

ConsoleReporter::ConsoleReporter(std::FILE* out, std::vector<std::string> planned, bool explain)
    : out_(out), name_width_(24), explain_(explain), findings_(FindingKinds()) {
  for (const auto& n : planned) name_width_ = std::max(name_width_, n.size());
}

void ConsoleReporter::Begin(const RunContext& c) {
  // The environment's caveats, said after the results with their fix (as Google Benchmark does).
  if (c.cpu_scaling_enabled) {
    environment_.push_back(
        "CPU frequency scaling is enabled: timings drift with the governor; pin it (cpupower "
        "frequency-set -g performance) or compare variants with `v8bench compare`, which interleaves");
  }
  if (c.build_type == "debug") {
    environment_.push_back(
        "v8bench is a debug build: its own overhead is not representative; build with "
        "-DCMAKE_BUILD_TYPE=Release");
  }
  if (!c.load_avg.empty() && c.num_cpus > 0 && c.load_avg.front() > 0.5 * c.num_cpus) {
    environment_.push_back(
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
    std::string indented = "    " + PrintableText(r.error);
    for (std::size_t p = 0; (p = indented.find('\n', p)) != std::string::npos; p += 5) indented.insert(p + 1, "    ");
    fmt::print(out_, "{}\n", indented);
    std::fflush(out_);
    return;
  }
  ++ok_;
  const CaseSummary s = Summarise(r);
  auto med = [&](const char* name) { return s.Find(name) ? s.Find(name)->median : 0.0; };
  const MetricSummary* wall = s.Find(metric::kWall);
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
      findings_[kCountFinding].cases.emplace_back(r.info.name, fmt::format("{:.4f}%", spread * 100));
    }
  }
  if (auto floor = SummariseFloor(r)) {
    const std::string ratio =
        floor->below_floor ? "JS ratio withheld, see warning" : fmt::format("JS {:.3g}×", floor->js_over_native);
    own = fmt::format("native {} {} ({}){}{}", floor->kind, FormatDuration(floor->native_ns), ratio,
                      own.empty() ? "" : ", ", own);
    if (floor->below_floor) {
      findings_[kFloorFinding].cases.emplace_back(r.info.name, "native " + FormatDuration(floor->native_ns));
    }
  }
  const double cv = wall ? wall->cv : 0;
  const CodeSummary code = SummariseCode(r);
  // fmt pads by code points; the marks are one column each.
  const std::string code_cell = code.mark.empty() ? "?" : code.mark;
  // A figure the engine does not give (another engine's: `run --engine`) is n/a, never 0.
  auto cell = [&](const char* name, std::string (*format)(double), double scale = 1) {
    const MetricSummary* m = s.Find(name);
    return m ? format(m->median * scale) : std::string("n/a");
  };
  const std::string gc_share = s.Find(metric::kGc) ? FormatPercent(GcShare(gc, wall ? wall->median : 0)) : "n/a";
  fmt::print(out_, "{:<{}}  {:>10} {:>6}  {:>10}  {:>10} {:>6}  {:>9}  {:>10}  {:>9}  {:<4}  {}\n", r.info.name,
             name_width_, FormatDuration(wall ? wall->median : 0), FormatPercent(cv),
             cell(metric::kCpu, FormatDuration), cell(metric::kGc, FormatDuration), gc_share,
             cell(metric::kGcCount, FormatCount, 1000), cell(metric::kAlloc, FormatBytes),
             cell(metric::kPeakHeap, FormatBytes), code_cell, own);
  std::fflush(out_);
  NoteFindings(r, cv);
}

void ConsoleReporter::NoteFindings(const CaseResult& r, double cv) {
  auto add = [&](FindingKind kind, std::string detail) { findings_[kind].cases.emplace_back(r.info.name, detail); };
  // Under simulation the times are the simulator's; the counts are the figures (kCountFinding).
  const bool counted = std::any_of(r.samples.begin(), r.samples.end(),
                                   [](const Sample& x) { return x.Get(metric::kInstructions).has_value(); });
  if (cv > kHighCv && !counted) add(kCvFinding, FormatPercent(cv));
  if (const CodeSummary code = SummariseCode(r); !code.note.empty()) {
    add(r.long_calls ? kLongCallFinding : kCodeFinding, code.note);
  }
  if (auto iso = SummariseIsolates(r); iso && iso->spread > kIsolateSpreadNoted) {
    add(kIsolateFinding, fmt::format("{} across {}", FormatPercent(iso->spread), iso->isolates));
  }
  if (auto cpus = SummariseCpus(r); cpus && CpusNoted(*cpus)) add(kCpuFinding, CpuMediansText(*cpus));
  if (r.repetition_s > min_time_s_ * 1.001 && !r.long_calls)
    add(kStretchedFinding, fmt::format("{:.2g} s", r.repetition_s));
  if (auto shift = SummariseThreads(r)) {
    add(kThreadFinding, fmt::format("{}-{}", FormatDuration(shift->least_ns), FormatDuration(shift->most_ns)));
  }
}

void ConsoleReporter::End() {
  fmt::print(out_, "\n{} case{} ok, {} failed{}\n", ok_, ok_ == 1 ? "" : "s", failed_,
             unsupported_ ? fmt::format(", {} unsupported by this engine", unsupported_) : "");
  if (explain_) {
    PrintExplained();
  } else {
    PrintSummary();
  }
  if (ok_ > 0) fmt::print(out_, "{}; GC% is GC pause time over wall time\n", kCodeLegend);
  std::fflush(out_);
}

// One line per kind (the machine's caveats in one), at most kWarningLines: kinds beyond them share the
// last line. Then where the details are.
void ConsoleReporter::PrintSummary() const {
  std::vector<std::string> lines;
  if (!environment_.empty()) lines.push_back(fmt::format("{}", fmt::join(environment_, "; ")));
  std::vector<const CaseFinding*> kinds;
  for (std::size_t k = 0; k < kStretchedFinding; ++k) {
    if (!findings_[k].cases.empty()) kinds.push_back(&findings_[k]);
  }
  const std::size_t room = kWarningLines - lines.size();
  std::vector<std::string> folded;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const CaseFinding& f = *kinds[i];
    const std::string count = CasesCount(f.cases.size());
    if (kinds.size() <= room || i + 1 < room) {
      lines.push_back(fmt::format("{}: {} ({}); {}", f.what, count, FirstCases(f), f.advice));
    } else {
      folded.push_back(fmt::format("{} with {}", count, f.what));
    }
  }
  if (!folded.empty()) lines.push_back(fmt::format("also {}", fmt::join(folded, "; ")));
  for (const auto& l : lines) fmt::print(out_, "warning: {}\n", l);
  if (kinds.empty()) return;
  fmt::print(out_,
             "details: every case named, with its figures: --explain (a saved run: `v8bench report RUN.json "
             "--format console --explain`); each repetition's code, CPU and isolate: the JSON output (--out "
             "RUN.json: fields code, main_cpu, isolate) or the HTML report (--out RUN.html)\n");
}

// Every finding case by case: what --explain asks for.
void ConsoleReporter::PrintExplained() const {
  for (const auto& e : environment_) fmt::print(out_, "warning: {}\n", e);
  for (const CaseFinding& f : findings_) {
    if (f.cases.empty()) continue;
    const bool note = &f == &findings_[kStretchedFinding] || &f == &findings_[kLongCallFinding];
    fmt::print(out_, "{}: {}: {}{}{}\n", note ? "note" : "warning", CasesCount(f.cases.size()), f.what,
               f.advice.empty() ? "" : "; ", f.advice);
    for (const auto& [name, detail] : f.cases) fmt::print(out_, "    {}: {}\n", name, detail);
  }
}

}  // namespace v8bench
