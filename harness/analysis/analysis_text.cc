#include "harness/analysis/analysis_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "harness/model/json_string.h"
#include "harness/model/units.h"
#include "harness/stats/power.h"

namespace v8bench::analysis {

std::string MultimodalLine(const Analysis& a, const MultimodalNote& note) {
  const Unit unit = ComparedMetric(a.metric).unit;
  const stats::Modality& m = note.modality;
  return fmt::format("{} ({}): {} samples near {}, {} near {}", note.key, a.variant_names[note.variant], m.low_count,
                     FormatValue(m.low_median, unit), m.high_count, FormatValue(m.high_median, unit));
}

std::string NoteLine(const Analysis& a, const StatesNote& note) {
  const stats::RatioInterval& r = note.all_ratio;
  return fmt::format(
      "machine states: {} ({}): the samples fall into two speed states; {:.0f}% of the blocks ran across a "
      "change of state; the verdict uses the {} blocks within one state (over all {} blocks: {:+.1f}% "
      "[{:+.1f}%, {:+.1f}%], p(W) = {:.2g})",
      note.key, a.variant_names[note.variant], note.split_share * 100, note.same_state_blocks, note.all_blocks,
      (r.ratio - 1) * 100, (r.low - 1) * 100, (r.high - 1) * 100, note.all_p);
}

namespace {

// How a variant's samples mixed code states: "3 of 12 samples ran Ignition/Sparkplug, 9 of 12 samples ran
// TurboFan/TurboFan", "each sample ran A + B", then "; 2 of 12 samples ran code that changed while timed".
std::string MixtureText(const CodeMixture& m) {
  std::string labels, why;
  for (const auto& [label, n] : m.samples_per_label) {
    labels += fmt::format("{}{}", labels.empty() ? "" : " + ", label);
    if (m.samples_per_label.size() > 1) {
      why += fmt::format("{}{} of {} samples ran {}", why.empty() ? "" : ", ", n, m.samples, label);
    }
  }
  if (m.samples_per_label.size() == 1 && labels.find(" + ") != std::string::npos) why = "each sample ran " + labels;
  if (m.changed > 0) {
    why += fmt::format("{}{} of {} samples ran code that changed while timed", why.empty() ? "" : "; ", m.changed,
                       m.samples);
  }
  return why;
}

}  // namespace

std::string NoteLine(const Analysis& a, const CodeNote& note) {
  const std::string where = fmt::format("{} ({})", note.key, a.variant_names[note.variant]);
  if (note.kind == CodeNote::Kind::kLeftOut) {
    return fmt::format(
        "code changed while timed: {}: {}{} of {} samples ran code that V8 changed while it was timed: left out "
        "with their blocks ({} of {}), so the verdict compares steadily running code on the {} other blocks",
        where, note.baseline_mixed ? "the baseline's " : "", note.mixture.changed, note.mixture.samples,
        note.blocks_left_out, note.blocks, note.blocks - note.blocks_left_out);
  }
  if (note.kind == CodeNote::Kind::kMixed) {
    return fmt::format(
        "mixed code: {}: not judged: {}{}: the figures mix different machine code, so "
        "a difference may be a code-state accident, not the change",
        where, note.baseline_mixed ? "the baseline's " : "", MixtureText(note.mixture));
  }
  return fmt::format(
      "different code: {}: ran {}, the baseline {}: the change may be the code "
      "state itself (e.g. a flag that changes tiering), not the work",
      where, note.code, note.baseline_code);
}

std::string NoteLine(const Analysis& a, const ThreadNote& note) {
  return fmt::format(
      "threads: {} ({}): V8's background threads took {} per iteration, the baseline's {}: work moved between the "
      "main thread and V8's workers, and the main-thread CPU moves with it, not one for one (docs/measurement.md, "
      "\"Which isolate, and which thread\"){}",
      note.key, a.variant_names[note.variant], FormatValue(note.background_ns, Unit::kNanoseconds),
      FormatValue(note.baseline_background_ns, Unit::kNanoseconds),
      a.counter == metric::kProcessCpu ? "" : "; compare all-thread CPU too (--metric process)");
}

namespace {

// "18 of 20 samples on CPU 1 (2.03 µs), 2 on CPU 0 (3.61 µs)", the CPU with most samples first.
std::string CpuShareText(const std::map<int, std::size_t>& counts, const std::map<int, double>& medians,
                         const Analysis& a) {
  std::vector<std::pair<int, std::size_t>> order(counts.begin(), counts.end());
  std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::size_t total = 0;
  for (const auto& [cpu, n] : order) total += n;
  std::string out;
  for (const auto& [cpu, n] : order) {
    const auto m = medians.find(cpu);
    const std::string median =
        m == medians.end() ? "" : fmt::format(" ({})", FormatValue(m->second, ComparedMetric(a.metric).unit));
    out += out.empty() ? fmt::format("{} of {} samples on CPU {}{}", n, total, cpu, median)
                       : fmt::format(", {} on CPU {}{}", n, cpu, median);
  }
  return out;
}

}  // namespace

std::string NoteLine(const Analysis& a, const CpuNote& note) {
  return fmt::format(
      "CPUs: {} ({}): {}; the baseline's {}: the variants ran on the CPUs in different proportions, and on a VM "
      "whose CPUs run at different speeds part of the change can be the CPUs' (docs/measurement.md, \"Which CPU\"); "
      "pin every variant to one CPU with --main-cpu N",
      note.key, a.variant_names[note.variant], CpuShareText(note.samples_per_cpu, note.median_per_cpu, a),
      CpuShareText(note.baseline_samples_per_cpu, note.baseline_median_per_cpu, a));
}

std::string NoteLine(const Analysis& a, const InsufficientNote& note) {
  if (note.metric_absent) {
    return fmt::format(
        "{} ({}): this engine does not report {} (absent, not zero); compare "
        "with another --metric, e.g. --metric wall",
        note.key, a.variant_names[note.variant], a.counter);
  }
  return fmt::format("{} ({}): {} of at least {} samples{}", note.key, a.variant_names[note.variant], note.samples,
                     a.min_samples, note.failed ? " (it failed: see above)" : "");
}

std::string NoteLine(const Analysis& a, const WarmupNote& note) {
  std::string counts;
  for (std::size_t vi = 0; vi < note.capped.size() && vi < a.variant_names.size(); ++vi) {
    if (note.capped[vi] == 0) continue;
    counts += fmt::format("{}{} of {} samples of {}", counts.empty() ? "" : ", ", note.capped[vi], note.samples[vi],
                          a.variant_names[vi]);
  }
  if (note.first_shortened_block > 0) {
    return fmt::format(
        "warm-up capped: {}: the warm-up hit its {} s cap (--max-warmup) with the code still changing in block {}; "
        "blocks from {} on warmed up at most {} s, every variant alike ({} in all; the code its repetitions ran is "
        "judged above)",
        note.key, note.max_warmup_s, note.first_capped_block, note.first_shortened_block, note.shortened_cap_s, counts);
  }
  return fmt::format(
      "warm-up capped: {}: the warm-up reached --max-warmup ({} s) with the code still changing in {}: each such "
      "sample waited the whole cap (the code its repetitions ran is judged above)",
      note.key, note.max_warmup_s, counts);
}

std::vector<std::string> StoppingLines(const Analysis& a) {
  if (!a.sequential) return {};
  const SequentialStatus& s = a.stopping;
  return {fmt::format(
      "sequential: p(W) is the sequential signed-rank p (each look's p over its share of alpha, the smallest); {} of "
      "{} comparisons decided (p below {:.3g}), {} within ±{:.1f}% (repeated 1 - {} interval), {} still open{}; "
      "alpha {} spent over looks up to {} blocks (docs/statistics.md, \"Sequential stopping\")",
      s.decided, s.comparisons, a.alpha / static_cast<double>(std::max<std::size_t>(s.comparisons, 1)), s.equivalent,
      a.sequential->equivalence * 100, a.alpha, s.open,
      s.open > 0 ? " (they reached --max-runs or the comparison was cut short)" : "", a.alpha,
      a.sequential->max_blocks)};
}

std::string SequentialProgressText(const SequentialStatus& s) {
  return fmt::format("sequential: {} of {} decided, {} within bound", s.decided, s.comparisons, s.equivalent);
}

std::string NoteLine(const Analysis&, const UnsupportedNote& note) { return note.key + ": " + note.reason; }

std::string NoteLine(const Analysis&, const SampleFailure& failure) {
  return fmt::format("{}{}{}", failure.sample ? fmt::format("sample {}: ", *failure.sample) : "",
                     CaseStatusName(failure.kind),
                     failure.message.empty() ? "" : ": " + PrintableText(failure.message));
}

std::string VerdictText(const Analysis& a, const CellAnalysis& cell, bool raw) {
  const stats::Verdict v = raw ? cell.judged.verdict : cell.holm_verdict;
  if (v != stats::Verdict::kTooFewSamples) return stats::VerdictName(v, a.is_time);
  // Raw: the test alone (a family of one); Holm: the blocks the whole family needs.
  const bool sequential = a.sequential && cell.paired && cell.paired->sequential;
  const std::size_t raw_needed = sequential           ? stats::SequentialBlocksNeeded(a.sequential->max_blocks, a.alpha)
                                 : cell.judged.paired ? stats::PairsNeeded(a.alpha)
                                                      : stats::SamplesPerSideNeeded(a.alpha);
  const std::size_t needed = raw ? raw_needed : cell.needed;
  return fmt::format("{} (need ≥ {} {})", stats::VerdictName(v, a.is_time), needed,
                     cell.judged.paired ? "blocks" : "samples per variant");
}

std::vector<std::string> UnjudgedLines(const Analysis& a) {
  std::vector<std::string> lines;
  if (a.one_process) {
    lines.push_back(
        "not judged: a file holds the repetitions of one process (a run or Google Benchmark file), and repetitions "
        "inside one process are not independent samples: they share the process's speed state, which differs from "
        "process to process (by tens of percent on a VM), so an interval or a test over them would call a change "
        "in identical code. One process per side is one sample. For a verdict, diff two `v8bench compare --out` "
        "files (one worker process per sample), or run `v8bench compare`.");
  }
  if (a.too_few == 0) return lines;
  for (const CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      const CellAnalysis& cell = ca.cells[vi];
      if (cell.holm_verdict != stats::Verdict::kTooFewSamples) continue;
      const char* unit = cell.judged.paired ? "blocks" : "samples per variant";
      if (a.sequential && cell.paired && cell.paired->sequential) {
        lines.push_back(fmt::format(
            "too few samples to judge: {} of {} comparisons (e.g. {} ({})): with these blocks the sequential "
            "test's smallest possible p is {:.3g}, and after Holm over {} comparisons nothing above {:.3g} can be "
            "significant; {}",
            a.too_few, a.comparisons, ca.key, a.variant_names[vi], cell.min_p, a.comparisons,
            a.alpha / static_cast<double>(a.comparisons),
            cell.needed > 0
                ? fmt::format("it needs {} blocks (whose code ran steadily) to reach that, within --max-runs "
                              "{}: the comparison was cut short",
                              cell.needed, a.sequential->max_blocks)
                : fmt::format("no look up to --max-runs {} can reach that: raise --max-runs, or compare "
                              "fewer cases (--filter)",
                              a.sequential->max_blocks)));
        return lines;
      }
      lines.push_back(fmt::format(
          "too few samples to judge: {} of {} comparisons (e.g. {} ({})): with these samples the {} test's "
          "smallest possible p is {:.3g}, and after Holm over {} comparisons nothing above {:.3g} can be "
          "significant, so not even a large change could be found (calling it unchanged would claim what the test "
          "cannot show); give at least {} {} (--runs {}), or compare fewer cases (--filter)",
          a.too_few, a.comparisons, ca.key, a.variant_names[vi], cell.judged.paired ? "signed-rank" : "rank-sum",
          cell.min_p, a.comparisons, a.alpha / static_cast<double>(a.comparisons), cell.needed, unit, cell.needed));
      return lines;  // one example: the others differ only in their counts
    }
  }
  return lines;
}

