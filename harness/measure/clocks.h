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
// The CPU the calling thread is running on (sched_getcpu), or -1 where the system cannot say. On a VM
// whose vCPUs run at different speeds a process's figures follow the one its main thread was on
// (up to 1.7x: docs/measurement.md, "Which CPU"), so repetitions record it.
int CurrentCpu();

}  // namespace v8bench
