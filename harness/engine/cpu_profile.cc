#include "harness/engine/cpu_profile.h"

#include <v8.h>

#include <chrono>
#include <cstdint>

#include "harness/engine/cpu_sampler.h"
#include "harness/engine/jit_code_log.h"
#include "harness/engine/js_error.h"
#include "harness/engine/suite_host_state.h"
#include "harness/measure/method_rules.h"

namespace v8bench {

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Batches aim at this length: long enough that the host->JS call is noise, short enough that the
// profile ends close to --duration. js/external_runner/ (PROFILE_BATCH_SECONDS) keeps the same.
constexpr double kTargetBatchSeconds = 0.005;

// The batch size to profile with, and the seconds of one call in the last warm-up batch.
struct WarmupPace {
  std::uint64_t batch = 1;
  double call_s = 0;
};

// Untimed batches for at least `seconds` (and three batches), doubling the batch until one takes
// kTargetBatchSeconds.
Expected<WarmupPace> WarmUp(SuiteHost& host, double seconds) {
  std::uint64_t n = 1;
  const auto start = Clock::now();
  for (int batches = 0;; ++batches) {
    const auto b0 = Clock::now();
    if (auto ran = host.RunBatch(n); !ran) return ran.error();
    const double took = SecondsSince(b0);
    if (SecondsSince(start) >= seconds && batches >= 2) return WarmupPace{n, took / static_cast<double>(n)};
    if (took < kTargetBatchSeconds && n < (std::uint64_t{1} << 40)) n *= 2;
  }
}

}  // namespace

Expected<CpuProfileData> ProfileCase(SuiteHost& host, const ProfileOptions& options) {
  return host.RunUnderProfiler(options);
}

Expected<CpuProfileData> SuiteHost::RunUnderProfiler(const ProfileOptions& options) {
  State& s = *s_;
  SuiteHost& host = *this;
  v8::Isolate* isolate = s.realm->isolate();
  CpuProfileData data;
  data.interval_us = options.interval_us;

  // Before any of the case's code is compiled: line-level positions for optimised code, and the
  // JIT code log (which tier V8 compiled each function to, and when).
  CpuSampler::UseDetailedSourcePositions(isolate);
  // The profile reports what the case compiles from here on (the host's batches recorded theirs).
  JitCodeLog& jit = *s.jit;
  (void)jit.TakeEntries();
  JitCodeLog::Listening listening(jit);
  const SuiteHost::Deadline deadline(host, options.timeout_s);
  auto fail = [&](const Error& e) -> Error {
    (void)host.Teardown();
    return e;
  };
  if (auto prepared = host.Prepare(options.case_index, options.quick); !prepared) return fail(prepared.error());
  if (auto settled = host.Settle(options.tier); !settled) return fail(settled.error());
  {
    RealmScope scope(*s.realm);
    v8::Local<v8::Function> batch = s.batch.Get(isolate);
    data.batch_script_id = batch->ScriptId();
    data.batch_function = ToUtf8(isolate, batch->GetName());
  }

  const auto warm_start = Clock::now();
  auto pace = WarmUp(host, options.warmup_s);
  if (!pace) return fail(pace.error());
  const std::uint64_t n = pace->batch;
  // As the measurement's warm-up (runner/case_runner.cc Tiering): a case whose calls are long has its batch
  // loop left unoptimised, so the profile shows the code the figures time; one more batch runs after it.
  if (options.tier == TierMode::kOptimized && LoopLeftUnoptimised(TheMethodRules(), pace->call_s)) {
    if (auto left = host.LeaveLoopUnoptimised(); !left) return fail(left.error());
    if (auto ran = host.RunBatch(n); !ran) return fail(ran.error());
  }
  data.warmup_s = SecondsSince(warm_start);
  data.batch_size = n;

  CpuSampler sampler(isolate, jit);
  {
    RealmScope scope(*s.realm);
    if (auto started = sampler.Start(options.interval_us); !started) return fail(started.error());
  }
  const auto profile_start = Clock::now();
  do {
    if (auto ran = host.RunBatch(n); !ran) return fail(ran.error());
    data.iterations += n;
  } while (SecondsSince(profile_start) < options.duration_s);
  data.profiled_s = SecondsSince(profile_start);

  {
    RealmScope scope(*s.realm);
    if (auto stopped = sampler.Stop(data); !stopped) return fail(stopped.error());
  }
  if (auto torn = host.Teardown(); !torn) return torn.error();
  return data;
}

}  // namespace v8bench
