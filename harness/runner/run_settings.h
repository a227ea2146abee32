// How cases are run: Google Benchmark's knobs plus v8bench's own.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/measure/instruction_counter.h"
#include "harness/measure/method_rules.h"
#include "harness/measure/thresholds.h"
#include "harness/model/code_state.h"
#include "harness/model/suite.h"

namespace v8bench {

struct RunSettings {
  double min_time_s = kDefaultMinTimeSeconds;  // per repetition, as Google Benchmark's MinTime
  int repetitions = 5;                         // samples per case; median and CV are over these
  // Each case runs in this many fresh isolates (each warmed up on its own), the repetitions dealt out
  // over them: a fresh isolate's speed varies with where V8's background work ran and its tiering
  // history (streams/web_byte_stream: 0.9-1.0 ms per transfer where V8's ArrayBuffer sweeping ran on
  // the main thread, 1.4-1.7 ms where it ran on a worker; isolate medians CV 3.6-8.5% inside a
  // process). Default 1: it multiplies the warm-ups; compare's interleaved processes are the answer to
  // a figure that must not depend on the moment (docs/measurement.md "Which isolate, and which thread"). Capped at
  // `repetitions`; 1 with share_realm. See IsolateCount().
  int isolates = 1;
  double warmup_s = kDefaultWarmupSeconds;  // untimed warm-up: at least this long, and until the code stops changing
  double max_warmup_s = 10;                 // the warm-up gives up waiting for the code to stop changing (reported)
  TierMode tier = TierMode::kOptimized;     // which code state is measured (see model/code_state.h)
  double timeout_s = 120;                   // per case and isolate, setup to teardown; per call for long calls
  bool timeout_given = false;               // --timeout given: it holds for every file (else TimeoutFor's default)
  bool quick = false;                       // the suites' quick grids, and short timings (for tests and smoke runs)
  bool share_realm = false;                 // one realm per suite file instead of one per case
  std::string filter;                       // ECMAScript regex over case names; empty = all
  ParamOverrides params;                    // --param name=value,...: replaces grid values
  bool native_floors = true;                // measure each case's native floor (floor(state)) beside it
  // --main-cpu N: the measuring (main) thread is pinned to CPU N once V8's platform threads exist, which
  // keep every CPU (measure/cpu_affinity.h says why); nullopt: the scheduler places it.
  std::optional<int> main_cpu;
  // --alternate NAME,...: cases whose names differ only in these parameters (model/suite.h CaseKey) are
  // timed in turns in one fresh isolate: each prepared `copies` times (each copy its own setup, data and
  // compiled code), all settled, then warmed up together a batch each in turn, then each repetition taken
  // as `turns` turns of 1/turns of its length (RepetitionSeconds) dealt over the copies, one turn of each
  // copy of each case per round; the cases in order from the one at alternate_offset (modulo their
  // count), round r starting one copy further on than round r - 1; every turn is a sample, and a
  // case's copies are joined into one result. Why: the speed of a shared machine changes from one moment
  // to the next (docs/paired.md, "Variants in one worker"), and cases timed side by side in one isolate
  // see the same speed; and one compiled copy of a case can run tens of percent faster or slower than
  // another for much of its life, which copies average out. compare's workers use it for variants that
  // differ only in their parameters. Empty: every case runs on its own.
  std::vector<std::string> alternate;
  int alternate_offset = 0;
  int turns = 1;
  int copies = 1;
  // Turns per repetition: `turns` where cases alternate, else 1.
  int TurnsPerRepetition() const { return alternate.empty() ? 1 : std::max(1, turns); }
  // Copies of each case: `copies` where cases alternate, else 1.
  int CopiesPerCase() const { return alternate.empty() ? 1 : std::max(1, copies); }
  // Rounds per repetition: its turns dealt over the copies, rounded up.
  int RoundsPerRepetition() const { return (TurnsPerRepetition() + CopiesPerCase() - 1) / CopiesPerCase(); }
  // A repetition during which V8 changed the code (compiled a function to optimised code, or a tier
  // moved: CodeState::changed) did not time one piece of code: it is discarded and timed again (the
  // re-runs continue the warm-up), at most reruns_per_repetition x `repetitions` times and for at most
  // max_warmup_s of re-running; a repetition still changing then is kept and flagged. Why: V8 compiles a
  // stream case's internals for seconds after a quiet window can end the warm-up, so without the re-runs
  // the settings that warmed up longer timed settled code and the others did not (docs/measurement.md,
  // "Which code is measured", item 4). false (--keep-changed): keep and flag every repetition.
  // (measure/method_rules.h RerunBudget, MayRerun.)
  bool rerun_changed = true;
  // --metric instructions: each timed batch's instructions are counted (measure/instruction_counter.h):
  // under callgrind, whose dumps go to `callgrind_dir`, or by the hardware counter. Counting needs a
  // fixed number of iterations per repetition (a time-based batch size would follow the simulation's
  // speed), so each repetition is one batch of `iterations`, kCountedIterations unless given.
  bool count_instructions = false;
  std::string callgrind_dir;
  // --iterations N: every repetition is one batch of exactly N iterations (Google Benchmark's
  // Iterations) instead of a batch grown to --min-time; nullopt: grown to --min-time.
  std::optional<std::uint64_t> iterations;
  static constexpr std::uint64_t kCountedIterations = v8bench::kCountedIterations;  // measure/instruction_counter.h
  std::optional<std::uint64_t> FixedIterations() const {
    if (iterations) return iterations;
    if (count_instructions) return kCountedIterations;
    return std::nullopt;
  }
  // Each repetition lasts at least --min-time and long enough to span this many of the case's young
  // collections, at the rate the warm-up's last quiet window saw, at most max_stretched_seconds
  // (--min-young-gcs; 0: --min-time alone). Why: a repetition's cost is quantised by how many collections
  // land in it, and a collection can cost more than its pause (each scavenge also starts work that runs on
  // after it): short repetitions catch few collections and time less than their share of that work
  // (docs/measurement.md, "Which code is measured", item 5). With 20, one collection more or less
  // moves a repetition by a twentieth of what collections cost it.
  int min_young_collections = kDefaultMinYoungCollections;
  // (max_stretched_seconds is the default --min-time: --quick stays bounded, and a case that collects
  // rarely is timed for as long as --min-time says.)