namespace {

// Why no comparison was judged, when none lacks samples or power: the comparisons' own reasons.
std::string NothingJudgedReason(const Analysis& a) {
  std::size_t mixed = 0, unsettled = 0, cells = 0;
  for (const CaseAnalysis& ca : a.cases) {
    if (!ca.unsupported.empty()) continue;
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      ++cells;
      mixed += ca.cells[vi].code_mixed ? 1 : 0;
      unsettled += ca.cells[vi].code_unsettled ? 1 : 0;
    }
  }
  if (cells == 0) {
    return a.unsupported.empty() ? "no comparison was judged: no case has samples"
                                 : "no comparison was judged: every case is unsupported (above)";
  }
  if (mixed > 0) {
    return fmt::format("{} of {} comparisons ran a mixture of code states (\"mixed code\" above) and are not judged",
                       mixed, cells);
  }
  // Most blocks left out for code that changed while timed, however many blocks there were.
  std::size_t unsteady = 0;
  for (const CodeNote& n : a.code) unsteady += n.MostlyLeftOut() ? 1 : 0;
  if (unsettled > 0 || unsteady > 0) {
    return fmt::format("{} of {} comparisons have too few blocks whose code ran steadily (above)",
                       std::max(unsettled, unsteady), cells);
  }
  return fmt::format("none of the {} comparisons could be judged (see the notes above)", cells);
}

}  // namespace

