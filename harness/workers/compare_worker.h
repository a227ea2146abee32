// A comparison's worker process, as the driver starts one per sample of a variant: the engine it runs
// (which engine a path is, the V8 flags it takes, the external runner written out for it, its trig
// path probed with the variant's flags), the command line that makes v8bench or an external engine
// run the suites and print the worker protocol (docs/protocol.md), and what a worker's exit means for
// the case it was running. The driver decides when and how often; this says what a worker is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/measure/thresholds.h"
#include "harness/model/code_state.h"
#include "harness/model/expected.h"
#include "harness/model/knobs.h"
#include "harness/model/result.h"
#include "harness/model/text_lines.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"

namespace v8bench::workers {

// What one side of a comparison runs in its workers: an engine, its knobs and V8 flags
// (driver::Variant is one, with a name and the parameters it sets).
struct WorkerEngine {
  std::string engine;  // a v8bench, node, deno, bun or workerd executable; empty = the comparing binary
  // Filled in by PrepareWorkerEngine when the comparison starts (not saved): what `engine` is, and
  // for external engines the runner they run the suites with.
  EngineKind engine_kind = EngineKind::kV8bench;
  std::string runner;
  std::string trig_path;  // external engines: probed with the variant's V8 flags
  // External engines: the V8 flags the engine gets (EngineV8Flags: the knobs' flags, then v8_flags),
  // checked against the engine; nullopt until the comparison starts (then KnobV8Flags + v8_flags).
  std::optional<std::vector<std::string>> engine_v8_flags;
  // The harness knobs (model/knobs.h): a v8bench worker gets them back as `run`'s options (KnobArgs), an
  // external engine as V8 flags or the runner's options (each knob's KnobRoute; main_cpu is refused there).
  Knobs knobs;
  // A v8bench worker's `run` options for a block whose cases take turns (driver's Alternation: --alternate,
  // --turns, --copies, --alternate-offset); none otherwise.
  std::vector<std::string> turn_args;
  std::vector<std::string> v8_flags;  // everything else, passed to V8 after `--`
};

// How every worker of a comparison samples: the suites, their quick grids, and the timing options
// (the comparison's settings, driver/settings.h).
struct WorkerSampling {
  std::vector<std::string> suites;
  bool quick = false;
  int repetitions = 1;
  double min_time_s = 0;
  double warmup_s = 0;
  double max_warmup_s = 0;
  double timeout_s = 0;
  // Every repetition one batch of exactly this many iterations (`run --iterations`; counting workers get
  // kCountedIterations from InstructionCounting::Wrap); nullopt: batches grown to min_time_s.
  std::optional<std::uint64_t> iterations;
  // The worker reads a key from stdin and starts every protocol line with it (`run --sealed`; the
  // external runner's --sealed): lines a suite writes to stdout cannot pass for results.
  bool sealed = false;
  // A long-lived worker (`run --serve`, compare --long-lived): it warms its cases up once, then takes a sample
  // for each "sample" line on stdin.
  bool serve = false;
  // Deno: V8's --trace-gc lines for the reader to attribute to each sample (gc_trace.h), which needs a
  // worker's whole output; `run`'s supervisor reads line by line and turns it off (GC figures absent).
  bool gc_trace = true;
  // The external runner's too (js/external_runner/ RUN_SETTINGS, which has no defaults of its own): the
  // young collections a repetition spans (RunSettings::min_young_collections) and the tier measured where
  // the variant does not set --tier.
  int min_young_collections = kDefaultMinYoungCollections;
  TierMode tier = TierMode::kOptimized;
};

// Recognises `w.engine` (v8bench, node, deno, bun or workerd) and, for an external engine, checks
// the V8 flags it takes (EngineV8Flags), writes the external runner, probes its trig path with those
// flags and checks that it gives `metric_counter` (CheckEngineMeasures). Errors name `variant`. No
// engine of its own (the comparing binary) needs nothing.
Status PrepareWorkerEngine(WorkerEngine& w, const std::string& variant, const std::string& metric_counter);

// The worker command line (argv[1..]) for `w` (filter: a regex over case names); with `plan_only` the
// worker lists the cases it would run and runs none (docs/protocol.md, `plan` lines).
std::vector<std::string> WorkerArgs(const WorkerSampling& sampling, const WorkerEngine& w, const std::string& filter,
                                    bool plan_only = false);

// A filter (an ECMAScript regex) that matches these case names and no other.
std::string ExactNamesFilter(const std::vector<std::string>& names);

// How the case a worker died in failed: kTimedOut, kOutOfMemory (the worker said so on stderr) or kCrashed.
CaseStatus DeathKind(const LaunchResult& result);

// The last lines of a worker's stderr or a case's error (model/text_lines.h).
using ::v8bench::LastLines;

// The most telling line of a dead worker's stderr: one that names an error, else the first line.
std::string TellingLine(const std::string& err);

// Why a worker stopped before running anything: the spawn error, the last lines of its stderr, or how
// it exited.
std::string WhyItStopped(const LaunchResult& result);

// A worker that stopped before running anything because it could not start, or exited 2 (its flags or
// the suites are wrong), would do the same in every sample of `variant`: that Error::Usage. nullopt
// for any other end.
std::optional<Error> RejectedConfiguration(const LaunchResult& result, const std::string& variant);

}  // namespace v8bench::workers
