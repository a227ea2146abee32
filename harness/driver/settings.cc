#include "harness/driver/settings.h"

#include "harness/model/suite.h"
#include "harness/stats/counted.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace v8bench::driver {
namespace {

using S = CompareSettings;
using K = SettingKind;

// The help of each option says what it does and why (the method is in docs/statistics.md and
// docs/verdicts.md); DefaultSentence appends the default.
const SettingSpec kSettings[] = {
    {"runs", "runs", K::kCount, 2, 100000, &S::runs, "N",
     "Takes exactly N samples per variant (the fixed-size mode) instead of stopping by the sequential rule.",
     "sequential: each case until its verdict is decided or it is within ±--equivalence, at most --max-runs", false},
    {"target-ci", "target_ci_pct", K::kPercent, 0.001, 100, &S::target_ci, "PCT",
     "Adaptive mode: samples until every case's 95% CI of the change is within ±PCT percent.",
     "none (the sequential rule)", false},
    {"equivalence", "equivalence_pct", K::kPercent, 0.1, 100, &S::equivalence, "PCT",
     "Sequential mode: a case also stops once its repeated interval says \"no change beyond ±PCT percent\".",
     "the --threshold, else 5", false},
    {"max-time", "max_time_s", K::kSeconds, 1, 7 * 86400, &S::max_time_s, "S",
     "Adaptive mode (--target-ci): stops starting samples after S seconds.", nullptr, false},
    {"min-runs", "min_runs", K::kCount, 2, 100000, &S::min_runs, "N", "Adaptive mode: at least N samples per variant.",
     nullptr, false},
    {"max-runs", "max_runs", K::kCount, 2, 1000000, &S::max_runs, "N",
     "Sequential and adaptive modes: at most N samples per variant; the sequential rule spends its alpha over them.",
     nullptr, false},
    {"seed", "seed", K::kSeed, 0, 9007199254740991.0, &S::seed, "N",
     "Seeds the sampling order and the bootstrap; the seed used is printed, to repeat a comparison.",
     "random for compare, 1 for diff", true},
    {"jobs", "jobs", K::kCount, 1, 256, &S::jobs, "N",
     "Runs up to N workers at once; on a small machine they disturb each other.", nullptr, false},
    {"timeout", "timeout_s", K::kSeconds, 0.1, 86400, &S::timeout_s, "S",
     "Per case: a case (each variant's, each --copies copy) may run S seconds in a worker, or each call S for a case "
     "timed a call per repetition (calls of max(--min-time, 0.25 s) or more); a worker silent for S x (2 + "
     "--repetitions) per case it holds is killed. The case is reported timed out, the sample goes on in a new one. "
     "Under callgrind the default is 20x; a value given holds for every file.",
     nullptr, false},
    {"alternate", "alternate", K::kCount, 0, 100, &S::alternate, "N",
     "Variants that differ only in --param take turns in one worker per block, in one isolate, so a machine whose "
     "speed drifts times them alike: each repetition as N turns of 1/N of its length, their median the sample. 0: "
     "every sample in a worker of its own.",
     nullptr, false, 0},
    {"copies", "copies", K::kCount, 1, 10, &S::copies, "K",
     "With --alternate: each variant's case is prepared K times in the worker, each copy its own compiled code, "
     "the turns dealt over them: one copy can run tens of percent faster or slower than another for much of its "
     "life, and K copies average that out of each block.",
     nullptr, false, 1},
    {"long-lived", "long_lived", K::kCount, 0, 64, &S::long_lived, "K",
     "Variants that cannot take turns in one worker (they differ in V8 flags, knobs or engines) get K workers per "
     "variant, started once and asked in turn (block b: worker b mod K), each sample one more measurement in a "
     "process already warmed up, instead of a fresh worker per sample, which pays start-up and warm-up every time. "
     "The workers a block starts warm up together, one per CPU, and no sample is timed until they are all warm. "
     "A process's speed then holds for all its samples: the paired test is corrected for the share of the "
     "variance that lies between the pairs of processes (its design effect; docs/paired.md, \"Long-lived "
     "workers\"). Not with --jobs > 1, Deno or workerd engines (a fresh worker per sample) or --metric "
     "instructions. Each worker is replaced after --worker-samples. 0: a fresh worker per sample, the most "
     "independent samples.",
     "10 (the sequential rule's first look) where it applies (variants that differ in V8 flags, knobs or engines, "
     "on v8bench, Node or Bun, --jobs 1, a timed metric); else 0",
     false, 0},
    {"worker-samples", "worker_samples", K::kCount, 0, 100000, &S::worker_samples, "M",
     "With --long-lived: each long-lived worker takes M samples and is then replaced by a fresh one, so that the "
     "pairs of processes whose speed the blocks share are many and small: the correction for what they share "
     "then costs the test little power (docs/paired.md). 0: each worker lives for the whole comparison.",
     nullptr, false, 0},
    {"repetitions", "repetitions", K::kCount, 1, 1000, &S::repetitions, "N",
     "Repetitions of a case per worker, their median the sample (short processes suit bimodal noise).", nullptr, false},
    {"min-time", "min_time_s", K::kSeconds, 0.001, 3600, &S::min_time_s, "S",
     "Each repetition runs for at least S seconds.", nullptr, false},
    {"warmup", "warmup_s", K::kSeconds, 0, 3600, &S::warmup_s, "S",
     "Untimed warm-up per case in each worker: at least S seconds, and until its code stops changing.", nullptr, false},
    {"max-warmup", "max_warmup_s", K::kSeconds, 0.01, 86400, &S::max_warmup_s, "S",
     "Ends a warm-up whose code still changes after S seconds (the case is flagged).", nullptr, false},
    {"metric", "metric", K::kMetric, 0, 0, &S::metric, nullptr, nullptr, nullptr, true},
    {"threshold", "threshold_pct", K::kPercent, 0, 1000, &S::threshold, "PCT",
     "The gate: exits 1, naming them, if cases are significantly slower than the baseline by more than PCT percent "
     "or fail only in a variant.",
     "no gate", true},
    {"alpha", "alpha", K::kNumber, 1e-9, 0.5, &S::alpha, "A",
     "Significance level of the test behind every verdict (docs/verdicts.md).", nullptr, true},
    {"noise-floor", "noise_floor_pct", K::kPercent, 0, 100, &S::noise_floor, "PCT",
     "A change smaller than PCT percent is never called significant, however small its p-value.", nullptr, true},
    {"min-samples", "min_samples", K::kCount, 2, 100000, &S::min_samples, "N",
     "Fewer samples than N for a case in any variant cannot be judged: reported, and exit 2.", nullptr, true},
};

// The factor from the option's unit to the member's.
double Scale(const SettingSpec& spec) { return spec.kind == K::kPercent ? 0.01 : 1.0; }

std::string Range(const SettingSpec& spec) {
  static const char* const kWhat[] = {"a whole number", "a whole number", "a number of seconds", "a number",
                                      "a percentage"};  // by SettingKind
  return fmt::format("{} from {} to {}{}", kWhat[static_cast<int>(spec.kind)], spec.min, spec.max,
                     spec.kind == K::kPercent ? " (e.g. 5 or 5%)" : "");
}

bool InRange(const SettingSpec& spec, double value) {
  const bool whole = spec.kind == K::kCount || spec.kind == K::kSeed;
  return value >= spec.min && value <= spec.max && (!whole || std::floor(value) == value);
}

void Assign(CompareSettings& s, const SettingSpec& spec, double value) {
  std::visit(
      [&](auto member) {
        using T = std::remove_cvref_t<decltype(s.*member)>;
        if constexpr (std::is_arithmetic_v<T>) {
          s.*member = static_cast<T>(value * Scale(spec));  // checked by InRange: whole and in range, so exact
        } else if constexpr (!std::is_same_v<T, std::string>) {
          s.*member = value * Scale(spec);
        }
      },
      spec.member);
}

}  // namespace

