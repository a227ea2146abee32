// Runs every selected case of the loaded suite files, each in a fresh realm (or one per file with
// share_realm), and hands each result to the sink as soon as it is finished.
#pragma once

#include <functional>
#include <vector>

#include "harness/engine/v8_process.h"
#include "harness/model/result_sink.h"
#include "harness/runner/run_settings.h"
#include "harness/runner/suite_loader.h"

namespace v8bench {

struct PlannedCase {
  const LoadedSuiteFile* file = nullptr;
  CaseInfo info;
};

// The cases whose names match settings.filter (all when empty). A bad regex is an Error::Usage;
// a filter that matches nothing is an Error::Input that lists a few names.
Expected<std::vector<PlannedCase>> PlanCases(const std::vector<LoadedSuiteFile>& files, const RunSettings& settings);

struct RunSummary {
  std::size_t ok = 0;
  std::size_t failed = 0;       // failed, timed out, out of memory
  std::size_t unsupported = 0;  // the engine lacks what the case measures (not a failure)
};

// Called before each case starts: (1-based position, total, case).
using ProgressFn = std::function<void(std::size_t, std::size_t, const CaseInfo&)>;

RunSummary RunPlan(V8Process& process, const std::vector<PlannedCase>& plan, const RunSettings& settings,
                   ResultSink& sink, const ProgressFn& progress);

// A long-lived worker (compare --long-lived; docs/paired.md, "Long-lived workers"): every case of the plan
// prepared in a fresh host of its own and warmed up once, then each time `next_sample` returns true,
// settings.repetitions more repetitions of every case in plan order, each case's handed to the sink as a
// result of its own (progress called before each), and `sample_done` after the last. The cases stay
// prepared between samples: a sample costs its repetitions, not a process, a setup and a warm-up. Returns
// when `next_sample` returns false (the driver has no more samples to ask for).
void ServePlan(V8Process& process, const std::vector<PlannedCase>& plan, const RunSettings& settings, ResultSink& sink,
               const ProgressFn& progress, const std::function<bool()>& next_sample,
               const std::function<void()>& sample_done);

}  // namespace v8bench
