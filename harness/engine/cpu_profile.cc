#include "harness/engine/cpu_profile.h"

#include <v8.h>

#include <chrono>
#include <cstdint>

#include "harness/engine/cpu_sampler.h"
#include "harness/engine/jit_code_log.h"
#include "harness/engine/js_error.h"
#include "harness/engine/suite_host_state.h"

namespace v8bench {

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Batches aim at this length: long enough that the host->JS call is noise, short enough that the
// profile ends close to --duration. js/external_runner/ (PROFILE_BATCH_SECONDS) keeps the same.
constexpr double kTargetBatchSeconds = 0.005;

// Untimed batches for at least `seconds` (and three batches), doubling the batch until one takes
// kTargetBatchSeconds: the batch size to profile with.
Expected<std::uint64_t> WarmUp(SuiteHost& host, double seconds) {
  std::uint64_t n = 1;
  const auto start = Clock::now();
  for (int batches = 0;; ++batches) {
    const auto b0 = Clock::now();
    if (auto ran = host.RunBatch(n); !ran) return ran.error();
    const double took = SecondsSince(b0);
    if (SecondsSince(start) >= seconds && batches >= 2) return n;
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
  auto batch_size = WarmUp(host, options.warmup_s);
  if (!batch_size) return fail(batch_size.error());
  const std::uint64_t n = batch_size.value();
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
