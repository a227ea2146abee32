#include "harness/engine/node_instrument_count.h"

#include <memory>
#include <string>

#include "harness/engine/node_instrument_js.h"

namespace v8bench {
namespace {

// One per process, as callgrind is: it outlives the instrument's timer (which only points at it).
std::unique_ptr<InstructionCounter>& OpenedCounter() {
  static std::unique_ptr<InstructionCounter> counter;
  return counter;
}

}  // namespace

void OpenCounter(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::string dir;
  if (info.Length() > 0 && info[0]->IsString()) dir = *v8::String::Utf8Value(isolate, info[0]);
  auto counter = OpenInstructionCounter(dir);
  if (!counter) return ThrowJsError(isolate, counter.error().message);
  OpenedCounter() = std::move(counter.value());
  const std::string how = DescribeInstructionSource(OpenedCounter()->source());
  info.GetReturnValue().Set(v8::String::NewFromUtf8(isolate, how.c_str()).ToLocalChecked());
}

void CountBatches(const v8::FunctionCallbackInfo<v8::Value>& info, BatchTimer& timer) {
  const bool on = info.Length() > 0 && info[0]->IsTrue();
  if (on && !OpenedCounter()) return ThrowJsError(info.GetIsolate(), "countBatches(true) before openCounter(dir)");
  timer.set_counter(on ? OpenedCounter().get() : nullptr);
}

bool ThrowIfUncounted(v8::Isolate* isolate, const BatchTimer& timer) {
  if (!timer.count_error()) return false;
  ThrowJsError(isolate, "counting the batch's instructions: " + timer.count_error()->message);
  return true;
}

}  // namespace v8bench
