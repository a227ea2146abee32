// `profile --engine` inside an official Node (harness/engine/node_instrument.cc): V8's CPU profiler and
// the JIT code log of the isolate that loaded the addon, through the embedded host's own CpuSampler, so
// that the profile carries what the embedded profile carries (tiers per function from JIT code events,
// deopts with their reasons, VM states). js/external_runner/'s `profile` drives the case (prepare,
// settle, warm-up, the batch loop) as engine/cpu_profile.cc does in the embedded host. Part of the addon
// only.
#pragma once

#include <node.h>

#include <memory>

#include "harness/engine/cpu_sampler.h"
#include "harness/engine/jit_code_log.h"

namespace v8bench {

// The addon's profile of the case under way; owned by the instrument (and gone with it, before its log).
class NodeProfile {
 public:
  explicit NodeProfile(JitCodeLog& jit) : jit_(jit) {}
  ~NodeProfile();
  NodeProfile(const NodeProfile&) = delete;
  NodeProfile& operator=(const NodeProfile&) = delete;

  // JS profileBegin(): before the case is prepared: line-level positions for the code compiled from now
  // on, and the JIT code log listened to (its earlier entries dropped) until profileStop().
  void Begin(const v8::FunctionCallbackInfo<v8::Value>& info);

  // JS profileStart(intervalUs): after the warm-up: sampling starts (throws an Error if V8's profiler
  // does not start, or a profile is already running).
  void Start(const v8::FunctionCallbackInfo<v8::Value>& info);

  // JS profileStop(): sampling stops and the log is no longer listened to; returns the profile as
  // .cpuprofile JSON with the v8bench fields (profile/cpuprofile_writer.h, ProfileFields::kWithV8bench).
  void Stop(const v8::FunctionCallbackInfo<v8::Value>& info);

 private:
  void Unlisten();

  JitCodeLog& jit_;
  bool listening_ = false;
  std::unique_ptr<CpuSampler> sampler_;
};

}  // namespace v8bench