std::span<const SettingSpec> SettingSpecs() { return kSettings; }

const SettingSpec* FindSetting(std::string_view option) {
  const auto* it = std::ranges::find_if(kSettings, [&](const SettingSpec& s) { return option == s.option; });
  return it == std::end(kSettings) ? nullptr : it;
}

Status SetFromNumber(CompareSettings& s, const SettingSpec& spec, double value, const std::string& where) {
  if (spec.kind == K::kMetric) return Error::Usage(where + ": a metric name is expected, not a number");
  if (!InRange(spec, value)) return Error::Usage(fmt::format("{}: {} is not {}", where, value, Range(spec)));
  Assign(s, spec, value);
  return OkStatus();
}

Status SetFromText(CompareSettings& s, const SettingSpec& spec, std::string_view text, const std::string& where) {
  if (spec.kind == K::kMetric) {
    if (FindMetricOption(text) == nullptr) {
      return Error::Usage(fmt::format("{}: '{}' is not one of: {}", where, text, fmt::join(MetricOptions(), ", ")));
    }
    s.*std::get<std::string CompareSettings::*>(spec.member) = std::string(text);
    return OkStatus();
  }
  std::string t(text);
  if (spec.kind == K::kPercent && !t.empty() && t.back() == '%') t.pop_back();
  // A plain decimal only: strtod alone would also take " 5", "0x10", "inf" and "nan".
  const bool plain = !t.empty() && t.find_first_not_of("0123456789.eE+-") == std::string::npos;
  char* end = nullptr;
  const double v = plain ? std::strtod(t.c_str(), &end) : 0;
  if (!plain || *end != '\0' || !InRange(spec, v)) {
    return Error::Usage(fmt::format("{}: '{}' is not {}", where, text, Range(spec)));
  }
  Assign(s, spec, v);
  return OkStatus();
}

std::optional<double> NumberOf(const CompareSettings& s, const SettingSpec& spec) {
  return std::visit(
      [&](auto member) -> std::optional<double> {
        using T = std::remove_cvref_t<decltype(s.*member)>;
        if constexpr (std::is_same_v<T, std::string>) {
          return std::nullopt;
        } else if constexpr (std::is_arithmetic_v<T>) {
          return static_cast<double>(s.*member) / Scale(spec);
        } else {
          return s.*member ? std::optional(*(s.*member) / Scale(spec)) : std::nullopt;
        }
      },
      spec.member);
}

