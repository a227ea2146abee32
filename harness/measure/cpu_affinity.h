// Pinning the measuring thread to one CPU, and only it.
//
// Why: on a VM whose vCPUs run at different speeds a process's figures follow the vCPU its main thread
// happened to be on (docs/measurement.md, "Which CPU": up to 1.7x with the same code), so a median of processes
// measures the scheduler's choices. `taskset -c N` removes the choice but pins every thread, V8's
// background compiler, sweeper and concurrent marker included, which then compete with the JS for that
// one CPU and change what a case that moves work between threads costs. PinCallingThread pins the
// calling thread alone: threads that exist already keep their affinity; threads it creates later
// inherit the pin (Linux: a new thread starts with its creator's mask). So call it after V8's platform
// has started its worker threads (engine/V8Process::Start) and before any JS runs: what a suite starts
// later from the main thread (libuv's thread pool, a Worker) shares the main thread's CPU.
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench {

// The CPUs this process may run on (sched_getaffinity of the calling thread), ascending; empty if the kernel
// does not say.
std::vector<int> AllowedCpus();

// "0-1,4" for {0, 1, 4}: the kernel's cpu-list syntax (as in /proc/PID/status Cpus_allowed_list).
std::string CpuListText(const std::vector<int>& cpus);

struct PinnedThread {
  int cpu = -1;
  // The CPUs every other thread of the process may run on when the pin was set (from
  // /proc/self/task/*/status; empty without other threads): that none was pinned with the main thread
  // is part of what a result records.
  std::vector<int> other_threads_cpus;
};

// Error::Usage, naming --main-cpu and listing the CPUs this process may run on, when `cpu` is not one.
Status CheckAllowedCpu(int cpu);

// Pins the calling thread to `cpu`. CheckAllowedCpu's error, or Error::Internal when the kernel refuses.
Expected<PinnedThread> PinCallingThread(int cpu);

}  // namespace v8bench
