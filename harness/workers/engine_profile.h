// One case profiled inside another engine (`v8bench profile --engine PATH`): node, deno or bun run
// js/external_runner/'s `profile` command, which prepares the case, settles its tiers and warms it
// up as the embedded profile does, then samples it. On a Node with this build's in-process instrument
// the sampler is the embedded host's own (engine/node_instrument_profile.h: V8's CpuProfiler with JIT
// code events, so tiers per function, deopts and VM states); elsewhere (Deno, Bun, a Node whose addon
// does not load: an ABI mismatch, --no-addons) the inspector's Profiler domain (node:inspector). Either
// way the runner writes a .cpuprofile; what comes back is the same plain CpuProfileData the embedded
// profiler fills (profile/cpuprofile_reader.h), plus what the runner said of the run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"
#include "harness/model/knobs.h"
#include "harness/workers/external_engine.h"

namespace v8bench::workers {

// Refuses an engine v8bench cannot profile on: workerd (no node:inspector Session in a worker, and
// its own inspector is a network socket v8bench does not open). Error::Usage; nullopt otherwise.
std::optional<Error> EngineProfileRefusal(EngineKind kind, const std::string& path);

// The V8 flags the engine profiles with: the knobs and the user's flags as the engine takes them
// (EngineV8Flags refuses what it does not), after the harness's own (--allow-natives-syntax for the
// bench API's settle() and tiers; --no-turbo-inlining unless `inlining`), as for the embedded profile.
// Bun (JavaScriptCore) gets none.
Expected<std::vector<std::string>> EngineProfileFlags(const std::string& path, EngineKind kind,
                                                      const EngineKnobs& knobs,
                                                      const std::vector<std::string>& v8_flags, bool inlining);

struct EngineProfileRequest {
  std::string engine;  // the executable
  EngineKind kind = EngineKind::kNode;
  std::vector<std::string> v8_flags;  // EngineProfileFlags
  std::string suite_path;
  std::string case_name;
  ParamOverrides params;     // --param, given to the runner as run's knob (model/knobs.h)
  ProfileOptions options;    // quick, warmup_s, duration_s, interval_us, timeout_s (for the whole run)
  std::string scratch_path;  // where the engine writes its own .cpuprofile; removed afterwards
};

// What the runner's `profile` command said of the run, besides the profile.
struct RunnerProfileLine {
  std::string engine, engine_version, v8_version, js_engine, batch_function;
  std::uint64_t iterations = 0, batch_size = 0;
  double warmup_s = 0, profiled_s = 0;
  std::string code_before, code_after;  // "batch loop TurboFan, bench TurboFan"; empty when unknown
  // Which profiler sampled: "instrument" (V8's CpuProfiler through the in-process instrument) or
  // "inspector" (the Profiler domain), and why that one (the instrument's file, or why it did not load).
  std::string profiler, profiler_why;
  bool InProcess() const { return profiler == "instrument"; }
};

struct EngineProfile {
  CpuProfileData data;  // the runner's own frames named v8bench:external_runner.mjs
  RunnerProfileLine said;
};

// Runs the engine on the runner and reads its profile. A case the suite does not have is an
// Error::Usage listing its cases; an engine that ends without a profile is an Error::Input naming how
// it ended, with the tail of its stderr.
Expected<EngineProfile> ProfileOnEngine(const EngineProfileRequest& request);

// The text `profile --engine` prints: the same header, tables (the `top_n` hottest functions) and
// "written to" as the embedded profile (profile/profile_text.h), and which profiler sampled and why.
// Sampled by the in-process instrument: every table the embedded profile has (tiers per function, deopts,
// VM states); by the inspector, less what its profile does not carry: no JIT code events (the tiers come
// from the bench API's code state), no deopts, no VM states.
std::string EngineProfileText(const EngineProfileRequest& request, const EngineProfile& profile, std::size_t top_n,
                              const std::string& out_path);

// The runner's stdout: its `profile` line, or the Error a `profile_error` line describes (`suite`,
// `case_name` and `quick` name the request in the message).
Expected<RunnerProfileLine> ReadRunnerOutput(const std::string& out, const std::string& suite,
                                             const std::string& case_name, bool quick);

}  // namespace v8bench::workers
