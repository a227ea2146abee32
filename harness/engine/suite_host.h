// The engine's face to the rest of v8bench: one suite file loaded into one fresh realm, driven case
// by case. Plain C++ values in and out; no V8 type crosses this header.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/engine/v8_process.h"
#include "harness/measure/heap_probe.h"
#include "harness/model/code_state.h"
#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"
#include "harness/model/native_work.h"
#include "harness/model/result.h"
#include "harness/model/suite.h"

namespace v8bench {

class SuiteHost {
 public:
  // Creates a fresh realm of kind `realm` (new isolate), evaluates the bench API and then `source`
  // (the suite file at `path`). A syntax error or a throw at the top level is an Error::Input with
  // file:line:col and the source line.
  // `overrides` (from --param) apply to Describe and Prepare alike. Loading (the file's top level)
  // has `timeout_s` seconds; past it, Error::Timeout. No deadline is armed when Open returns.
  static Expected<std::unique_ptr<SuiteHost>> Open(V8Process& process, RealmKind realm, const std::string& path,
                                                   const std::string& source, const ParamOverrides& overrides,
                                                   double timeout_s);
  ~SuiteHost();
  SuiteHost(const SuiteHost&) = delete;
  SuiteHost& operator=(const SuiteHost&) = delete;

  RealmKind realm() const;

  // The suites and cases the file declared (the case list depends on --quick).
  Expected<SuiteFile> Describe(bool quick);

  // Untimed: the case's setup, one probe call, and its self-check (awaited if async). The prepared case
  // becomes the current one, which the calls below act on. Several cases may be prepared at once (run
  // --alternate times them in turns in one isolate): PreparedSlot() names the last one prepared and
  // Resume() makes a prepared case current again.
  Status Prepare(std::size_t case_index, bool quick);
  // The slot of the case prepared last (REQUIRES: a Prepare that succeeded).
  std::size_t PreparedSlot() const;
  // How long the case prepared last took for its probe call, the first call of its bench, in seconds (an
  // async one until it settled); negative where the engine's clock could not tell (RunSettings::
  // LongCallSeconds: a probe that lasted a long call was the case's warm-up).
  double ProbeSeconds() const;
  Status Resume(std::size_t slot);
  // Untimed: brings the prepared case's code to the state `mode` names, by a fixed sequence of calls
  // (js/bench_api/03_cases.js, settle()), whatever the timing settings.
  Status Settle(TierMode mode);
  // The case's batch loop deoptimised and never optimised again, its bench function keeping its code: for
  // a case whose call is long (measure/method_rules.h unoptimised_loop_call_seconds says why).
  Status LeaveLoopUnoptimised();
  // The tiers of the case's batch loop and bench function now, and how many functions V8 compiled
  // to optimised code since the previous call (JIT code events). `changed` is left to the caller.
  Expected<CodeState> TakeCodeState();
  // The timed region: `iterations` calls of the bench in its compiled loop, awaited if async.
  Status RunBatch(std::uint64_t iterations);
  // The operations the case's bench counted itself (operations(state): a Node core benchmark's
  // bench.end(n)) since Operations(true), which starts the count before a batch; nullopt when it
  // counts none. The figures are then per operation, not per iteration.
  Expected<std::optional<double>> Operations(bool begin);
  // The case's own counters (counters(state)), per iteration as the suite defines them.
  Expected<std::vector<Counter>> CaseCounters();
  // The prepared case's native floor (floor(state)), or nullopt when it declares none.
  Expected<std::optional<NativeWork>> NativeFloorWork();
  // Untimed: the current case's teardown (none is current after it: Resume another).
  Status Teardown();

  // GC and heap figures of this realm's isolate.
  HeapProbe& heap();
  // V8's young-generation (new_space) size now.
  std::uint64_t YoungGenerationBytes();

  // A deadline for everything that follows while it lives (setup, batches, awaits); past it the running
  // JS is terminated and the call fails with Error::Timeout. Disarmed when it goes out of scope, on
  // every path out.
  class Deadline {
   public:
    Deadline(SuiteHost& host, double seconds);
    ~Deadline();
    Deadline(const Deadline&) = delete;
    Deadline& operator=(const Deadline&) = delete;
    // A fresh deadline from now (the teardown of a case whose own deadline may be what stopped it).
    void Restart(double seconds);
    // No deadline until the next Restart (a long-lived worker's case between its samples: it is idle).
    void Pause();

   private:
    SuiteHost& host_;
  };

  // Profiles case `options.case_index` under V8's sampling CPU profiler: ProfileCase
  // (engine/cpu_profile.h) says what it does; defined in engine/cpu_profile.cc.
  Expected<CpuProfileData> RunUnderProfiler(const ProfileOptions& options);

 private:
  struct State;  // engine-internal: engine/suite_host_state.h
  explicit SuiteHost(std::unique_ptr<State> state);
  std::unique_ptr<State> s_;
};

}  // namespace v8bench
