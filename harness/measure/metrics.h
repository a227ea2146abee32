// The standard per-iteration metrics, named and normalised in one place.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/measure/heap_probe.h"
#include "harness/model/result.h"

namespace v8bench::metric {

inline constexpr const char* kWall = "wall_ns";
inline constexpr const char* kCpu = "cpu_ns";                 // main thread
inline constexpr const char* kProcessCpu = "process_cpu_ns";  // all threads
inline constexpr const char* kGc = "gc_ns";                   // main-thread GC pause, all kinds
inline constexpr const char* kGcCount = "gc_count";
inline constexpr const char* kAlloc = "alloc_bytes";
inline constexpr const char* kPeakHeap = "peak_heap_bytes";  // a peak over the batch, not per iteration

}  // namespace v8bench::metric

namespace v8bench {

// The share of wall time spent in main-thread GC pauses (0..1; 0 when wall is 0). Against wall, not
// CPU: a pause is wall time (the main thread may wait for helper threads), so a share of CPU can
// exceed 100%.
inline double GcShare(double gc_ns, double wall_ns) { return wall_ns > 0 ? gc_ns / wall_ns : 0; }

// Totals for one timed batch.
struct BatchCost {
  std::uint64_t wall_ns = 0;
  std::uint64_t cpu_ns = 0;
  std::uint64_t process_cpu_ns = 0;
  HeapReading heap_before;
  HeapReading heap_after;
};

// Per-iteration counters for a batch of `iterations`: the standard metrics then one count and one
// pause time per GC kind that occurred.
std::vector<Counter> PerIteration(const BatchCost& cost, std::uint64_t iterations);

}  // namespace v8bench
