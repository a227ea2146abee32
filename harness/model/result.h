// What a run produces, as plain values: the runner fills these, reporters and the driver read them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/model/code_state.h"
#include "harness/model/native_work.h"
#include "harness/model/suite.h"

namespace v8bench {

// Units are explicit on every figure, so reporters never guess.
enum class Unit { kNanoseconds, kBytes, kCount, kRatio };
const char* UnitName(Unit unit);

// One named figure, per iteration unless the name says otherwise (peak_heap_bytes is a peak).
struct Counter {
  std::string name;
  double value = 0;
  Unit unit = Unit::kCount;
};

// What one repetition is tagged with besides its figures, declared once: the runner sets it beside
// the repetition's Google Benchmark run (runner/sample_collector.h), the worker protocol and the run JSON
// carry it, the driver and the analysis read it. A new per-repetition fact is a field here plus its uses.
struct RepetitionTags {
  std::optional<CodeState> code;  // the code that ran this repetition; nullopt where the engine cannot tell
  int isolate = 0;                // which of the case's fresh isolates ran it (RunSettings::isolates), from 0
  // The CPU the main thread was on when the repetition ended, and whether it had been on another when
  // it started; nullopt where the engine cannot tell (external engines). On a machine whose CPUs run at
  // different speeds, repetitions on different CPUs are not alike (docs/measurement.md "Which CPU").
  std::optional<int> main_cpu;
  bool main_cpu_moved = false;
};

// One repetition of a case: Google Benchmark ran `iterations` iterations in one timed batch.
struct Sample : RepetitionTags {
  std::uint64_t iterations = 0;
  std::vector<Counter> counters;  // the standard metrics (see measure/metrics.h) then the case's own

  // The value of counter `name`, or nullopt when the sample has none (absent, never zero).
  std::optional<double> Get(const std::string& name) const;
};

// kCrashed: the process running the case died (a signal, V8's fatal error handler); `run` reports it and
// goes on with the other cases in a fresh process.
enum class CaseStatus { kOk, kFailed, kTimedOut, kOutOfMemory, kUnsupported, kCrashed };
// The one name table of case statuses: "ok", "failed", "timed_out", "out_of_memory", "unsupported",
// "crashed" (the protocol, the files and the reports); nullopt for a name that is none.
const char* CaseStatusName(CaseStatus status);
std::optional<CaseStatus> CaseStatusFromName(std::string_view name);

struct CaseResult {
  std::string file;
  CaseInfo info;
  CaseStatus status = CaseStatus::kOk;
  std::string error;  // for a case that did not finish: the JS stack or the reason
  std::vector<Sample> samples;
  // V8's new space at the end of the case, as its heap space statistics report it (committed memory:
  // both semi-spaces once a scavenge has run, so 2 x the semi-space size).
  std::uint64_t young_generation_bytes = 0;
  std::string trig_path;              // detected sin/cos implementation (see engine/trig)
  std::optional<NativeFloor> native;  // the same work done natively, when the bench has a floor
  // Warm-up: how long it took for the code to stop changing, and whether --max-warmup cut it short
  // (then the repetitions may time code V8 is still changing; their code states say).
  double warmup_s = 0;
  bool warmup_capped = false;
  // Repetitions timed again because V8 changed the code while they were timed (RunSettings::rerun_changed):
  // the discarded ones are not in `samples`.
  int reruns = 0;
  // Seconds each repetition lasted at least: --min-time, or longer to span enough young collections
  // (RunSettings::RepetitionSeconds).
  double repetition_s = 0;
  TierMode tier = TierMode::kOptimized;
  // Each repetition was one call, after a warm-up of one call (RunSettings::LongCallSeconds): V8 compiled
  // the code while it ran, as in a process that runs the file once, so `changed` code states are the
  // measured object here, not an accident of timing.
  bool long_calls = false;
  // The warm-up left the case's batch loop unoptimised (--tier optimized), its calls being long (measure/
  // method_rules.h unoptimised_loop_call_seconds): the loop's tier, Ignition or Sparkplug, is no code state.
  bool loop_unoptimised = false;
};

// Facts about the engine and machine that every result is read against.
struct RunContext {
  std::string date;
  std::string host_name;
  std::string executable;
  int num_cpus = 0;
  double mhz_per_cpu = 0;
  bool cpu_scaling_enabled = false;
  std::vector<double> load_avg;
  std::string v8_version;
  std::string node_version;  // empty without Node
  std::string v8_flags;      // as passed to V8, knobs included
  std::optional<int> semi_space_mb;
  std::uint64_t young_generation_bytes = 0;  // at isolate creation
  std::string trig_path;
  double trig_mismatch_fraction = 0;  // share of probe inputs where Math.sin/cos != host libm
  std::string malloc_policy;          // the C heap's thresholds (see measure/c_heap.h)
  std::string build_type;
  bool quick = false;
  int repetitions = 0;
  int isolates = 1;  // fresh isolates per case, the repetitions dealt out over them
  double min_time_s = 0;
  // --main-cpu: the CPU the measuring thread was pinned to, and the CPUs every other thread of the process
  // (V8's platform workers) could run on when it was pinned, e.g. "0-1"; nullopt and empty when not pinned.
  std::optional<int> main_cpu_pinned;
  std::string other_threads_cpus;
  // --metric instructions: how they were counted (measure/instruction_counter.h DescribeInstructionSource),
  // and the iterations of each repetition's one batch; empty and 0 when not counted.
  std::string instructions_by;
  std::uint64_t iterations_per_batch = 0;
};

}  // namespace v8bench
