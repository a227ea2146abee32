// What the measurement layer needs from an engine's heap, as plain numbers. The engine layer
// implements it with V8's GC prologue/epilogue callbacks and heap statistics.
#pragma once

#include <array>
#include <cstdint>

namespace v8bench {

// V8's GC kinds, as its GCType flags name them.
enum class GcKind { kScavenge, kMinorMarkCompact, kMarkCompact, kIncrementalMarking, kWeakProcessing };
inline constexpr std::size_t kGcKinds = 5;
const char* GcKindName(GcKind kind);  // e.g. "scavenge"

// Monotonic totals since the probe was created; a batch's cost is the difference of two readings.
struct HeapReading {
  std::array<std::uint64_t, kGcKinds> gc_count{};
  std::array<std::uint64_t, kGcKinds> gc_pause_ns{};  // main thread, prologue to epilogue
  std::uint64_t total_pause_ns = 0;                   // all kinds, nested callbacks counted once
  std::uint64_t freed_bytes = 0;                      // used heap before GC minus after, summed
  std::uint64_t used_bytes = 0;                       // used heap now
  std::uint64_t peak_used_bytes = 0;                  // highest used heap seen since ResetPeak()
};

// Young collections (scavenges and minor mark-compacts) in a reading's totals.
std::uint64_t YoungCollections(const HeapReading& r);

// Bytes allocated on the heap between two readings: growth of the used heap plus everything GC freed
// in between, never negative (sweeping outside a pause can make the sum dip below zero).
double AllocatedBetween(const HeapReading& before, const HeapReading& after);

// Why the warm-up waits for V8's young generation to be written through (measure/method_rules.h
// YoungGenerationFilled, rows young_fills and negligible_young_bytes_per_second): its pages are committed
// but faulted in on first write, so until allocation has filled both semi-spaces (two scavenges: the
// first empties one, allocation then fills the other) a repetition also pays the kernel for fresh
// pages. Measured with --young-gen full (16 MB semi-spaces): json_reviver/arrow_reviver faulted 0.7
// pages per iteration in the first three 0.05 s repetitions after a short warm-up and timed 10-20%
// slower than later ones. Not waited for: a case that allocates under negligible_young_bytes_per_second
// (at 10 MB/s fresh pages cost about 1% or less: 2,500 page faults per second at a few microseconds
// each), or too slowly to fill it within the warm-up left, at the rate seen so far.

class HeapProbe {
 public:
  virtual ~HeapProbe() = default;
  virtual HeapReading Read() = 0;
  virtual void ResetPeak() = 0;
  // What the young generation has committed now: new space (both semi-spaces once a scavenge ran) and
  // new large-object space. V8 grows it when enough of what it allocates survives scavenges; each step
  // faults in fresh pages and changes how often a scavenge runs.
  virtual std::uint64_t YoungCommittedBytes() = 0;
};

}  // namespace v8bench
