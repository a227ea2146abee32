// Counted instructions in the in-process instrument (harness/engine/node_instrument.cc), for
// `--metric instructions` on official Node: the same counter the embedded host uses
// (measure/instruction_counter.h: callgrind's client requests around each batch when Node runs under
// valgrind --tool=callgrind, else the hardware counter), attached to the addon's BatchTimer for the
// timed repetitions only (warm-up batches are not counted, as in the embedded host). Its own file so
// that the addon's other instruments change without touching it. Part of the addon only.
#pragma once

#include <node.h>

#include "harness/measure/batch_timer.h"

namespace v8bench {

// JS openCounter(dir): opens the counter (`dir`: the directory of callgrind's
// --callgrind-out-file=DIR/callgrind.%p; ignored by the hardware counter) and returns how it counts
// (DescribeInstructionSource); throws an Error saying why it cannot count.
void OpenCounter(const v8::FunctionCallbackInfo<v8::Value>& info);

// JS countBatches(on): from now on `timer`'s batches are counted (true; openCounter first) or not.
void CountBatches(const v8::FunctionCallbackInfo<v8::Value>& info, BatchTimer& timer);

// After `timer.Stop()`: when the batch was to be counted and its count could not be read, throws a
// JS Error with why and returns true (the caller returns at once).
bool ThrowIfUncounted(v8::Isolate* isolate, const BatchTimer& timer);

}  // namespace v8bench
