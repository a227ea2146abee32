// The statistics of a comparison: per case and variant, descriptive figures of each metric and a
// multimodality check; versus the baseline (the first variant):
//  - paired, when the samples carry their schedule block (compare): per block the log ratio of the
//    chosen metric, its median as the estimate, a bootstrap CI over blocks, the Wilcoxon signed-rank
//    p; when the machine's speed states are detected, over the blocks whose samples shared a state
//    (stratified; docs/paired.md). The verdict, Holm and the gate use these figures;
//  - unpaired, always (and alone for diff, whose samples have no blocks): the ratio of medians with a
//    bootstrap CI, Mann-Whitney and Welch p-values, their verdict and Holm-adjusted verdict.
// Every bootstrap is seeded with BootstrapSeed, as the adaptive stopping check is.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/driver/comparison.h"
#include "harness/measure/metrics.h"
#include "harness/stats/compare.h"
#include "harness/stats/counted.h"
#include "harness/stats/modality.h"
#include "harness/stats/paired.h"
#include "harness/stats/sequential.h"
#include "harness/stats/statistics.h"

namespace v8bench::analysis {

// The metric of --metric `option` (measure/metrics.h) the analysis compares; the default metric for a
// name that is none (options and resumed files are validated before they get here).
const MetricInfo& ComparedMetric(std::string_view option);
inline bool IsTime(const MetricInfo& m) { return m.unit == Unit::kNanoseconds; }

// One failed sample of a case (the reporters write "sample 3: crashed: worker killed by SIGSEGV").
struct SampleFailure {
  std::optional<int> sample;              // numbered from 1; unknown in a diff of saved files
  CaseStatus kind = CaseStatus::kFailed;  // never kOk or kUnsupported (VariantSeries::unsupported)
  std::string message;
};

// The samples to analyse, however they were obtained (a comparison, or two saved results files).
struct VariantSeries {
  std::map<std::string, std::vector<double>> metrics;  // counter -> one value per sample
  // counter -> the schedule block of each value in `metrics` (absent: unknown, e.g. diff; no pairs)
  std::map<std::string, std::vector<std::size_t>> blocks;
  // counter -> the CPU each value in `metrics` ran on (driver::RunRecord::cpu; -1 unknown); absent: none known
  std::map<std::string, std::vector<int>> cpus;
  // counter -> the long-lived worker process of each value (driver::RunRecord::worker_process; 0: a fresh one)
  std::map<std::string, std::vector<int>> processes;
  std::vector<driver::CaseCode> code;  // per sample that reported it: the code it ran
  std::size_t code_changed = 0;        // samples with a repetition whose code changed while timed
  // The schedule blocks of those samples (compare only): LeaveOutChangedCode takes them out, with their pairs.
  std::vector<std::size_t> changed_blocks;
  std::size_t warmup_capped = 0;        // samples whose warm-up ended at --max-warmup with the code still changing
  std::vector<SampleFailure> failures;  // of this case
  std::string unsupported;  // why the engine cannot run this case (unsupported() in the suite); not a failure
};
struct CaseSeries {
  std::string key;
  std::vector<VariantSeries> variants;  // parallel to Dataset::variant_names
  // The first block (0-based) in which its warm-up hit --max-warmup, and the first whose workers ran with
  // the shortened cap that followed (RunRecord::warmup_cap_s, that cap), for the warm-up note.
  std::optional<std::size_t> first_capped_block, first_shortened_block;
  double shortened_cap_s = 0;
};
struct Dataset {
  std::vector<std::string> variant_names;
  std::vector<CaseSeries> cases;
  // Some variant's samples are the repetitions of one process (diff of a run or Google Benchmark file):
  // they share that process's speed state, so they are not independent samples, and no test applies
  // (every comparison is kNotJudged; the change is reported without an interval or a verdict).
  bool one_process = false;
  bool interrupted = false;  // the comparison stopped before its end (its samples are all it has)
};

Dataset DatasetFrom(const driver::CompareState& state);

struct MetricStats : stats::Summary {
  stats::Modality modality;
};

// The paired comparison of the chosen metric against the baseline (stats/paired.h).
struct PairedAnalysis {
  stats::BlockComparison blocks;  // over all blocks, and over the blocks whose samples shared a state
  bool stratified = false;        // machine states were detected: the verdict rests on same_state
  double split_share = 0;         // of the case's blocks, the share whose samples ran in different states
  // A sequential comparison (AnalysisOptions::sequential): the group-sequential test of all blocks'
  // log ratios in block order; the verdict's p is its p, the estimate and interval are `blocks.all`'s.
  std::optional<stats::SequentialResult> sequential;
  const stats::PairedComparison& used() const { return stratified ? blocks.same_state : blocks.all; }
};

// What the verdict of one comparison rests on: the paired figures when there are pairs, else the
// unpaired ones (ratio of medians, Mann-Whitney).
struct Judgement {
  bool paired = false;
  stats::RatioInterval ratio;                              // estimate and 95% CI, new / base
  double p = 1;                                            // Wilcoxon signed-rank (paired) or Mann-Whitney, unadjusted
  stats::Verdict verdict = stats::Verdict::kInsufficient;  // on the unadjusted p
  // A counted metric (instructions): judged by stats/counted.h, beyond the counts' repeatability; no
  // test, so p is 0 (changed) or 1, and Holm leaves the verdict as it is.
  std::optional<stats::CountedComparison> counted;
};

// Whether `counter` is judged as a count that repeats (stats/counted.h) rather than by a test.
bool IsCountedMetric(std::string_view counter);

struct CellAnalysis {                                           // one case, one variant
  std::map<std::string, MetricStats> metrics;                   // counter -> figures
  std::map<std::string, stats::SampleComparison> versus;        // counter -> vs the baseline (not for it), unpaired
  std::optional<PairedAnalysis> paired;                         // the chosen metric, when the samples have blocks
  Judgement judged;                                             // the chosen metric (not for the baseline)
  double p_holm = 1;                                            // of judged.p, Holm-adjusted over the comparisons
  stats::Verdict holm_verdict = stats::Verdict::kInsufficient;  // the verdict; the gate uses it
  // The variant's or the baseline's samples ran a mixture of code states, or code that changed while
  // timed: the change is not judged (verdict "mixed code"), whatever the figures say.
  bool code_mixed = false;
  // Most of the case's blocks were left out for code that changed while timed (LeaveOutChangedCode), at
  // least stats::kFirstLook of them: the code does not settle, and more blocks would not judge it.
  bool code_unsettled = false;
  std::string code;            // the code the samples ran ("TurboFan/TurboFan"; several joined by " + ")
  double unpaired_p_holm = 1;  // of the Mann-Whitney p, for reference
  stats::Verdict unpaired_holm_verdict = stats::Verdict::kInsufficient;
  std::optional<double> gc_share;  // median GC pause time / median wall time (GcShare)
  std::vector<SampleFailure> failures;
  bool insufficient = false;  // fewer than min_samples values of the chosen metric
  // The power of the verdict's test (stats/power.h), for a tested comparison: the smallest p it can reach
  // with these samples, and the blocks (paired) or samples per side (unpaired) that a comparison needs to
  // be judged in this Holm family. Below alpha / comparisons: kTooFewSamples.
  double min_p = 1;
  std::size_t needed = 0;
};

struct CaseAnalysis {
  std::string key;
  std::string unsupported;          // every variant reported the case unsupported: it is left out, with this reason
  std::vector<CellAnalysis> cells;  // parallel to variant_names
};

// A case's variant that tripped the gate (analysis_text.h TripReason says why in words): it
// failed in `failures` samples where the baseline never failed, or else it is significantly worse than
// the baseline by `change` (a fraction) beyond the threshold.
struct GateTrip {
  std::string key, variant;
  std::size_t failures = 0;
  SampleFailure first_failure;  // the first of them
  double change = 0;            // ratio - 1 of the verdict's estimate
  double p_holm = 1;
};

// A case's variant with fewer samples of the chosen metric than the minimum: it cannot be judged.
struct InsufficientNote {
  std::string key;
  std::size_t variant = 0;
  std::size_t samples = 0;     // of the chosen metric
  bool metric_absent = false;  // samples arrived without the figure: the engine does not report it (not zero)
  bool failed = false;         // the variant also failed in some samples
};

// A case every variant reported unsupported (unsupported() in the suite): left out, with the suite's reason.
struct UnsupportedNote {
  std::string key, reason;
};

// A case's variant whose paired verdict rests on the blocks within one machine speed state
// (stats/machine_state.h): how many blocks straddled a change of state, and the comparison over all blocks.
struct StatesNote {
  std::string key;
  std::size_t variant = 0;
  double split_share = 0;  // of the case's blocks, the share whose samples ran in different states
  std::size_t same_state_blocks = 0;
  std::size_t all_blocks = 0;
  stats::RatioInterval all_ratio;  // over all blocks: estimate and 95% CI, new / base
  double all_p = 1;                // over all blocks: the Wilcoxon signed-rank p
};

// The code states a variant's samples ran: the samples per code label, the samples that
// reported their code, and those whose code changed while they were timed.
struct CodeMixture {
  std::map<std::string, std::size_t> samples_per_label;
  std::size_t samples = 0;
  std::size_t changed = 0;
};

// A note on the code a case's variant and its baseline ran: a mixture (or changing code) in either is
// not judged (kMixed, with the mixture of the variant, else of the baseline); different code in the two
// is named beside the verdict (kDifferent).
// kLeftOut: samples whose code changed while timed were left out with their blocks, and the rest judged
// (LeaveOutChangedCode); `mixture.changed` of `mixture.samples` of the variant's (or the baseline's).
struct CodeNote {
  enum class Kind { kMixed, kDifferent, kLeftOut };
  Kind kind = Kind::kMixed;
  std::string key;
  std::size_t variant = 0;
  bool baseline_mixed = false;                  // kMixed, kLeftOut: the baseline's samples (the variant's own were not)
  CodeMixture mixture;                          // kMixed, kLeftOut
  std::string code, baseline_code;              // kDifferent: the labels each ran
  std::size_t blocks_left_out = 0, blocks = 0;  // kLeftOut: the case's blocks left out, of all its blocks

