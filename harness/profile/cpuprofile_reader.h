// A CPU profile written by an engine's own profiler (the DevTools protocol's Profiler.Profile, as
// node's inspector, Deno and Bun give it through node:inspector, or `node --cpu-prof` writes it) back
// into the plain structs the embedded profiler fills (engine/cpu_profile.h), so that `v8bench profile
// --engine PATH` writes the same .cpuprofile and prints the same tables (top_table.h) as the embedded
// profile. What the format does not carry stays empty: VM states, JIT code events, deopts (only a
// function's bailout reason, as `deoptReason`), unless the file has the v8bench fields
// (cpuprofile_writer.h, ProfileFields::kWithV8bench: the in-process instrument's profile inside an
// official Node), which are read back whole.
#pragma once

#include <string>

#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"

namespace v8bench {

// Parses {nodes: [{id, callFrame: {functionName, scriptId, url, lineNumber, columnNumber}, hitCount?,
// children?, positionTicks?, deoptReason?, v8bench?}], startTime, endTime, samples, timeDeltas, v8bench?}. Nodes come
// back in preorder from the root (as CpuProfileData requires), lines and columns 1-based (0 when unknown), hit counts
// recounted from `samples`, sample times absolute. `batch_function` names the harness's batch loop (bench_api.js:
// numberBatch, voidBatch, valueBatch, asyncBatch): its script, a generated one without a URL, becomes batch_script_id.
// Malformed input is an Error::Input naming `where`.
Expected<CpuProfileData> ParseCpuProfile(const std::string& json, const std::string& batch_function,
                                         const std::string& where);

}  // namespace v8bench
