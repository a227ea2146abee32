// A CPU profile as Chrome DevTools reads it: the DevTools protocol's Profiler.Profile object, which
// Chrome DevTools (Performance > Load profile), VS Code and speedscope open as a .cpuprofile file.
// Written with JsonWriter, so function names and URLs with quotes, backslashes or control
// characters stay valid JSON (V8's own serializer does not escape them).
#pragma once

#include <string>

#include "harness/model/cpu_profile_data.h"

namespace v8bench {

// {nodes: [{id, callFrame: {functionName, scriptId, url, lineNumber, columnNumber}, hitCount,
//   children, positionTicks?, deoptReason?}], startTime, endTime, samples, timeDeltas}
// Line and column numbers are 0-based (-1 when unknown), times in microseconds, scriptId a string.
std::string CpuProfileJson(const CpuProfileData& profile);

// Where `v8bench profile` writes a case's profile without --out: the case name with characters other
// than letters, digits, '.', '_' and '-' replaced by '_' (a case name holds '/' and ':'), plus
// .cpuprofile, in the current directory.
std::string DefaultProfilePath(const std::string& case_name);

}  // namespace v8bench
