// The measurement method's fixed rules, declared once: when a warm-up may end, how its batches grow,
// when memory has settled, how long a repetition lasts, how many repetitions are timed again, when a
// case is timed a call per repetition. Pure functions over one table of tunables (kMethodRules: name,
// default, unit, meaning), with no V8: the embedded host's case runner (runner/case_runner.cc) calls
// them, the Node addon (engine/node_instrument_rules.cc) runs the same code inside Node 18-26 for the
// external runner, and the table is handed to the external runner at start (workers/external_engine.cc
// ExternalEngineArgs, `--method-rules JSON`) for the engines without the addon (Deno, Bun, workerd),
// whose JS takes every number from it (docs/measurement.md, "One method, declared once").
//
// Research and tests may change a row for one process and its workers with the environment variable
// V8BENCH_METHOD_RULES="name=value,..." (ReadMethodRuleOverrides; an unknown name or a value out of
// range is refused); the settings users choose are options (runner/run_settings.h, driver/settings.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "harness/model/expected.h"

namespace v8bench {

enum class MethodRule : std::size_t {
  kQuietSeconds,
  kQuietShareOfSettling,
  kWarmupBatchSeconds,
  kWarmupBatchOvershoot,
  kWarmupBatchGrowthMin,
  kWarmupBatchGrowthMax,
  kMaxResettles,
  kFaultRateShare,
  kFaultRateSlack,
  kYoungFills,
  kNegligibleYoungBytesPerSecond,
  kMaxStretchedSeconds,
  kRerunsPerRepetition,
  kLongCallFloorSeconds,
  kLongCallRepetitionSeconds,
  kCountedQuietBatches,
  kUnoptimisedLoopCallSeconds,
  kCount,
};

struct MethodRuleSpec {
  MethodRule rule;
  std::string_view name;  // as the handed-over table and V8BENCH_METHOD_RULES spell it
  double value;           // the default
  std::string_view unit;
  bool whole;  // a count: a whole number
  std::string_view meaning;
};

// The rows, in MethodRule order (a static_assert in method_rules.cc checks it). Why each value is what
// it is: docs/measurement.md ("Which code is measured", "Calls that last seconds") and the comments of
// the functions below.
inline constexpr std::array<MethodRuleSpec, static_cast<std::size_t>(MethodRule::kCount)> kMethodRules = {{
    {MethodRule::kQuietSeconds, "quiet_seconds", 0.1, "s", false,
     "the code and memory must not change for at least this long (and --warmup) before timing starts"},
    {MethodRule::kQuietShareOfSettling, "quiet_share_of_settling", 1.0, "ratio", false,
     "...and for this share of the time it took to get there (V8 compiles a stream case in bursts for seconds)"},
    {MethodRule::kWarmupBatchSeconds, "warmup_batch_seconds", 0.01, "s", false,
     "warm-up batches grow to at least this long (the host->JS call overhead becomes noise)"},
    {MethodRule::kWarmupBatchOvershoot, "warmup_batch_overshoot", 1.2, "ratio", false,
     "a short warm-up batch grows towards this multiple of warmup_batch_seconds"},
    {MethodRule::kWarmupBatchGrowthMin, "warmup_batch_growth_min", 2, "ratio", false,
     "a short warm-up batch grows at least this many times"},
    {MethodRule::kWarmupBatchGrowthMax, "warmup_batch_growth_max", 10, "ratio", false,
     "a short warm-up batch grows at most this many times"},
    {MethodRule::kMaxResettles, "max_resettles", 3, "count", true,
     "--tier optimized: a batch loop V8 deoptimised after the tiering sequence is settled again at most this "
     "many times"},
    {MethodRule::kFaultRateShare, "fault_rate_share", 0.25, "ratio", false,
     "two batches' page-fault rates have settled when they differ by at most this share of the larger..."},
    {MethodRule::kFaultRateSlack, "fault_rate_slack", 1.0, "faults/iteration", false,
     "...plus this many faults per iteration (a page or less per iteration is the rest of the process)"},
    {MethodRule::kYoungFills, "young_fills", 2, "count", true,
     "the young generation has been written through after this many young collections"},
    {MethodRule::kNegligibleYoungBytesPerSecond, "negligible_young_bytes_per_second", 10e6, "B/s", false,
     "a case that allocates slower than this is not waited for to fill the young generation"},
    {MethodRule::kMaxStretchedSeconds, "max_stretched_seconds", 0.5, "s", false,
     "--min-young-gcs lengthens a repetition to at most this long"},
    {MethodRule::kRerunsPerRepetition, "reruns_per_repetition", 2, "count", true,
     "repetitions whose code changed while timed are timed again at most this many times per repetition"},
    {MethodRule::kLongCallFloorSeconds, "long_call_floor_seconds", 0.25, "s", false,
     "a case is timed a call per repetition when a call lasts at least --min-time and at least this long"},
    {MethodRule::kLongCallRepetitionSeconds, "long_call_repetition_seconds", 30, "s", false,
     "...and only as many repetitions as fit in this long at the pace of its warm-up call are timed (at least one)"},
    {MethodRule::kCountedQuietBatches, "counted_quiet_batches", 10, "count", true,
     "--metric instructions: the warm-up's batches must not change the code for this many batches (and as many "
     "as it took to get there)"},
    // Why: the loop that calls the case costs at most ~35 ns an iteration in Ignition, the call included
    // (19 ns in Sparkplug; measured on Node 18 and 26), under 0.04% of a call of 100 us, far below any
    // verdict's reach. Optimised, it gains nothing but the case inlined into it or not, process by process:
    // V8 deoptimises such a loop after the tiering sequence and, with a few iterations per repetition,
    // left it in Ignition in one process, Sparkplug in another and TurboFan in a third, each settling again
    // costing more calls of milliseconds (Node core's files, whose `main` is the case, were "mixed code" for
    // that alone). Left unoptimised, the case's function keeps its own optimised code, as in a process that
    // calls it from its top-level script. The warm-up decides from its pace once the code has settled
    // (runner/case_runner.cc Tiering; the external runner's warmUp alike), deoptimises the loop and waits
    // for the code after it; compare takes such a loop's Ignition and Sparkplug as one state (analysis
    // JudgedTiers).
    {MethodRule::kUnoptimisedLoopCallSeconds, "unoptimised_loop_call_seconds", 100e-6, "s", false,
     "--tier optimized: a case whose calls last at least this long once its code settled has its batch loop "
     "left unoptimised"},
}};

// The rules' values: the defaults, or with some rows changed (ReadMethodRuleOverrides, the addon's table).
class MethodRules {
 public:
  MethodRules();
  double operator[](MethodRule rule) const { return values_[static_cast<std::size_t>(rule)]; }
  // Changes row `name`; an unknown name, or a value that is negative, not finite or (for a count) not
  // whole, is an error that names the rows.
  Status Set(std::string_view name, double value);
  // {"quiet_seconds":0.1,...}: every row, for the external runner's --method-rules.
  std::string Json() const;

