// What a worker (or a suite inside it) started must not outlive v8bench, however v8bench ends. When v8bench
// exits or is interrupted, the launcher kills each worker's process group; a SIGKILL of v8bench runs none
// of its code. So v8bench keeps a guard: a process forked with the first worker's launch that runs no more
// of v8bench's code (a loop of read() and kill(), safe after fork() in a threaded process; no exec, so it
// works in any executable that launches, tests included), reading the process groups of the running
// workers from a socket whose only other end v8bench holds. The socket ends when v8bench ends, however it
// ends; the guard then kills every group still registered and exits.
// What it cannot reach: a process that left its worker's group (a child started detached: setsid or
// setpgid of its own), and a worker in the microseconds between its start and its registration.
#pragma once

#include <sys/types.h>

namespace v8bench::workers {

// Registers a worker's process group with the guard (started on first use; a guard that cannot start or
// has died leaves the launcher's own kill at exit as the only one, and says nothing).
void GuardGroup(pid_t group);
// The group is gone (its leader exited and the launcher killed the rest): the guard forgets it.
void ReleaseGroup(pid_t group);

}  // namespace v8bench::workers
