// GC figures for engines that have no GC observation API (Deno): V8's --trace-gc lines, which the
// engine prints to stdout (buffered, so out of order with the protocol lines, but timestamped in ms
// since the isolate started), are attributed to each sample's time window. The external runner
// forces one GC (reason "testing") at a known performance.now() time, which ties the two clocks
// together to within the trace's 1 ms resolution.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/workers/worker_protocol.h"

namespace v8bench::workers {

struct GcTraceEvent {
  double start_ms = 0;  // V8's trace clock
  double pause_ms = 0;
  std::string kind;     // "Scavenge", "Mark-Compact", "Minor Mark-Compact", ...
  bool forced = false;  // reason "testing": the runner's clock-sync gc()
};

// Whether `line` has the shape of one of V8's --trace-gc lines ("[PID:ISOLATE]   T ms: KIND ...").
bool IsGcTraceLine(std::string_view line);

// The GC lines among `lines` (others are ignored), e.g.
// "[1:0x55]   25 ms: Scavenge 3.4 (4.4) -> 3.0 (4.9) MB, pooled: 0.0 MB, 1.81 / 0.00 ms (...) allocation failure;"
std::vector<GcTraceEvent> ParseGcTrace(const std::vector<std::string>& lines);

// Where `out` has a clock sync and trace lines: sets gc_ns and gc_count (per iteration) on every
// sample that has a window and no GC figures of its own.
void AttributeGcTrace(WorkerOutput& out);

}  // namespace v8bench::workers