  // The warm-up ends once the code and memory have not changed for max(--warmup, quiet_seconds) and for
  // quiet_share_of_settling x as long as it took to get there (measure/method_rules.h QuietLongEnough): V8
  // keeps compiling a stream case's internals in bursts for seconds, with lulls longer than any fixed
  // window (streams/node_to_web here: 0.1 s without an optimised compile at 0.3 s, then about 35 per
  // second until 1.5 s, few after 5 s). A window relative to the time taken is the same whatever --warmup
  // says; a case whose code settles at once (trig, JSON.parse) still starts after max(--warmup,
  // quiet_seconds), a fixed floor, so that a short --warmup cannot time code that V8 is still compiling.
  // Warm-up batches grow to warmup_batch_seconds (host->JS call overhead becomes noise).

  // How long each repetition lasts (Google Benchmark's MinTime) for a case that makes
  // `young_collections_per_s` young collections per second (0: none seen): see min_young_collections.
  double RepetitionSeconds(double young_collections_per_s) const {
    return v8bench::RepetitionSeconds(TheMethodRules(), min_time_s, min_young_collections, young_collections_per_s);
  }

  // Long calls: a case whose preparation (its setup, probe call and self-check) lasted at least
  // LongCallSeconds(), and whose probe call (SuiteHost::ProbeSeconds) or else one more call lasted as long,
  // is timed as a file sized for one call per process (Node core's benchmark/ files, often seconds a call)
  // was written to be run: that call is its warm-up (no tiering
  // sequence, no waiting for the code to settle: that would take minutes), each repetition is one call,
  // LongCallRepetitions of them, none re-run for code that changed while timed (each call compiles its
  // own hot loops, as in the file's own process; the code states are recorded and the case is marked
  // CaseResult::long_calls), and --timeout applies to each call. Not with --iterations, --metric
  // instructions or --alternate, which fix the batches themselves. Why: a batch of one call is all the
  // timing can take, and a warm-up of 10 s, 6 settling calls and up to 10 re-runs made `run` of such a
  // file time out and a compare sample last 12-27 s (docs/measurement.md, "Calls that last seconds").
  double LongCallSeconds() const { return v8bench::LongCallSeconds(TheMethodRules(), min_time_s); }
  bool LongCallsAllowed() const { return !FixedIterations() && alternate.empty(); }

  // The --timeout of a case in a file that is (or is not) sized for one call per process (model/suite.h
  // SizedForOneCallPerProcess): the one given, else the default for such a file (measure/thresholds.h
  // DefaultCallTimeout: compare.js sets no limit on such a file's one call).
  double TimeoutFor(bool one_call_file) const {
    return timeout_given ? timeout_s : DefaultCallTimeout(one_call_file, timeout_s);
  }

  // The isolates a case actually runs in.
  int IsolateCount() const { return share_realm ? 1 : std::max(1, std::min(isolates, repetitions)); }
  // The warm-up may end: the code and memory have not changed for `quiet_s` (measure/method_rules.h).
  bool QuietLongEnough(double quiet_s, double settling_s) const {
    return v8bench::QuietLongEnough(TheMethodRules(), warmup_s, quiet_s, settling_s);
  }
  // Repetitions of isolate `k` (0-based) of IsolateCount(): as even as possible, earlier ones first.
  int RepetitionsOfIsolate(int k) const {
    const int n = IsolateCount();
    return repetitions / n + (k < repetitions % n ? 1 : 0);
  }

  // The timing knobs that --quick implies, unless the user set them explicitly.
  static RunSettings Quick() {
    RunSettings s;
    s.quick = true;
    s.min_time_s = kShortMinTimeSeconds;
    s.repetitions = 3;
    s.warmup_s = kShortWarmupSeconds;
    return s;
  }
};

}  // namespace v8bench
