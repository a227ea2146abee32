// V8's sampling CPU profiler (v8::CpuProfiler) over one isolate, turned into plain values: the call
// tree with hit counts, per-sample node ids, timestamps and VM states, the deopts V8 recorded while
// sampling, and the code V8 compiled for each function (from a JitCodeLog: which tier, when). The one
// conversion of a V8 profile: the embedded host's ProfileCase (cpu_profile.cc) and the Node addon's
// profile (node_instrument_profile.cc, inside an official Node) both sample through it.
#pragma once

#include <v8-profiler.h>
#include <v8.h>

#include <chrono>

#include "harness/engine/jit_code_log.h"
#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"

namespace v8bench {

class CpuSampler {
 public:
  // Line-level positions for optimised code: call before any of the case's code is compiled (V8 keeps
  // the positions only for code compiled afterwards).
  static void UseDetailedSourcePositions(v8::Isolate* isolate);

  // `jit` is the isolate's log; it should be listened to from before the case's code is compiled until
  // Stop, so that the profile lists the code built during setup and warm-up too. On the isolate's thread.
  CpuSampler(v8::Isolate* isolate, JitCodeLog& jit);
  ~CpuSampler();
  CpuSampler(const CpuSampler&) = delete;
  CpuSampler& operator=(const CpuSampler&) = delete;

  // Starts sampling every `interval_us`. The code V8 re-announces on starting is not new code.
  // REQUIRES: inside a HandleScope with the isolate's context entered.
  Status Start(int interval_us);

  // Stops sampling and fills `data`'s nodes, samples, timestamps, VM states, start and end, and `code`:
  // every entry the JIT log took since its last TakeEntries(), `at_s` in seconds since Start returned
  // (negative: before sampling). REQUIRES: after Start succeeded; as for Start.
  Status Stop(CpuProfileData& data);

 private:
  v8::Isolate* isolate_;
  JitCodeLog& jit_;
  v8::CpuProfiler* profiler_;
  v8::ProfilerId id_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace v8bench
