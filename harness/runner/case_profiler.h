// One case of a suite file under V8's sampling CPU profiler in this process (`v8bench profile`): V8
// started with the profiler's flags, the file loaded, the case found, prepared, warmed up and sampled
// (engine/cpu_profile.h). The views of the profile (the .cpuprofile, the tables) are profile/'s.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/engine/engine_options.h"
#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"
#include "harness/model/suite.h"

namespace v8bench {

struct CaseProfileRequest {
  std::string suite_path;
  std::optional<std::string> case_name;  // absent: an Error::Usage that lists the file's cases
  ParamOverrides params;
  ProfileOptions options;  // case_index is found from case_name
  EngineOptions engine;    // the user's; ProfilerV8Flags are added in front
  bool inlining = false;   // keep TurboFan inlining (the profiler's default turns it off)
  bool perf = false;       // let Linux perf name JIT frames (V8 writes /tmp/perf-<pid>.map)
};

struct CaseProfile {
  CaseInfo info;
  CpuProfileData data;
  std::vector<std::string> v8_flags;  // what V8 was started with
  std::string engine;                 // "V8 10.2.154.26-node.37 (Node v18.20.4)"
  // With perf: whether this V8 took --interpreted-frames-native-stack (an engine without it still
  // gets the perf map, only interpreted frames show as the interpreter).
  bool interpreted_frames = false;
};

// The flags the profiler adds in front of the user's (so the user's --v8-flags win):
// --no-turbo-inlining unless `inlining` (V8 10.2's sampler charges an inlined function to its caller),
// and with `perf` --perf-basic-prof and --interpreted-frames-native-stack.
std::vector<std::string> ProfilerV8Flags(bool inlining, bool perf);

// Starts V8, loads the file (with the request's --param overrides), finds the case (a missing or
// unknown --case is an Error::Usage that lists the file's cases) and profiles it. `on_start` is
// called once the case is found, before its warm-up, e.g. to say what is being profiled.
Expected<CaseProfile> ProfileCaseInProcess(CaseProfileRequest request,
                                           const std::function<void(const CaseInfo&)>& on_start);

}  // namespace v8bench
