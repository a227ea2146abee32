// `v8bench bisect`'s files: its results (--out FILE.json: the question, every step, the culprit pair) and
// its step cache (one file per measured step, so that a bisection run again, or interrupted and started
// again, measures only the steps it has not measured yet).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/bisect.h"
#include "harness/model/expected.h"

namespace v8bench::files {

// The releases the bisection named, or none (the endpoints did not differ beyond the threshold).
struct BisectCulprit {
  std::string before, after;                      // the last release like `from`, the first that moved
  std::string before_v8, after_v8;                // their V8 versions
  std::optional<analysis::BisectStep> confirmed;  // the pair measured against each other
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

// The step cache: `key` names what was measured (suite digest, case, metric, the sampling settings and both
// engines); the file is CacheDirectory()/bisect/KEY.json.
std::optional<analysis::BisectStep> ReadCachedStep(const std::string& key);
void WriteCachedStep(const std::string& key, const analysis::BisectStep& step);

}  // namespace v8bench::files
