// Standard output carries results (the table, JSON, CSV, the worker protocol) and nothing else.
// A suite can print in many ways (console.log, Node's process.stdout, fs.writeSync(1, ...)) and V8's
// own --trace-* flags print to stdout too; none of it may land inside JSON or CSV. So the results
// get a private duplicate of file descriptor 1, and fd 1, which everything else writes to, is
// pointed at stderr.
#pragma once

#include <cstdio>

#include "harness/model/expected.h"

namespace v8bench {

// Moves the results to a private duplicate of fd 1 and points fd 1 at stderr. Call it once, before
// any JS runs; from then on write results to ResultsStream(), never to `stdout`.
void ReserveStdoutForResults();

// The process's real standard output: `stdout` until ReserveStdoutForResults() has run.
std::FILE* ResultsStream();

// Flushes the results and stdout; an Error::Input naming the reason (no space left on the device, the
// reader went away, a closed descriptor) when anything written there was lost.
Status FlushStandardOutput();

}  // namespace v8bench
