#include "harness/measure/batch_timer.h"

#include "harness/measure/clocks.h"

namespace v8bench {

void BatchTimer::Start() {
  heap_.ResetPeak();
  cost_ = BatchCost{};
  cost_.heap_before = heap_.Read();
  cost_.cpu_at_start = CurrentCpu();
  // Clocks last, so that reading the heap is not timed.
  faults0_ = ThreadMinorFaults();
  proc0_ = ProcessCpuNowNs();
  cpu0_ = ThreadCpuNowNs();
  wall0_ = WallNowNs();
  if (counter_ != nullptr) counter_->Start();  // innermost: the clocks' reads are not counted
}

BatchCost BatchTimer::Stop() {
  count_error_.reset();
  if (counter_ != nullptr) {
    auto counted = counter_->Stop();
    if (counted) {
      cost_.instructions = counted.value();
    } else {
      count_error_ = counted.error();
    }
  }
  const auto wall1 = WallNowNs();
  const auto cpu1 = ThreadCpuNowNs();
  const auto proc1 = ProcessCpuNowNs();
  const auto faults1 = ThreadMinorFaults();
  cost_.wall_ns = wall1 - wall0_;
  cost_.cpu_ns = cpu1 - cpu0_;
  cost_.process_cpu_ns = proc1 - proc0_;
  cost_.page_faults = faults1 - faults0_;
  cost_.heap_after = heap_.Read();
  cost_.cpu_at_end = CurrentCpu();
  return cost_;
}

}  // namespace v8bench
