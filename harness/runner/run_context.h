// The facts a results file records about the run, the process and the machine: `run` writes them
// into its RunContext, and `compare` into its state (date, host, the driver's executable), so a
// result says where, when and with what it was measured.
#pragma once

#include <string>

#include "harness/engine/engine_options.h"
#include "harness/engine/v8_process.h"
#include "harness/model/result.h"
#include "harness/runner/run_settings.h"

namespace v8bench {

// The context of a run in this process: date, host and CPU (Google Benchmark's CPUInfo), this
// executable, the engine's versions and the V8 flags it was started with, the young generation and
// trig path V8 reports, the C heap policy and the build type. The run settings (repetitions, ...)
// are the caller's to fill in.
RunContext MakeRunContext(V8Process& process, const EngineOptions& options);
// The same, with the run settings a results file records: quick, repetitions, isolates, min time.
RunContext MakeRunContext(V8Process& process, const EngineOptions& options, const RunSettings& settings);

// The parts of a run's context that are this machine's (date, host, CPUs, C heap policy, build type)
// and the run settings' (repetitions, ...): MakeRunContext's, and `run --engine`'s beside what the
// external engine reported of itself.
void FillMachineFacts(RunContext& c);
void FillRunSettings(RunContext& c, const RunSettings& settings);

// Now as ISO 8601 with the local offset, e.g. 2026-11-30T08:00:00+0100.
std::string NowText();
// This executable's absolute path (what a child process is started with); "v8bench" when
// /proc/self/exe cannot be read.
std::string SelfExecutable();
std::string HostName();

// `path` as a results file records it: relative to the current directory when it lies inside it (a
// run from a checkout records build/v8bench, not the machine's absolute path, so results travel),
// otherwise unchanged.
std::string PathForResults(const std::string& path);

}  // namespace v8bench
