// Reads all clocks and the heap probe (and, when counting, the instructions) around one timed batch.
#pragma once

#include <optional>

#include "harness/measure/instruction_counter.h"
#include "harness/measure/metrics.h"

namespace v8bench {

class BatchTimer {
 public:
  // `counter`, when given, counts the batch's instructions (BatchCost::instructions); it outlives this.
  explicit BatchTimer(HeapProbe& heap, InstructionCounter* counter = nullptr) : heap_(heap), counter_(counter) {}

  // Counts from the next batch with `counter` (nullptr: no longer counts); it outlives this.
  void set_counter(InstructionCounter* counter) { counter_ = counter; }

  void Start();
  BatchCost Stop();
  // Why the last batch's instructions could not be read (its BatchCost has none); nullopt when they were.
  const std::optional<Error>& count_error() const { return count_error_; }

 private:
  HeapProbe& heap_;
  InstructionCounter* counter_;
  BatchCost cost_;
  std::optional<Error> count_error_;
  std::uint64_t wall0_ = 0, cpu0_ = 0, proc0_ = 0, faults0_ = 0;
};

}  // namespace v8bench
