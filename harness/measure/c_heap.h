// The C heap's steady state: which memory a case's native allocations (ArrayBuffer backing stores,
// Buffer.concat's output, simdjson's documents) come from.
//
// Why: glibc's malloc gives freed memory back to the OS when the top of its heap grows past a trim
// threshold, and serves large requests (128 KiB and up, a threshold it raises as it sees them freed)
// with mmap/munmap. Whether a case's 256 KiB buffer reuses warm pages or faults in fresh ones (64
// page faults, kernel time charged to the main thread) then depends on the allocation history: on
// this project's machine `buffer_concat/concat_total_length/chunks:256` varied 3x between runs of
// the same settings, with 20k to 300k page faults per run. A long-running server's heap has grown to
// its working set and keeps it; so v8bench pins glibc's thresholds and every case pays its page
// faults once, in warm-up. The `page_faults` metric shows what remains.
//
// Limits: only glibc's malloc is affected (Bun's and workerd's own allocators are not), and V8's own
// heap is untouched (it reserves and commits its pages itself).
#pragma once

#include <string>

namespace v8bench {

// glibc tunables that pin the thresholds in a child process (it reads them at start-up).
inline constexpr const char* kPinnedMallocTunables =
    "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824";

// Pins this process's malloc (mmap threshold 32 MiB, the most glibc allows; trim threshold 1 GiB)
// and exports kPinnedMallocTunables in GLIBC_TUNABLES, so that every child (compare's workers, node
// and deno) starts pinned too. Unless the user set glibc.malloc tunables themselves: then both this
// process and its children keep the user's. Call first thing in main(), before threads start.
// Returns the policy in words, for the run context ("pinned: ..." or "GLIBC_TUNABLES=...").
std::string PinMallocThresholds();

// The policy PinMallocThresholds() chose for this process, in words (empty before it ran).
const std::string& MallocPolicy();

}  // namespace v8bench
