// What a worker (`run --format jsonl` with --sealed or --serve) reads on its stdin: the other end of what its
// supervising `run` or the compare driver writes there (docs/protocol.md). The seal key, which every line of
// results it prints then carries (worker_protocol.h UnsealLine), and a long-lived worker's commands.
#pragma once

#include <string>

#include "harness/model/expected.h"

namespace v8bench::workers {

// The command a long-lived worker (`run --serve`, compare --long-lived) takes: one more sample of each case.
inline constexpr char kSampleCommand[] = "sample";

// --sealed: the key on stdin (16 to 64 hex digits, then end of file; with `serving`, then a newline and the
// commands). Without `serving`, stdin becomes /dev/null afterwards, so no suite reads it.
Expected<std::string> ReadSeal(bool serving);

// --serve: the driver's commands, a line each on stdin. Returns the descriptor they come on (moved aside,
// close-on-exec: stdin becomes /dev/null).
Expected<int> TakeCommandChannel();

// Whether the driver asked for another sample (kSampleCommand); false at end of file. Any other line is a
// usage error the driver cannot make: the worker says so on stderr and ends.
bool AskedForSample(int commands);

}  // namespace v8bench::workers
