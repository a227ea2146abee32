// The text `v8bench profile` prints around the tables (top_table.h): the header (the case, the engine,
// the flags, the sampling), the notes on what an external engine's profile does not carry, and where
// the profile was written. The same for the embedded profile and `--engine PATH`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/model/cpu_profile_data.h"
#include "harness/profile/top_table.h"

namespace v8bench {

struct ProfileHeading {
  std::string case_name;
  std::string where;   // "suites/x.js, realm v8", "suites/x.js, on node v22.1.0: PATH"
  std::string engine;  // "V8 10.2.154.26 (Node 18.20.4)", "JavaScriptCore"
  std::vector<std::string> flags;
  std::string sampled_by;  // appended to the sampling line: empty for V8's profiler in this process
};

// "Profile of CASE (WHERE)", "ENGINE · flags: ...", then the samples asked for and got, the
// iterations and the warm-up, and a blank line.
std::string ProfileHeader(const ProfileHeading& heading, const ProfileSummary& summary, const CpuProfileData& data);

// Whether TurboFan inlining is on with `flags` (V8's default; the last flag that says otherwise wins).
bool InliningOn(const std::vector<std::string>& flags);

// The tables of an external engine's profile, then what it does not tell: on JavaScriptCore (`jsc`)
// the note that the bench is charged to the batch loop, the code state the bench API saw before and
// after sampling (empty: unknown), and that JIT history, deopts and VM states are absent.
std::string EngineProfileBody(ProfileSummary summary, bool inlining, bool jsc, const std::string& code_before,
                              const std::string& code_after);

// Which profiler sampled an external engine's case and why that one, after the tables: `profiler` is the
// runner's "instrument" (V8's CpuProfiler through v8bench's in-process instrument; `why` names its file)
// or "inspector" (`why`: why the instrument was not used). Empty for an empty `profiler`.
std::string ProfilerLine(const std::string& profiler, const std::string& why);

// Where the profile went (absolute), and what opens it.
std::string WrittenToText(const std::string& out_path);

// The whole text of a profile taken by V8's profiler in this process: the header, the tables of the
// `top_n` hottest functions (inlining as `heading.flags` say) and where the profile was written.
std::string ProfileReport(const ProfileHeading& heading, const CpuProfileData& data, std::size_t top_n,
                          const std::string& out_path);

// What --perf leaves behind and how to use it: V8's JIT symbol map /tmp/perf-PID.map of process `pid`
// (or that it is missing: V8 did not take --perf-basic-prof), whether interpreted frames are on the
// native stack, and the perf commands to run `v8bench profile ARGV...` under (shell-quoted).
std::string PerfHintText(int pid, bool interpreted_frames, const std::vector<std::string>& argv);

}  // namespace v8bench
