// Engine-internal: GC pauses, counts and freed bytes from V8's GC prologue/epilogue callbacks, plus
// near-heap-limit detection (so heap exhaustion becomes a reported case failure, not an abort).
#pragma once

#include <v8.h>

#include <array>
#include <atomic>
#include <cstdint>

#include "harness/measure/heap_probe.h"

namespace v8bench {

class GcMonitor final : public HeapProbe {
 public:
  explicit GcMonitor(v8::Isolate* isolate);
  ~GcMonitor() override;
  GcMonitor(const GcMonitor&) = delete;
  GcMonitor& operator=(const GcMonitor&) = delete;

  HeapReading Read() override;
  std::uint64_t YoungCommittedBytes() override;
  void ResetPeak() override;

  // True once V8 reported the heap near its limit; the monitor then asked V8 to terminate the
  // running script and raised the limit so that it can unwind.
  bool HeapLimitReached() const { return heap_limit_reached_.load(); }
  std::size_t HeapLimitBytes() const { return heap_limit_bytes_; }

 private:
  static void OnPrologue(v8::Isolate* isolate, v8::GCType type, v8::GCCallbackFlags flags, void* data);
  static void OnEpilogue(v8::Isolate* isolate, v8::GCType type, v8::GCCallbackFlags flags, void* data);
  static std::size_t OnNearHeapLimit(void* data, std::size_t current_limit, std::size_t initial_limit);
  std::uint64_t UsedBytes();

  v8::Isolate* isolate_;
  HeapReading totals_;
  std::array<std::uint64_t, kGcKinds> started_ns_{};
  std::array<std::uint64_t, kGcKinds> used_before_{};
  int depth_ = 0;  // nesting of GC callbacks; total pause counts the outermost only
  std::uint64_t outer_start_ns_ = 0;
  std::atomic<bool> heap_limit_reached_{false};
  std::size_t heap_limit_bytes_ = 0;
};

}  // namespace v8bench
