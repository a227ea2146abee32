// Other V8 builds as engines: Node and Deno executables (from npm) run the suites unchanged through
// js/external_runner.mjs, which implements the suite API and speaks the same worker protocol as
// `v8bench run --format jsonl`. This file knows how to recognise such an engine, where the runner
// lives, and how each engine takes V8 flags.
#pragma once

#include <string>
#include <vector>

#include "harness/measure/trig_classifier.h"
#include "harness/model/expected.h"

namespace v8bench::driver {

enum class EngineKind { kV8bench, kNode, kDeno };
const char* EngineKindName(EngineKind kind);

// Runs `path --version` and recognises node ("v22.1.0"), deno ("deno 2.x") or v8bench. An executable
// that is none of them is an Error::Usage that says what is accepted.
Expected<EngineKind> DetectEngineKind(const std::string& path);

// Writes the embedded runner and bench API into v8bench's cache ($XDG_CACHE_HOME or ~/.cache, else
// /tmp), once per content, and returns the runner's path.
Expected<std::string> MaterializeRunner();

// The command line (argv[1..]) that makes an external engine run `runner_args` (the runner's `run`
// options and suite files) with `v8_flags`, each in the engine's own syntax:
//   node --max-semi-space-size=1 RUNNER run ...      deno run -A --v8-flags=--a,--b RUNNER run ...
std::vector<std::string> ExternalEngineArgs(EngineKind kind, const std::string& runner,
                                            const std::vector<std::string>& v8_flags,
                                            const std::vector<std::string>& runner_args);

struct ExternalEngineInfo {
  EngineKind kind = EngineKind::kNode;
  std::string engine_version;  // "v24.1.0", "2.9.6"
  std::string v8_version;
  TrigInfo trig;
  bool thread_cpu = false;  // has a main-thread CPU clock (process.threadCpuUsage)
  bool allocation = false;  // has v8.getHeapStatistics().total_allocated_bytes
};

// Asks the engine for its versions and runs the trig probe in it (`info --engine PATH`).
Expected<ExternalEngineInfo> ProbeExternalEngine(const std::string& path, EngineKind kind);

}  // namespace v8bench::driver
