// The statistics of a comparison: per case and variant, descriptive figures of each metric and a
// multimodality check; versus the baseline (the first variant), the ratio of medians with a
// bootstrap CI, Mann-Whitney and Welch p-values, a verdict and a Holm-Bonferroni-adjusted verdict
// over all comparisons of the chosen metric; and the gate's decision. Used by compare and diff.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/driver/comparison.h"
#include "harness/stats/compare.h"
#include "harness/stats/modality.h"
#include "harness/stats/statistics.h"

namespace v8bench::driver {

// The samples to analyse, however they were obtained (a comparison, or two saved results files).
struct VariantSeries {
  std::map<std::string, std::vector<double>> metrics;  // counter -> one value per sample
  std::vector<std::string> failures;                   // one line per failed sample of this case
  std::string unsupported;  // why the engine cannot run this case (unsupported() in the suite); not a failure
};
struct CaseSeries {
  std::string key;
  std::vector<VariantSeries> variants;  // parallel to Dataset::variant_names
};
struct Dataset {
  std::vector<std::string> variant_names;
  std::vector<CaseSeries> cases;
};

Dataset DatasetFrom(const CompareState& state);

struct MetricStats : stats::Summary {
  stats::Modality modality;
};

struct CellAnalysis {                                     // one case, one variant
  std::map<std::string, MetricStats> metrics;             // counter -> figures
  std::map<std::string, stats::SampleComparison> versus;  // counter -> vs the baseline (not for it)
  double p_holm = 1;                                      // of the chosen metric's Mann-Whitney p
  stats::Verdict holm_verdict = stats::Verdict::kInsufficient;
  std::optional<double> gc_share;  // median GC time / median CPU time
  std::vector<std::string> failures;
  bool insufficient = false;  // fewer than min_samples values of the chosen metric
};

struct CaseAnalysis {
  std::string key;
  std::string unsupported;          // every variant reported the case unsupported: it is left out, with this reason
  std::vector<CellAnalysis> cells;  // parallel to variant_names
};

struct GateTrip {
  std::string key, variant, reason;
};

struct AnalysisOptions {
  std::string metric = kDefaultCompareMetric;
  stats::CompareOptions stats;
  std::optional<double> threshold;  // fraction; the gate is on when set
};

struct Analysis {
  std::string metric, counter;
  bool is_time = true;
  std::vector<std::string> variant_names;
  std::vector<CaseAnalysis> cases;
  std::size_t comparisons = 0;       // cases x non-baseline variants with enough samples
  std::size_t significant = 0;       // by the unadjusted verdict
  std::size_t significant_holm = 0;  // by the Holm-adjusted verdict
  std::vector<GateTrip> trips;
  std::vector<std::string> insufficient;  // "case (variant): n of min samples"
  std::vector<std::string> multimodal;    // "case (variant): 17 near 21.6 ns, 3 near 13.5 ns"
  std::vector<std::string> unsupported;   // "case: reason"
  std::optional<double> threshold;
  double alpha = 0.05, noise_floor = 0.01;
  std::size_t min_samples = 5;
  // 1 when the gate tripped; else 2 when some case lacks samples; else 0.
  int exit_code = 0;
};

// The statistics and gate settings of a comparison (compare and diff).
AnalysisOptions AnalysisOptionsFrom(const CompareSettings& settings);

Analysis Analyse(const Dataset& data, const AnalysisOptions& options);

// The bootstrap seed of one comparison (case, metric counter, variant index), so that the adaptive
// stopping check and the final analysis compute the very same interval.
std::uint64_t BootstrapSeed(std::uint64_t seed, const std::string& key, const std::string& counter,
                            std::size_t variant);
inline constexpr int kBootstrapResamples = 2000;

}  // namespace v8bench::driver