std::string TextOf(const CompareSettings& s, const SettingSpec& spec) {
  if (auto* m = std::get_if<std::string CompareSettings::*>(&spec.member)) return s.**m;
  return {};
}

std::string DefaultSentence(const SettingSpec& spec) {
  if (spec.default_text != nullptr) return fmt::format("Default: {}.", spec.default_text);
  const CompareSettings defaults;
  if (spec.kind == K::kMetric) return fmt::format("Default: {}.", TextOf(defaults, spec));
  const auto v = NumberOf(defaults, spec);
  return v ? fmt::format("Default: {}.", *v) : "Default: none.";
}

StoppingMode StoppingModeOf(const CompareSettings& s) {
  if (s.runs > 0) return StoppingMode::kFixed;
  return s.target_ci ? StoppingMode::kAdaptive : StoppingMode::kSequential;
}

double EquivalenceOf(const CompareSettings& s) {
  return s.equivalence.value_or(s.threshold.value_or(kDefaultEquivalence));
}

std::string StoppingText(const CompareSettings& s) {
  switch (StoppingModeOf(s)) {
    case StoppingMode::kFixed:
      return fmt::format("fixed --runs {}", s.runs);
    case StoppingMode::kAdaptive:
      return fmt::format("adaptive: target CI ±{:.1f}%, max {} s", *s.target_ci * 100, s.max_time_s);
    case StoppingMode::kSequential:
      break;
  }
  return fmt::format("sequential: until decided or within ±{:.1f}%, at most {} blocks", EquivalenceOf(s) * 100,
                     s.max_runs);
}

std::string StoppingArgs(const CompareSettings& s) {
  switch (StoppingModeOf(s)) {
    case StoppingMode::kFixed:
      return fmt::format(" --runs {}", s.runs);
    case StoppingMode::kAdaptive:
      return fmt::format(" --target-ci {} --max-time {}", *s.target_ci * 100, s.max_time_s);
    case StoppingMode::kSequential:
      break;
  }
  return fmt::format(" --max-runs {} --equivalence {}", s.max_runs, EquivalenceOf(s) * 100);
}

void ApplyLongLivedDefault(CompareSettings& s, bool given, bool take_turns, bool fresh_engine) {
  if (given) return;
  const MetricInfo* metric = FindMetricOption(s.metric);
  const bool counted = metric != nullptr && metric->counted;
  if (take_turns || fresh_engine || s.jobs > 1 || counted) s.long_lived = 0;
}

workers::WorkerSampling WorkerSamplingOf(const CompareSettings& s) {
  // No fixed batch size: a counting comparison's workers get it from InstructionCounting::Wrap.
  return {s.suites, s.quick, s.repetitions, s.min_time_s, s.warmup_s, s.max_warmup_s, s.timeout_s, std::nullopt};
}

Status ValidateSettings(CompareSettings& s, const std::string& where) {
  if (auto filter = CaseFilter::Parse(s.filter); !filter) return Error::Usage(where + filter.error().message);
  if (s.min_runs > s.max_runs) {
    return Error::Usage(fmt::format("{}--min-runs {} is more than --max-runs {}", where, s.min_runs, s.max_runs));
  }
  // A counted metric is judged from kCountedMinSamples a side (stats/counted.h), whatever --min-samples says.
  const MetricInfo* metric = FindMetricOption(s.metric);
  const int min_samples =
      metric != nullptr && metric->counted ? static_cast<int>(stats::kCountedMinSamples) : s.min_samples;
  const bool fixed = s.runs > 0;
  if ((fixed ? s.runs : s.max_runs) < min_samples) {
    return Error::Usage(fmt::format("{}--{} {} is fewer than --min-samples {}: no case could be judged", where,
                                    fixed ? "runs" : "max-runs", fixed ? s.runs : s.max_runs, min_samples));
  }
  if (!fixed) s.min_runs = std::max(s.min_runs, min_samples);
  if (s.max_warmup_s < s.warmup_s) {
    return Error::Usage(
        fmt::format("{}--max-warmup {} is less than --warmup {}: the warm-up lasts --warmup, and "
                    "until the code stops changing, at most --max-warmup",
                    where, s.max_warmup_s, s.warmup_s));
  }
  if (s.long_lived > 0 && s.jobs > 1) {
    // Block b's sample of a variant is worker b mod K's: two blocks at once could ask one worker twice.
    return Error::Usage(fmt::format("{}--long-lived {} takes one sample at a time: drop --jobs {} (or --long-lived)",
                                    where, s.long_lived, s.jobs));
  }
  if (s.long_lived > 0 && metric != nullptr && metric->counted) {
    return Error::Usage(
        fmt::format("{}--long-lived: a counted metric (--metric {}) does not drift with the process "
                    "and its worker runs under callgrind: drop --long-lived",
                    where, s.metric));
  }
  return OkStatus();
}

}  // namespace v8bench::driver
