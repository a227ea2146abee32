// Runs one case through Google Benchmark: each case is a registered benchmark whose iterations are
// batched inside JS (one host->JS call per batch), with warm-up and repetitions; every repetition
// becomes a Sample of per-iteration counters.
#pragma once

#include "harness/engine/suite_host.h"
#include "harness/model/result.h"
#include "harness/runner/run_settings.h"

namespace v8bench {

// REQUIRES: `host` has the case's file loaded, in the case's realm. Never throws; a failing case
// comes back with its status and error text.
CaseResult RunCase(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings);

}  // namespace v8bench
