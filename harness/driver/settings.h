// A comparison's settings, each declared once (SettingSpecs: option, results-file key, range, help; the
// default is the member initializer). Options and a resumed file's values go through the same Set* and
// ValidateSettings, so a value read from a file is validated exactly like the option it stands for.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
#include "harness/model/expected.h"
#include "harness/stats/compare.h"
#include "harness/stats/sequential.h"
#include "harness/workers/compare_worker.h"

namespace v8bench::driver {

struct CompareSettings {
  std::vector<std::string> suites;  // suite files or directories, as given to the workers
  std::string filter;               // an ECMAScript regex over case names
  bool quick = false;               // the suites' quick parameter grids (as `run --quick`), on every engine
  std::string metric = kDefaultCompareMetric;
  // Sampling (StoppingModeOf): fixed `runs` per variant; or (runs == 0) adaptive until every case's CI
  // half-width is at most target_ci (a fraction), with min_runs to max_runs per variant, within
  // max_time_s; or (runs == 0, no target_ci: the default) sequential (stats/sequential.h): each
  // comparison until it is decided or its repeated interval is within ±equivalence, at most max_runs
  // blocks, the horizon its alpha is spent over (docs/statistics.md, "Sequential stopping").
  int runs = 0;
  std::optional<double> target_ci;
  double max_time_s = 120;
  int min_runs = 10;
  // 50: the fixed size's old default, so a sequential comparison never takes longer than it did; on a
  // busy machine 40 blocks missed up to 2 in 10 of a 5% change (docs/verdicts.md).
  int max_runs = 50;
  // X of the sequential rule's "no change beyond X" stop, a fraction; unset: the threshold, else 5%.
  std::optional<double> equivalence;
  std::uint64_t seed = 0;
  int jobs = 1;
  double timeout_s = 60;                     // per worker process
  int repetitions = 1;                       // of each case per worker, after a warm-up
  double min_time_s = kShortMinTimeSeconds;  // a repetition's (Google Benchmark's MinTime; measure/thresholds.h)
  double warmup_s = kShortWarmupSeconds;     // at least; and until the code stops changing (docs/measurement.md)
  double max_warmup_s = 10;                  // the cap of that wait (a capped case is flagged)
  double alpha = stats::kDefaultAlpha;
  double noise_floor = 0.01;        // a fraction
  std::optional<double> threshold;  // the gate, a fraction (0.05 = 5%)
  int min_samples = 5;
  // N > 0: variants that differ only in the parameters they set take turns in one worker per block
  // (driver.h Alternation), each repetition as N turns of 1/N of its length, their median the sample
  // (`run --turns`; docs/paired.md, "Variants in one worker"); 0: every sample in a worker of its own.
  int alternate = 10;
  // With alternate: each variant's case is prepared this many times in the worker, the turns dealt over
  // the copies (`run --copies`): one compiled copy of a case can run tens of percent faster or slower than
  // another for much of its life, and the copies average that out of each block.
  int copies = 3;
  // K > 0: each variant's samples come from K long-lived workers (`run --serve`), started once and asked in
  // turn (block b: worker b mod K), each warmed up once; 0: a fresh worker per sample (docs/paired.md,
  // "Long-lived workers"). The default where it applies (ApplyLongLivedDefault); the analysis corrects the
  // paired test for what a process's samples share (stats/clustered.h). K = the sequential rule's first look
  // (stats/sequential.h kFirstLook): the blocks of the first look then come from as many pairs of processes,
  // each pair's first sample, as independent as fresh workers', so a large change whose size differs from
  // one process to the next (the young generation at 1 MB: +45% to +85%) is decided there as with fresh
  // workers; the blocks after it are each worker's cheap further samples.
  int long_lived = static_cast<int>(stats::kFirstLook);
  // With long_lived: each worker takes this many samples and is then replaced by a fresh one (0: it lives
  // for the whole comparison). Why: the correction divides the test by the design effect at an upper bound
  // of the share of variance between pairs of processes; pairs that live for the whole comparison are few
  // clusters (4 pairs: 3 degrees of freedom, a bound so loose that +79% was once left undecided), while
  // pairs retired after 3 samples make clusters of at most 3 blocks, more of them as blocks come, a tighter
  // bound and a design effect of at most 3 (tests/clustered_test.cc simulates it: the A/A rate within
  // alpha whatever the processes share, the power for 5% near the plain test's). The price: a worker's
  // start-up and warm-up every 3 samples instead of once.
  int worker_samples = 3;
};

// kSeed: a whole number exact in a JSON number (below 2^53); kPercent: given and saved in percent ("5" or
// "5%"), held as a fraction; kMetric: one of the registry's --metric names.
enum class SettingKind { kCount, kSeed, kSeconds, kNumber, kPercent, kMetric };

using SettingMember =
    std::variant<int CompareSettings::*, double CompareSettings::*, std::optional<double> CompareSettings::*,
                 std::uint64_t CompareSettings::*, std::string CompareSettings::*>;

struct SettingSpec {
  const char* option;  // the --option of compare (and diff, for the statistics)
  const char* key;     // the key under "settings" in the results file
  SettingKind kind;
  double min, max;  // in the option's unit (percent for kPercent)
  SettingMember member;
  const char* metavar;
  const char* help;          // a full sentence, without the default
  const char* default_text;  // the default in words, or nullptr: the member's initial value
  bool statistics;           // also a diff option (the analysis and the gate)
  // What a results file without this key was taken with, where that is not the default: a setting added
  // later that changed how samples run, so that a resumed comparison goes on as it began; nullopt: the
  // default.
  std::optional<double> when_absent = std::nullopt;
};

std::span<const SettingSpec> SettingSpecs();
const SettingSpec* FindSetting(std::string_view option);

// Sets `spec` from an option's text (a percentage may end in '%'); `where` names it in errors ("--jobs",
// "'cmp.json': settings.jobs"). Out-of-range, fractional counts, NaN: Error::Usage.
Status SetFromText(CompareSettings& s, const SettingSpec& spec, std::string_view text, const std::string& where);
// The same for a value read from a file (a number, in the option's unit).
Status SetFromNumber(CompareSettings& s, const SettingSpec& spec, double value, const std::string& where);
// The value in the option's unit, as SetFromNumber takes it; nullopt for an unset threshold or a text.
std::optional<double> NumberOf(const CompareSettings& s, const SettingSpec& spec);
std::string TextOf(const CompareSettings& s, const SettingSpec& spec);  // for kMetric
// "Default: 120." from default_text or the member's initial value.
std::string DefaultSentence(const SettingSpec& spec);

enum class StoppingMode { kFixed, kAdaptive, kSequential };
StoppingMode StoppingModeOf(const CompareSettings& s);
// The sequential rule's X: --equivalence, else --threshold, else kDefaultEquivalence.
inline constexpr double kDefaultEquivalence = 0.05;
double EquivalenceOf(const CompareSettings& s);
// The stopping mode in words for reports ("sequential: until decided or within ±5.0%, at most 50 blocks"),
// and as the options that repeat it (" --max-runs 50 --equivalence 5").
std::string StoppingText(const CompareSettings& s);
std::string StoppingArgs(const CompareSettings& s);

// --long-lived's default (the member's initial value) applies where this v8bench would otherwise start a fresh
// worker for every sample: variants that differ in V8 flags, knobs or engines (Node releases, Bun, another
// v8bench). Not `given`, it becomes 0 where the variants take turns in one worker instead (`take_turns`:
// VariantsMayTakeTurns), where a variant's engine takes a fresh worker per sample (`fresh_engine`:
// SomeEngineTakesFreshWorkers), with --jobs > 1 and with a counted metric. A value given is kept
// (ValidateSettings and Driver::PrepareEngines refuse what cannot be served).
void ApplyLongLivedDefault(CompareSettings& s, bool given, bool take_turns, bool fresh_engine);

// What every worker samples: the suites and the timing settings.
workers::WorkerSampling WorkerSamplingOf(const CompareSettings& s);

// Checks the settings together (filter, min_runs <= max_runs, runs >= min_samples, warmup <= max_warmup);
// in adaptive mode min_runs is raised to min_samples. `where` prefixes the messages.
Status ValidateSettings(CompareSettings& s, const std::string& where);

}  // namespace v8bench::driver
