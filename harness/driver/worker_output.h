// Reads what a worker (`v8bench run --format jsonl`) wrote to its stdout: see
// harness/report/jsonl_reporter.h for the protocol. Lines that are not protocol JSON (a suite's
// console.log, a crash message) are kept aside, never fatal.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace v8bench::driver {

struct WorkerContext {
  std::string executable;
  std::string v8_version;
  std::string node_version;
  std::string v8_flags;
  std::string trig_path;
  std::string build_type;
  std::optional<long long> semi_space_mb;
  long long young_generation_bytes = 0;
  std::vector<std::string> planned;  // case names, in the order the worker runs them
};

struct WorkerCase {
  std::string name;
  std::string suite;
  std::string bench;
  std::vector<std::pair<std::string, std::string>> params;
  std::string status;  // "ok", "failed", "timed_out", "out_of_memory", "unsupported"
  std::string error;
  std::vector<std::map<std::string, double>> samples;  // counters of each repetition
  // External engines: each sample's iterations and time window (performance.now() ms), for GC
  // attribution from V8's --trace-gc lines. Empty for v8bench workers.
  std::vector<double> iterations;
  std::vector<std::pair<double, double>> windows;
};

struct WorkerOutput {
  std::optional<WorkerContext> context;
  std::vector<WorkerCase> started;         // cases begun (name, suite, bench, params), in order
  std::vector<WorkerCase> cases;           // finished cases, in order
  bool ended = false;                      // the "end" line arrived
  std::optional<double> gc_clock_perf_ms;  // external runner with --gc-trace: when it forced a GC
  std::vector<std::string> other_lines;
};

// Parses the lines; where the worker traced GC (--gc-trace), fills gc_ns and gc_count of each sample
// from the trace lines that fall in its window (see gc_trace.h).
WorkerOutput ParseWorkerOutput(std::string_view text);

}  // namespace v8bench::driver
