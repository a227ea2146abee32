// The worker protocol of `v8bench compare`: `v8bench run --format jsonl` writes one JSON object per
// line to a stream, flushed at once, so a driver reading the pipe keeps every finished case even if
// the process dies later. Lines, in order:
//   {"type":"context", "v8_version":..., "node_version":..., "v8_flags":..., "planned":[names], ...}
//   {"type":"start", "name", "suite", "bench", "params":{}}   before each case
//   {"type":"case", "name", "suite", "bench", "realm", "params":{}, "status", "error",
//    "samples":[{"iterations":N, "counters":{"cpu_ns":...}}], ...}   when the case is finished
//   {"type":"end"}
// A long-lived worker (`run --serve`) writes {"type":"ready"} once every case is warmed up, and an "end" line after
// each sample (workers/worker_protocol.h).
// With `run --plan-only`, the context line is followed by one
//   {"type":"plan", "name", "suite", "bench", "params":{}}   per planned case
// and "end", and no case runs (compare --shard learns each variant's cases from it).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "harness/model/result_sink.h"

namespace v8bench {

class JsonlReporter final : public ResultSink {
 public:
  // `planned`: the names of the cases this run will execute, in order. `seal`, when not empty, starts
  // every line (run --sealed: the supervising `run` keeps only lines that carry it).
  JsonlReporter(std::FILE* out, std::vector<std::string> planned, std::string seal = "");
  void Begin(const RunContext& context) override;
  // Called just before a case starts (the runner's progress callback), so that a driver knows which
  // case was running when a process crashed or hung.
  void CaseStarting(const CaseInfo& info);
  // A case the plan holds (--plan-only), written instead of running it.
  void CasePlanned(const CaseInfo& info);
  void CaseDone(const CaseResult& result) override;
  // A long-lived worker: every case is warmed up, and it waits for its first command.
  void Ready();
  void End() override;

 private:
  void Line(const std::string& json);
  void CaseLine(const char* type, const CaseInfo& info);
  std::FILE* out_;
  std::vector<std::string> planned_;
  std::string seal_;
};

}  // namespace v8bench
