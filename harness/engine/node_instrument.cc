// A Node addon made of the embedded host's own instruments, so that a case run by an official Node
// (js/external_runner/) is measured as the embedded host measures it: BatchTimer's clocks (main
// thread CPU, process CPU, the main thread's page faults, the CPU it ran on), GcMonitor's GC callbacks
// (pauses and counts by kind, the bytes each collection freed) and JitCodeLog's JIT code events
// (optimised compiles while timed, listened to only from start() to stop()), turned into per-iteration counters by the
// same PerIteration. Built against each Node's own headers (CMakeLists.txt: one addon per Node found in
// third_party/engines); loaded with process.dlopen only into the Node whose module version it names.
//
// JS interface (exports): start() before a batch; stop(iterations) after it returns
// { counters: { name: value per iteration }, compiles, main_cpu (or -1 when the thread moved) };
// perOperation(operations) returns the last batch's counters per operation instead, for a bench that
// counts its own operations (a Node core benchmark's bench.end(n)), as the embedded host's
// CaseBenchmark divides by SuiteHost::Operations: what PerIteration keeps whole (the peak heap) stays.
// openCounter(dir) and countBatches(on) for counted instructions (node_instrument_count.h).
// profileBegin(), profileStart(intervalUs), profileStop() for `profile --engine`: V8's CPU profiler with
// tiers and deopts, as in the embedded host (node_instrument_profile.h).
// methodRules(table): the measurement method's rules, the embedded host's C++ (node_instrument_rules.h).
#include <node.h>

#include <memory>

#include "harness/engine/gc_monitor.h"
#include "harness/engine/jit_code_log.h"
#include "harness/engine/node_instrument_count.h"
#include "harness/engine/node_instrument_profile.h"
#include "harness/engine/node_instrument_rules.h"
#include "harness/measure/batch_timer.h"

namespace v8bench {
namespace {

// The instruments of the isolate that loaded the addon: one per thread that loads it (the runner's main
// thread, and each worker_threads Worker that measures benches declared inside it: js/worker_cases.mjs),
// so a Worker's batches are timed on its own thread's clocks and see its own isolate's collections.
struct Instrument {
  explicit Instrument(v8::Isolate* isolate) : gc(isolate), jit(isolate), timer(gc), profile(jit) {}
  GcMonitor gc;
  JitCodeLog jit;  // listened to from start() to stop() and profileBegin() to profileStop() only (its header says why)
  bool listening = false;
  BatchTimer timer;
  BatchCost last;  // the last batch's, for perOperation()
  NodeProfile profile;
};

std::unique_ptr<Instrument>& Current() {
  thread_local std::unique_ptr<Instrument> instrument;
  return instrument;
}

void Start(const v8::FunctionCallbackInfo<v8::Value>&) {
  Instrument& in = *Current();
  // A batch that threw left no stop(): its window is still open, and its code is not this batch's.
  if (!in.listening) in.jit.Listen();
  in.listening = true;
  in.jit.TakeOptimizedCount();
  in.timer.Start();
}

void Set(v8::Isolate* iso, v8::Local<v8::Context> ctx, v8::Local<v8::Object> obj, const char* key, double value) {
  obj->Set(ctx, v8::String::NewFromUtf8(iso, key).ToLocalChecked(), v8::Number::New(iso, value)).Check();
}

// The counters of one batch over `per` iterations or operations (PerIteration), as a JS object.
v8::Local<v8::Object> CountersObject(v8::Isolate* iso, v8::Local<v8::Context> ctx, const BatchCost& cost, double per) {
  v8::Local<v8::Object> counters = v8::Object::New(iso);
  for (const Counter& c : PerIteration(cost, per)) Set(iso, ctx, counters, c.name.c_str(), c.value);
  return counters;
}

// The first argument as a positive count, else 1 (PerIteration never divides by zero).
double PositiveArgument(const v8::FunctionCallbackInfo<v8::Value>& info) {
  const double n = info[0]->IsNumber() ? info[0].As<v8::Number>()->Value() : 1.0;
  return n > 0 ? n : 1.0;
}

void Stop(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Instrument& in = *Current();
  const BatchCost cost = in.timer.Stop();
  in.last = cost;
  if (in.listening) in.jit.Unlisten();
  in.listening = false;
  if (ThrowIfUncounted(info.GetIsolate(), in.timer)) return;
  const int compiles = in.jit.TakeOptimizedCount();
  v8::Isolate* iso = info.GetIsolate();
  v8::Local<v8::Context> ctx = iso->GetCurrentContext();
  // Iterations are whole: a batch of n iterations, never fewer than one.
  const double n = PositiveArgument(info);
  v8::Local<v8::Object> counters =
      CountersObject(iso, ctx, cost, n >= 1 ? static_cast<double>(static_cast<std::uint64_t>(n)) : 1.0);
  v8::Local<v8::Object> out = v8::Object::New(iso);
  out->Set(ctx, v8::String::NewFromUtf8Literal(iso, "counters"), counters).Check();
  Set(iso, ctx, out, "compiles", compiles);
  Set(iso, ctx, out, "main_cpu", cost.cpu_at_start == cost.cpu_at_end ? cost.cpu_at_start : -1);
  info.GetReturnValue().Set(out);
}

void PerOperation(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* iso = info.GetIsolate();
  info.GetReturnValue().Set(CountersObject(iso, iso->GetCurrentContext(), Current()->last, PositiveArgument(info)));
}
void Count(const v8::FunctionCallbackInfo<v8::Value>& info) { CountBatches(info, Current()->timer); }
void ProfileBegin(const v8::FunctionCallbackInfo<v8::Value>& info) { Current()->profile.Begin(info); }
void ProfileStart(const v8::FunctionCallbackInfo<v8::Value>& info) { Current()->profile.Start(info); }
void ProfileStop(const v8::FunctionCallbackInfo<v8::Value>& info) { Current()->profile.Stop(info); }

}  // namespace
}  // namespace v8bench

NODE_MODULE_INIT(/* exports, module, context */) {
  v8::Isolate* iso = v8::Isolate::GetCurrent();  // the loading thread's (Context::GetIsolate left in V8 14)
  auto& current = v8bench::Current();
  if (!current) {
    current = std::make_unique<v8bench::Instrument>(iso);
    node::AddEnvironmentCleanupHook(
        iso, [](void*) { v8bench::Current().reset(); }, nullptr);
  }
  auto add = [&](const char* name, v8::FunctionCallback fn) {
    exports
        ->Set(context, v8::String::NewFromUtf8(iso, name).ToLocalChecked(),
              v8::FunctionTemplate::New(iso, fn)->GetFunction(context).ToLocalChecked())
        .Check();
  };
  add("start", v8bench::Start);
  add("stop", v8bench::Stop);
  add("perOperation", v8bench::PerOperation);
  add("openCounter", v8bench::OpenCounter);
  add("countBatches", v8bench::Count);
  add("profileBegin", v8bench::ProfileBegin);
  add("profileStart", v8bench::ProfileStart);
  add("profileStop", v8bench::ProfileStop);
  add("methodRules", v8bench::MethodRulesObject);
}
