// `v8bench bisect`'s files: its results (--out FILE.json: the question, every step, the culprit pair) and
// its step cache (one file per measured step, so that a bisection run again, or interrupted and started
// again, measures only the steps it has not measured yet).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/bisect.h"
#include "harness/analysis/profile_diff.h"
#include "harness/model/expected.h"

namespace v8bench::files {

// Why the culprit pair differs: the case profiled on both sides (the in-process profiler inside a Node
// with the instrument, else the engine's inspector) and the differential profile.
struct BisectWhy {
  std::string profiler_before, profiler_after;  // "instrument" or "inspector"
  std::string profile_before, profile_after;    // the .cpuprofile files written beside --out, or empty
  analysis::ProfileDiff diff;
  std::string error;  // why there is no differential profile (a side could not be profiled), or empty
};

// The rows of the differential profile the JSON keeps (the largest changes, and notable tier changes).
inline constexpr std::size_t kWhyRowsKept = 30;

// The releases the bisection named, or none (the endpoints did not differ beyond the threshold).
struct BisectCulprit {
  std::string before, after;                      // the last release like `from`, the first that moved
  std::string before_v8, after_v8;                // their V8 versions
  std::optional<analysis::BisectStep> confirmed;  // the pair measured against each other
  std::optional<BisectWhy> why;                   // unless --no-profile
};

struct BisectReport {
  std::string suite, case_name, metric;
  double threshold = 0;
  std::string from, to;  // the endpoints' labels
  std::vector<analysis::BisectStep> steps;
  std::optional<BisectCulprit> culprit;
  bool complete = false;  // false while running, or when a step failed
  std::string error;      // what stopped it
};

std::string RenderBisectJson(const BisectReport& report);

// Where the step cache lives: CacheDirectory()/bisect.
std::string StepCacheDir();

// The step cache: `key` names what was measured (suite digest, case, metric, the sampling settings and both
// engines); the file is CacheDirectory()/bisect/KEY.json.
std::optional<analysis::BisectStep> ReadCachedStep(const std::string& key);
void WriteCachedStep(const std::string& key, const analysis::BisectStep& step);

}  // namespace v8bench::files
