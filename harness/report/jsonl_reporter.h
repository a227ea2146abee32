// The worker protocol of `v8bench compare`: `v8bench run --format jsonl` writes one JSON object per
// line to a stream, flushed at once, so a driver reading the pipe keeps every finished case even if
// the process dies later. Lines, in order:
//   {"type":"context", "v8_version":..., "node_version":..., "v8_flags":..., "planned":[names], ...}
//   {"type":"start", "name", "suite", "bench", "params":{}}   before each case
//   {"type":"case", "name", "suite", "bench", "realm", "params":{}, "status", "error",
//    "samples":[{"iterations":N, "counters":{"cpu_ns":...}}], ...}   when the case is finished
//   {"type":"end"}
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "harness/model/result_sink.h"

namespace v8bench {

class JsonlReporter final : public ResultSink {
 public:
  // `planned`: the names of the cases this run will execute, in order.
  JsonlReporter(std::FILE* out, std::vector<std::string> planned);
  void Begin(const RunContext& context) override;
  // Called just before a case starts (the runner's progress callback), so that a driver knows which
  // case was running when a process crashed or hung.
  void CaseStarting(const CaseInfo& info);
  void CaseDone(const CaseResult& result) override;
  void End() override;

 private:
  void Line(const std::string& json);
  std::FILE* out_;
  std::vector<std::string> planned_;
};

}  // namespace v8bench
