#include "harness/measure/clocks.h"

#include <sched.h>
#include <sys/resource.h>

#include <ctime>

namespace v8bench {
namespace {

// The clock `id` now, in nanoseconds.
std::uint64_t ClockNowNs(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ULL + static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace

std::uint64_t WallNowNs() { return ClockNowNs(CLOCK_MONOTONIC); }
std::uint64_t ThreadCpuNowNs() { return ClockNowNs(CLOCK_THREAD_CPUTIME_ID); }
std::uint64_t ProcessCpuNowNs() { return ClockNowNs(CLOCK_PROCESS_CPUTIME_ID); }

std::uint64_t ThreadMinorFaults() {
  rusage usage{};
  if (getrusage(RUSAGE_THREAD, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_minflt);
}

int CurrentCpu() { return sched_getcpu(); }

}  // namespace v8bench
