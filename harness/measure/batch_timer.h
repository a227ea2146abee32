// Reads all clocks and the heap probe around one timed batch.
#pragma once

#include "harness/measure/metrics.h"

namespace v8bench {

class BatchTimer {
 public:
  explicit BatchTimer(HeapProbe& heap) : heap_(heap) {}

  void Start();
  BatchCost Stop();

 private:
  HeapProbe& heap_;
  BatchCost cost_;
  std::uint64_t wall0_ = 0, cpu0_ = 0, proc0_ = 0, faults0_ = 0;
};

}  // namespace v8bench
