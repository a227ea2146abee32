// The three clocks a batch is read with. Main-thread CPU is what the JS itself costs; process CPU adds
// V8's background threads (concurrent marking, compiler, sweeper), which do work the main thread would
// otherwise do.
#pragma once

#include <cstdint>

namespace v8bench {

std::uint64_t WallNowNs();        // CLOCK_MONOTONIC
std::uint64_t ThreadCpuNowNs();   // CLOCK_THREAD_CPUTIME_ID of the calling thread
std::uint64_t ProcessCpuNowNs();  // CLOCK_PROCESS_CPUTIME_ID
// Minor page faults taken so far by the calling thread (getrusage RUSAGE_THREAD): pages touched for
// the first time, e.g. memory the C heap had returned to the OS.
std::uint64_t ThreadMinorFaults();

}  // namespace v8bench
