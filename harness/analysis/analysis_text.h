// The analysis in words: its verdicts, notes and gate, one line each, as the results file records them
// and the console, Markdown and HTML reports print them (the analysis itself is numbers).
#pragma once

#include <string>
#include <vector>

#include "harness/analysis/analysis.h"

namespace v8bench::analysis {

// "case (variant): 17 samples near 21.6 ns, 3 near 13.5 ns", in the compared metric's unit.
std::string MultimodalLine(const Analysis& analysis, const analysis::MultimodalNote& note);

// The prose of the analysis's other numeric notes, one line each, as the console, Markdown, HTML and
// the results file print them:
// "machine states: case (variant): the samples fall into two speed states; 10% of the blocks ran ...";
std::string NoteLine(const Analysis& analysis, const analysis::StatesNote& note);
// "mixed code: case (variant): not judged: 3 of 12 samples ran Ignition/Sparkplug, ..." or
// "different code: case (variant): ran Ignition/Sparkplug, the baseline TurboFan/TurboFan: ...";
std::string NoteLine(const Analysis& analysis, const analysis::CodeNote& note);
// "threads: case (variant): V8's background threads took 98.0 µs per iteration, the baseline's 350 µs: ...";
std::string NoteLine(const Analysis& analysis, const analysis::ThreadNote& note);
// "CPUs: case (variant): 18 of 20 samples on CPU 1 (2.03 µs), 2 on CPU 0 (3.61 µs); the baseline's 3 of 20 on
// CPU 1 ...: ...";
std::string NoteLine(const Analysis& analysis, const analysis::CpuNote& note);
// "case (variant): 3 of at least 5 samples", or that the engine does not report the metric;
std::string NoteLine(const Analysis& analysis, const analysis::InsufficientNote& note);
// "warm-up capped: case: the warm-up reached --max-warmup (10 s) ... in 8 of 8 samples of base, ...".
std::string NoteLine(const Analysis& analysis, const analysis::WarmupNote& note);
// Where the sequential rule stopped, for a sequential comparison (empty otherwise): the comparisons
// decided, within the equivalence bound, or still open.
std::vector<std::string> StoppingLines(const Analysis& analysis);
// The progress line's note: "sequential: 1 of 2 decided, 0 within bound".
std::string SequentialProgressText(const SequentialStatus& status);
// "case: the suite's reason".
std::string NoteLine(const Analysis& analysis, const analysis::UnsupportedNote& note);
// "sample 3: crashed: worker killed by SIGSEGV" ("crashed: ..." where the sample is unknown).
std::string NoteLine(const Analysis& analysis, const analysis::SampleFailure& failure);
// Each of `notes` as its NoteLine.
template <class Note>
std::vector<std::string> NoteLines(const Analysis& analysis, const std::vector<Note>& notes) {
  std::vector<std::string> lines;
  for (const Note& note : notes) lines.push_back(NoteLine(analysis, note));
  return lines;
}
// A comparison's Holm-adjusted verdict in words: "slower", "no change", or "too few samples to judge (need
// ≥ 8 blocks)" where its test could not reach significance in the Holm family (and `raw`: the unadjusted one).
std::string VerdictText(const Analysis& analysis, const analysis::CellAnalysis& cell, bool raw = false);
// Why comparisons were not judged, when some were not (empty otherwise): too few samples for the test to
// reach significance after Holm (the blocks they need), or samples that are one process's repetitions.
std::vector<std::string> UnjudgedLines(const Analysis& analysis);
// The gate's outcome in one line (empty without --threshold): "gate: PASS: ...", "gate: FAIL: N cases
// tripped ..." (the trips follow, TripReason), or "gate: NOT JUDGED (exit 2): <why>": a gate passes only
// on judged comparisons of a whole comparison.
std::string GateLine(const Analysis& analysis);

// Why a case tripped the gate: "slower +12.3% (threshold 5.0%), Holm-adjusted p = 0.002", or
// "failed in 2 sample(s) where the baseline never failed: ...".
std::string TripReason(const Analysis& analysis, const analysis::GateTrip& trip);

}  // namespace v8bench::analysis