std::string GateLine(const Analysis& a) {
  if (!a.threshold) return "";
  if (!a.trips.empty()) {
    return fmt::format("gate: FAIL: {} tripped the {:.1f}% threshold:",
                       a.trips.size() == 1 ? "1 case" : std::to_string(a.trips.size()) + " cases", *a.threshold * 100);
  }
  if (a.exit_code == 0) {
    return fmt::format(
        "gate: PASS: no case is significantly {} than the baseline by more than {:.1f}% ({} of {} "
        "comparisons judged)",
        a.is_time ? "slower" : "higher", *a.threshold * 100, a.judged, a.comparisons);
  }
  std::string why;
  if (a.interrupted) {
    why = "the comparison was interrupted; resume it with --resume";
  } else if (a.too_few > 0) {
    why = fmt::format("{} of {} comparisons have too few samples to judge (above)", a.too_few, a.comparisons);
  } else if (!a.insufficient.empty()) {
    why = "some cases lack samples (above)";
  } else if (a.one_process) {
    why = "nothing is judged in a diff of one process per side (above)";
  } else {
    why = NothingJudgedReason(a);
  }
  return fmt::format("gate: NOT JUDGED (exit {}): {}", a.exit_code, why);
}

std::string TripReason(const Analysis& a, const GateTrip& trip) {
  if (trip.failures > 0) {
    return fmt::format("failed in {} sample(s) where the baseline never failed: {}", trip.failures,
                       NoteLine(a, trip.first_failure));
  }
  return fmt::format("{} {:+.1f}% (threshold {:.1f}%), Holm-adjusted p = {:.2g}", a.is_time ? "slower" : "higher",
                     trip.change * 100, a.threshold.value_or(0) * 100, trip.p_holm);
}

}  // namespace v8bench::analysis
