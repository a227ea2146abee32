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

class HeapProbe {
 public:
  virtual ~HeapProbe() = default;
  virtual HeapReading Read() = 0;
  virtual void ResetPeak() = 0;
};

}  // namespace v8bench
