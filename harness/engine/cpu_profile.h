// Profiles one case under V8's sampling CPU profiler (v8::CpuProfiler) and returns the profile as
// plain values: the call tree with hit counts, per-sample node ids and timestamps, the deopts V8
// recorded while sampling, and the code V8 compiled for each function (which tier, when). No V8
// type crosses this header; the structs are plain data (model/cpu_profile_data.h), which harness/profile/
// turns into a .cpuprofile and a table.
#pragma once

#include "harness/engine/suite_host.h"
#include "harness/model/cpu_profile_data.h"
#include "harness/model/expected.h"

namespace v8bench {

// Prepares case `options.case_index` (setup, probe call, self-check), warms it up with untimed
// batches, then runs batches under the profiler for `options.duration_s`, and tears the case down.
// A failure of the case (throw, self-check, timeout, out of memory) comes back as its Error.
// REQUIRES: `host` has the case's file loaded, in the case's realm, and no case prepared.
Expected<CpuProfileData> ProfileCase(SuiteHost& host, const ProfileOptions& options);

}  // namespace v8bench
