// A CPU profile as Chrome DevTools reads it: the DevTools protocol's Profiler.Profile object, which
// Chrome DevTools (Performance > Load profile), VS Code and speedscope open as a .cpuprofile file.
// Written with JsonWriter, so function names and URLs with quotes, backslashes or control
// characters stay valid JSON (V8's own serializer does not escape them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "harness/model/cpu_profile_data.h"

namespace v8bench {

// What CpuProfileJson writes besides the DevTools fields.
enum class ProfileFields {
  kDevTools,  // only what DevTools reads: the file `v8bench profile` writes
  // Also the rest of CpuProfileData under "v8bench" keys (DevTools ignores them): each node's frame kind
  // and deopts, the samples' VM states and the JIT code list. The in-process instrument's profile inside
  // an official Node (engine/node_instrument_profile.cc) reaches `profile --engine` so, and
  // ParseCpuProfile reads it back whole.
  kWithV8bench,
};

// {nodes: [{id, callFrame: {functionName, scriptId, url, lineNumber, columnNumber}, hitCount,
//   children, positionTicks?, deoptReason?}], startTime, endTime, samples, timeDeltas}
// Line and column numbers are 0-based (-1 when unknown), times in microseconds, scriptId a string.
// kWithV8bench adds to each node v8bench: {kind, deopts: [{reason, stack: [{scriptId, position}]}]} and
// to the profile v8bench: {states: {js, gc, ...}, code: [{scriptId, functionName, line, tier, atS}]}
// (scriptId a number there, line 1-based, tier as CodeTierKey names it).
std::string CpuProfileJson(const CpuProfileData& profile, ProfileFields fields = ProfileFields::kDevTools);

// FrameKind's names in the v8bench fields ("script", "builtin", "callback", "internal", "unresolved"),
// and back (nullopt for a name that is none of them).
const char* FrameKindKey(FrameKind kind);
std::optional<FrameKind> FrameKindFromKey(std::string_view key);

// VmStateCounts' members by their keys in the v8bench fields, the same for the writer and the reader.
struct VmStateField {
  const char* key;
  std::uint64_t VmStateCounts::*member;
};
inline constexpr VmStateField kVmStateFields[] = {
    {"js", &VmStateCounts::js},
    {"gc", &VmStateCounts::gc},
    {"parser", &VmStateCounts::parser},
    {"bytecode_compiler", &VmStateCounts::bytecode_compiler},
    {"compiler", &VmStateCounts::compiler},
    {"other", &VmStateCounts::other},
    {"external", &VmStateCounts::external},
    {"atomics_wait", &VmStateCounts::atomics_wait},
    {"idle", &VmStateCounts::idle},
};

// Where `v8bench profile` writes a case's profile without --out: the case name with characters other
// than letters, digits, '.', '_' and '-' replaced by '_' (a case name holds '/' and ':'), plus
// .cpuprofile, in the current directory.
std::string DefaultProfilePath(const std::string& case_name);

}  // namespace v8bench
