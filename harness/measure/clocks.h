// The three clocks a batch is read with. Main-thread CPU is what the JS itself costs; process CPU adds
// V8's background threads (concurrent marking, compiler, sweeper), which do work the main thread would
// otherwise do.
#pragma once

#include <cstdint>

namespace v8bench {

std::uint64_t WallNowNs();        // CLOCK_MONOTONIC
std::uint64_t ThreadCpuNowNs();   // CLOCK_THREAD_CPUTIME_ID of the calling thread
std::uint64_t ProcessCpuNowNs();  // CLOCK_PROCESS_CPUTIME_ID

}  // namespace v8bench