 private:
  std::array<double, static_cast<std::size_t>(MethodRule::kCount)> values_;
};

// The rules this process measures with: the defaults unless UseMethodRules changed them.
const MethodRules& TheMethodRules();
void UseMethodRules(const MethodRules& rules);
// The defaults with V8BENCH_METHOD_RULES's "name=value,..." applied (`text`: its value; empty: none).
Expected<MethodRules> ReadMethodRuleOverrides(std::string_view text);
inline constexpr const char* kMethodRulesVariable = "V8BENCH_METHOD_RULES";

// --- The rules ----------------------------------------------------------------------------------

// The warm-up may end: the code and memory have not changed for `quiet_s`, which is at least
// max(--warmup, quiet_seconds) and quiet_share_of_settling x `settling_s` (warm-up start to the last change).
bool QuietLongEnough(const MethodRules& r, double warmup_s, double quiet_s, double settling_s);
// A warm-up batch that lasted `took_s` is of the full length (warmup_batch_seconds).
bool LongWarmupBatch(const MethodRules& r, double took_s);
// The next warm-up batch after a short one of `n` iterations that took `took_s`: straight towards
// warmup_batch_overshoot x warmup_batch_seconds, growing between warmup_batch_growth_min and _max times;
// `n` itself from 2^40 on.
std::uint64_t NextWarmupBatch(const MethodRules& r, std::uint64_t n, double took_s);
// After `resettles` settlings again of a deoptimised batch loop, another may follow.
bool MayResettle(const MethodRules& r, int resettles);
// The main thread's page-fault rate has settled between two consecutive long warm-up batches (faults per
// iteration): a case whose heaps are still growing to their working set faults in fresh pages each batch,
// at a falling rate (a stream case here: 103, then under 1 per iteration); a rate that stays high (every
// iteration maps fresh memory, e.g. under a user's trim threshold) is steady too.
bool FaultRateSettled(const MethodRules& r, double previous_per_iteration, double now_per_iteration);
// The young generation has been written through: young_fills young collections since the isolate started
// (each page of it then faulted in), or the case allocates under negligible_young_bytes_per_second, or
// too slowly to fill it within `remaining_s` of warm-up at the rate seen so far (measure/heap_probe.h
// says why fresh pages matter).
bool YoungGenerationFilled(const MethodRules& r, std::uint64_t young_collections, double allocated_bytes,
                           double elapsed_s, std::uint64_t young_bytes, double remaining_s);
// How long a repetition lasts for a case that makes `young_collections_per_s` young collections per
// second (0: none seen): --min-time, and long enough to span `min_young_collections` of them (0: off),
// at most max_stretched_seconds (runner/run_settings.h min_young_collections says why).
double RepetitionSeconds(const MethodRules& r, double min_time_s, int min_young_collections,
                         double young_collections_per_s);
// Repetitions whose code changed may be timed again: `reruns` so far of at most reruns_per_repetition x
// `repetitions`, and `rerun_s` of re-running so far under --max-warmup.
int RerunBudget(const MethodRules& r, int repetitions);
bool MayRerun(const MethodRules& r, int reruns, int repetitions, double rerun_s, double max_warmup_s);
// A call that lasts this long (and a preparation that did) is timed a call per repetition.
double LongCallSeconds(const MethodRules& r, double min_time_s);
// Of such a case, only as many of `repetitions` as fit in long_call_repetition_seconds at `call_s` a call
// (at least one).
int LongCallRepetitions(const MethodRules& r, int repetitions, double call_s);
// A case whose calls last `call_s` once its code settled (--tier optimized) has its batch loop left
// unoptimised: call_s is at least unoptimised_loop_call_seconds (the row says why; 0: never).
bool LoopLeftUnoptimised(const MethodRules& r, double call_s);

}  // namespace v8bench
