// A CPU profile of one case as plain values (what engine/cpu_profile.h's ProfileCase returns, and
// what harness/profile/ turns into a .cpuprofile and the top/tier/deopt tables): the call tree with
// hit counts, per-sample node ids and timestamps, the deopts V8 recorded while sampling, and the code
// V8 compiled for each function (which tier, when). No engine type: profile/ needs no engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/model/code_state.h"

namespace v8bench {

struct ProfileOptions {
  std::size_t case_index = 0;  // as SuiteHost::Prepare takes it
  bool quick = false;
  double warmup_s = 0.5;                 // untimed batches before sampling starts, so the JIT has tiered up
  double duration_s = 2.0;               // batches run under the profiler until this much wall time is spent
  int interval_us = 100;                 // sampling interval
  double timeout_s = 120;                // for everything (setup, warm-up, profile); past it the case is terminated
  TierMode tier = TierMode::kOptimized;  // the same tiering sequence as `run` (SuiteHost::Settle)
};

// Where a frame's code comes from, as V8 tags it (CpuProfileNode::SourceType).
enum class FrameKind { kScript, kBuiltin, kCallback, kInternal, kUnresolved };

struct ProfileDeoptFrame {
  int script_id = 0;
  std::size_t position = 0;  // character offset in that script
};

// One deoptimisation of the node's function that V8 saw while the profiler ran.
struct ProfileDeopt {
  std::string reason;                    // V8's text, e.g. "wrong map"
  std::vector<ProfileDeoptFrame> stack;  // innermost (inlined) frame first
};

struct ProfileLineTicks {
  int line = 0;  // 1-based
  unsigned ticks = 0;
};

struct ProfileNode {
  unsigned id = 0;
  std::string function_name;  // empty for anonymous functions
  int script_id = 0;
  std::string url;  // the script's resource name ("" when it has none)
  int line = 0;     // 1-based line of the function's start; 0 when unknown
  int column = 0;   // 1-based column; 0 when unknown
  FrameKind kind = FrameKind::kScript;
  unsigned hit_count = 0;          // samples with this node on top (self), counted from `samples`
  std::vector<unsigned> children;  // node ids
  std::vector<ProfileLineTicks> line_ticks;
  std::string bailout_reason;  // why V8 disabled optimisation of the function, when it did
  std::vector<ProfileDeopt> deopts;
};

// One piece of code V8 built for a JS function (a JIT code event), in the order they happened.
struct CompiledCode {
  int script_id = 0;
  std::string function_name;
  int line = 0;  // 1-based line of the function's start, as in ProfileNode
  CodeTier tier = CodeTier::kIgnition;
  double at_s = 0;  // seconds since sampling started; negative: during setup and warm-up
};

// Samples per VM state (v8::StateTag) at the moment they were taken.
struct VmStateCounts {
  std::uint64_t js = 0, gc = 0, parser = 0, bytecode_compiler = 0, compiler = 0, other = 0, external = 0,
                atomics_wait = 0, idle = 0;
};

struct CpuProfileData {
  std::vector<ProfileNode> nodes;           // nodes[0] is the root "(root)"; parents come before children
  std::vector<unsigned> samples;            // node id of each sample's top frame, in time order
  std::vector<std::int64_t> timestamps_us;  // of each sample, on the same clock as start_us
  std::int64_t start_us = 0;
  std::int64_t end_us = 0;
  VmStateCounts states;
  int interval_us = 0;

  // The harness's compiled batch loop (a generated function with no script name).
  int batch_script_id = -1;
  std::string batch_function;

  std::uint64_t iterations = 0;  // bench calls made while sampling
  std::uint64_t batch_size = 0;  // per RunBatch call
  double warmup_s = 0;           // spent warming up
  double profiled_s = 0;         // wall time under the profiler
  std::vector<CompiledCode> code;
};

}  // namespace v8bench
