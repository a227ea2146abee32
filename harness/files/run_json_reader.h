// Reads `v8bench run --out FILE.json` (Google Benchmark's schema with v8bench's context and per-case
// fields, written by json_reporter.cc) back into the values it was written from, so a saved run can
// be rendered again (`v8bench report FILE.json`). Aggregate entries are skipped: they are computed.
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"
#include "harness/model/result.h"

namespace v8bench {

struct RunDocument {
  RunContext context;
  std::vector<CaseResult> results;  // in file order, one per case
};

// Whether `text` looks like a v8bench run file (a "benchmarks" array and a context with "v8_version").
bool IsRunJson(const std::string& text);

// A file that is not JSON, or not a v8bench run file, is an Error::Input naming the file and what is wrong.
Expected<RunDocument> ParseRunJson(const std::string& path, const std::string& text);

}  // namespace v8bench