  // kLeftOut: most of the case's blocks ran code that changed while timed (a verdict on the rest would
  // rest on the minority that happened to run steadily).
  bool MostlyLeftOut() const { return kind == Kind::kLeftOut && 2 * blocks_left_out > blocks; }
};

// A case's variant whose V8 background work (median all-thread CPU minus median main-thread CPU, per
// iteration) differs from the baseline's by more than measure/metrics.h ThreadsShifted allows: work moved
// between the main thread and V8's workers, so the main-thread figure changed with it, not one for one
// (e.g. --no-concurrent-array-buffer-sweeping).
// Named beside the verdict; the verdict stands (which thread did the work can be the change itself).
struct ThreadNote {
  std::string key;
  std::size_t variant = 0;
  double background_ns = 0, baseline_background_ns = 0;
};

// A case's variant whose samples ran on the CPUs in other proportions than the baseline's (the share of
// samples on some CPU differs by at least kCpuShareNoted), unless the CPUs are known to time alike (a side
// with at least 2 samples on each of two CPUs whose medians do not differ: measure/metrics.h CpusDiffer; or
// every CPU's median, on either side, within that spread of the others).
// On a VM whose vCPUs run at different speeds (docs/measurement.md "Which CPU"), part of the change can be the CPUs';
// `compare --main-cpu` takes the choice away. Named beside the verdict; the verdict stands (the CPU can be
// the change itself: --variant a='--main-cpu 0' --variant b='--main-cpu 1').
struct CpuNote {
  std::string key;
  std::size_t variant = 0;
  std::map<int, std::size_t> samples_per_cpu, baseline_samples_per_cpu;  // samples whose CPU is known
  // The chosen metric's median on each CPU the variant's (baseline's) samples ran on.
  std::map<int, double> median_per_cpu, baseline_median_per_cpu;
};

// A case's variant whose samples of the chosen metric fall into two clusters (stats/modality.h).
struct MultimodalNote {
  std::string key;
  std::size_t variant = 0;
  stats::Modality modality;  // its counts and medians, in the metric's unit
};

// A case whose warm-up kept ending at --max-warmup with the code still changing: once per case, the
// samples of each variant where it did (the repetitions may have timed code V8 was still changing).
struct WarmupNote {
  std::string key;
  std::vector<std::size_t> capped, samples;  // per variant
  double max_warmup_s = 0;
  // The driver shortened the cap from this block on (1-based; 0: it did not), after the cap was first hit
  // in block `first_capped_block` (1-based), to `shortened_cap_s` (CaseSeries).
  std::size_t first_capped_block = 0, first_shortened_block = 0;
  double shortened_cap_s = 0;
};

// Where the comparison stands in its sequential rule (stats/sequential.h): per comparison, decided
// (its sequential p below alpha over the family, so its Holm verdict holds), within ±X at some look, or open.
struct SequentialStatus {
  std::size_t comparisons = 0, decided = 0, equivalent = 0, open = 0;
  std::size_t blocks = 0;  // the fewest blocks of an open comparison (the last look taken)
  bool Stop() const { return comparisons > 0 && open == 0; }
};

struct AnalysisOptions {
  std::string metric = kDefaultCompareMetric;
  stats::CompareOptions stats;
  // The comparison was sampled by the sequential rule: the verdicts rest on its p-values (never on the
  // fixed tests' p at the end, which would count the looks as one).
  std::optional<stats::SequentialDesign> sequential;
  double max_warmup_s = 0;          // for the warm-up note
  std::optional<double> threshold;  // fraction; the gate is on when set
  bool chosen_metric_only = false;  // compare only the chosen metric against the baseline (the stopping check)
};

struct Analysis {
  std::string metric, counter;
  bool is_time = true;
  std::vector<std::string> variant_names;
  std::vector<CaseAnalysis> cases;
  std::size_t comparisons = 0;       // cases x non-baseline variants with enough samples
  std::size_t significant = 0;       // by the unadjusted verdict
  std::size_t significant_holm = 0;  // by the Holm-adjusted verdict
  std::size_t too_few = 0;           // comparisons whose Holm verdict is kTooFewSamples
  std::size_t judged = 0;            // comparisons with a Holm verdict: no change, lower or higher
  bool one_process = false;          // Dataset::one_process: nothing is judged
  bool interrupted = false;          // Dataset::interrupted: the gate does not pass
  bool paired = false;               // some verdict rests on paired figures
  std::vector<GateTrip> trips;
  // The notes, as numbers: analysis_text.h writes them in words, e.g. for a
  // MultimodalNote "case (variant): 17 near 21.6 ns, 3 near 13.5 ns".
  std::vector<InsufficientNote> insufficient;
  std::vector<MultimodalNote> multimodal;
  std::vector<UnsupportedNote> unsupported;
  std::vector<StatesNote> states;
  std::vector<CodeNote> code;
  std::vector<ThreadNote> threads;
  std::vector<CpuNote> cpus;
  std::vector<WarmupNote> warmups;
  std::optional<stats::SequentialDesign> sequential;  // AnalysisOptions::sequential
  SequentialStatus stopping;                          // with `sequential`: where the rule stands
  std::optional<double> threshold;
  double alpha = stats::kDefaultAlpha, noise_floor = 0.01;
  std::size_t min_samples = 5;
  // 1 when the gate tripped; else 2 when some case lacks samples or some comparison too few to judge it,
  // or when the gate is on and no comparison was judged or the comparison was interrupted; else 0.
  int exit_code = 0;
};

// The statistics and gate settings of a comparison (compare and diff).
AnalysisOptions AnalysisOptionsFrom(const driver::CompareSettings& settings);

Analysis Analyse(const Dataset& data, const AnalysisOptions& options);

// The widest relative half-width, (high - low) / 2 / ratio, of the intervals the verdicts rest on
// (CellAnalysis::judged), over the comparisons with enough samples; nullopt when there is none, or while
// some comparison has too few samples to be judged (so adaptive sampling goes on). The adaptive stopping
// rule: computed on Analyse's own figures, so the interval that stopped sampling is the one reported.
std::optional<double> WidestInterval(const Analysis& a);

// The adaptive stopping rule's measure (driver.h StoppingMeasure): WidestInterval of the report's own
// analysis of `state` (the same function, the same seeds), over the chosen metric only.
std::optional<double> StoppingInterval(const driver::CompareState& state);

// The sequential rule's check (driver.h SequentialCheck): the report's own analysis of `state`, over the
// chosen metric only, so that the comparisons that stopped sampling are the ones reported.
SequentialStatus SequentialStopping(const driver::CompareState& state);

// The most comparisons (cases x non-baseline variants) that `runs` samples per variant can judge after
// Holm at `alpha`, with the test the verdict would rest on (paired from 8 blocks at alpha 0.01, else
// unpaired); SIZE_MAX when the bound is beyond counting. For the start of a fixed-size comparison.
std::size_t JudgeableComparisons(std::size_t runs, double alpha);

// The bootstrap seed of one comparison (case, metric counter, variant index), so that the adaptive
// stopping check and the final analysis compute the very same interval.
std::uint64_t BootstrapSeed(std::uint64_t seed, const std::string& key, const std::string& counter,
                            std::size_t variant);
inline constexpr int kBootstrapResamples = 2000;

}  // namespace v8bench::analysis
