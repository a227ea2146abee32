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

// How much memory the engine's heap has committed now, by generation. V8 grows its young generation
// (the semi-spaces) when enough of what it allocates survives scavenges, and its old generation as
// objects are promoted; each growth step faults in fresh pages and changes how often a GC runs.
struct HeapCapacity {
  std::uint64_t young_bytes = 0;  // new space (both semi-spaces) + new large-object space
  std::uint64_t old_bytes = 0;    // every other space (old, code, map, large-object, ...)

  bool operator==(const HeapCapacity&) const = default;
};

class HeapProbe {
 public:
  virtual ~HeapProbe() = default;
  virtual HeapReading Read() = 0;
  virtual void ResetPeak() = 0;
  virtual HeapCapacity Capacity() = 0;
};

}  // namespace v8bench
