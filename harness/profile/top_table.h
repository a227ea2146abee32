// What a CPU profile says, for a person: the functions with the most self and total time, where the
// samples went (the suite's code, builtins, runtime internals, the harness, GC, idle), and for the hot
// functions which tiers V8 compiled them to and the deopts it recorded while sampling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/model/cpu_profile_data.h"

namespace v8bench {

// Whose a frame's self time is.
enum class FrameOwner {
  kSuite,    // JS in the suite's own scripts (and scripts it creates)
  kBuiltin,  // V8 builtins, API callbacks and other VM frames that are not the ones below
  kNode,     // the runtime's own JS: Node's (node:internal/..., node:...), Deno's (ext:...)
  kHarness,  // the bench API (scripts named v8bench:...) and the compiled batch loop
  kGc,       // (garbage collector)
  kProgram,  // (program): native code outside JS, e.g. the host between batches
  kIdle,     // (idle)
};
const char* FrameOwnerName(FrameOwner owner);

struct FunctionRow {
  std::string name;      // as V8 reports it: empty for an anonymous function
  std::string location;  // url:line:col (1-based), or a description when there is no script
  int script_id = 0;
  int line = 0;
  int column = 0;
  FrameOwner owner = FrameOwner::kSuite;
  std::uint64_t self_samples = 0;
  std::uint64_t total_samples = 0;  // samples with the function anywhere on the stack (once per sample)
  double self_share = 0;            // fractions of all samples
  double total_share = 0;
  int hot_line = 0;           // the line with the most self samples (0 when V8 gave no line ticks)
  double hot_line_share = 0;  // its share of the function's self samples
};

// A function's JIT history and deopts, for the hot functions.
struct TierInsight {
  std::string name;
  std::string location;
  double self_share = 0;
  // The code V8 built for the function, highest tier first, e.g. "TurboFan ×3, Sparkplug, Ignition";
  // "none seen" when no code event matched it.
  std::string compiled;
  int turbofan_before = 0;            // TurboFan builds before sampling started (warm-up)
  int turbofan_during = 0;            // and while sampling: V8 re-optimised, usually after deopts
  std::uint64_t deopts = 0;           // recorded while sampling
  std::string deopt_reasons;          // e.g. "wrong map ×12, Insufficient type feedback ×1"
  std::string optimization_disabled;  // V8's bailout reason, when it gave up on optimising
};

struct ProfileSummary {
  std::uint64_t samples = 0;
  double shares[7] = {};                                                    // by FrameOwner
  double vm_js = 0, vm_gc = 0, vm_compiler = 0, vm_other = 0, vm_idle = 0;  // VM state at the samples
  std::vector<FunctionRow> by_self;                                         // top N
  std::vector<FunctionRow> by_total;                                        // top N
  std::vector<TierInsight> hot;  // the suite's functions among the top by self time
  std::string batch_function;
  double batch_loop_share = 0;  // self share of the compiled batch loop alone
  std::uint64_t iterations = 0;
  double profiled_s = 0;
};

ProfileSummary Summarize(const CpuProfileData& profile, std::size_t top_n);

// 1234567 -> "1,234,567".
std::string WithThousands(std::uint64_t value);

// The tables and notes as printed by `v8bench profile`. `inlining` says whether TurboFan inlining
// was on (V8 10.2's sampler then charges inlined functions to the function they were inlined into).
std::string RenderSummary(const ProfileSummary& summary, bool inlining);

}  // namespace v8bench
