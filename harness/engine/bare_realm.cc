// The `v8` realm: a bare context with only what a benchmark needs.
#include <uv.h>

#include <cstdio>

#include "harness/engine/js_error.h"
#include "harness/engine/realm.h"
#include "harness/measure/clocks.h"

namespace v8bench {
namespace {

void ConsoleWrite(const v8::FunctionCallbackInfo<v8::Value>& info) {
  // Suites' console output goes to stderr: stdout carries results (possibly JSON or CSV).
  std::string line;
  for (int i = 0; i < info.Length(); ++i) {
    if (i > 0) line.push_back(' ');
    line += ToUtf8(info.GetIsolate(), info[i]);
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

void PerformanceNow(const v8::FunctionCallbackInfo<v8::Value>& info) {
  const auto* origin_ns = static_cast<const std::uint64_t*>(info.Data().As<v8::External>()->Value());
  info.GetReturnValue().Set(static_cast<double>(WallNowNs() - *origin_ns) / 1e6);
}

class BareRealm final : public Realm {
 public:
  static Expected<std::unique_ptr<Realm>> Create(V8Process::Impl& process) {
    return std::unique_ptr<Realm>(new BareRealm(process));
  }

  ~BareRealm() override {
    ResetContext();
#if V8BENCH_HAVE_NODE
    // Node's platform order: unregister, dispose, then let the platform finish on our loop.
    bool finished = false;
    process_.platform->AddIsolateFinishedCallback(
        isolate(), [](void* data) { *static_cast<bool*>(data) = true; }, &finished);
    process_.platform->UnregisterIsolate(isolate());
    isolate()->Dispose();
    while (!finished) uv_run(&loop_, UV_RUN_ONCE);
    uv_loop_close(&loop_);
#else
    isolate()->Dispose();
#endif
  }

  Expected<v8::Local<v8::Value>> Call(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv) override {
    ForgetThrown();
    v8::TryCatch try_catch(isolate());
    v8::Local<v8::Value> result;
    const bool ok = fn->Call(context(), context()->Global(), argc, argv).ToLocal(&result);
    if (!ok) {
      if (!try_catch.HasTerminated()) SetThrown(try_catch.Exception());
      return Error::Js(DescribeException(isolate(), context(), try_catch));
    }
    isolate()->PerformMicrotaskCheckpoint();
    return result;
  }

  Expected<v8::Local<v8::Value>> Settle(v8::Local<v8::Promise> promise, const std::atomic<bool>& should_stop) override {
    ForgetThrown();
    // Nothing but microtasks can settle a promise here: there is no event loop in a bare realm.
    while (promise->State() == v8::Promise::kPending && !should_stop.load()) {
      isolate()->PerformMicrotaskCheckpoint();
#if V8BENCH_HAVE_NODE
      process_.platform->DrainTasks(isolate());
#endif
      if (promise->State() == v8::Promise::kPending) {
        return Error::Js(
            "the promise never settles: the v8 realm has no event loop (no timers or I/O); use realm 'node' for "
            "such benches");
      }
    }
    if (should_stop.load()) return Error::Timeout("deadline reached while awaiting the bench");
    if (promise->State() == v8::Promise::kRejected) {
      SetThrown(promise->Result());
      return Error::Js(DescribeRejection(isolate(), context(), promise->Result()));
    }
    return promise->Result();
  }

 private:
  explicit BareRealm(V8Process::Impl& process)
      : Realm(RealmKind::kV8, v8::Isolate::Allocate()),
        process_(process),
        allocator_(v8::ArrayBuffer::Allocator::NewDefaultAllocator()),
        origin_ns_(WallNowNs()) {
#if V8BENCH_HAVE_NODE
    uv_loop_init(&loop_);
    process_.platform->RegisterIsolate(isolate(), &loop_);
#endif
    v8::Isolate::CreateParams params;
    params.array_buffer_allocator = allocator_.get();
    v8::Isolate::Initialize(isolate(), params);
    isolate()->SetMicrotasksPolicy(v8::MicrotasksPolicy::kExplicit);

    v8::Locker locker(isolate());
    v8::Isolate::Scope isolate_scope(isolate());
    v8::HandleScope handle_scope(isolate());
    v8::Local<v8::ObjectTemplate> global = v8::ObjectTemplate::New(isolate());
    v8::Local<v8::ObjectTemplate> performance = v8::ObjectTemplate::New(isolate());
    performance->Set(isolate(), "now",
                     v8::FunctionTemplate::New(isolate(), PerformanceNow, v8::External::New(isolate(), &origin_ns_)));
    global->Set(isolate(), "performance", performance);
    v8::Local<v8::Context> context = v8::Context::New(isolate(), nullptr, global);
    SetContext(context);
    // V8 installs its own `console` (which prints nothing without an inspector delegate) when the
    // context is created, shadowing a template property; replace it on the global object instead.
    v8::Context::Scope context_scope(context);
    v8::Local<v8::Object> console = v8::Object::New(isolate());
    for (const char* name : {"log", "info", "warn", "error", "debug"}) {
      console
          ->Set(context, v8::String::NewFromUtf8(isolate(), name).ToLocalChecked(),
                v8::Function::New(context, ConsoleWrite).ToLocalChecked())
          .Check();
    }
    context->Global()->Set(context, v8::String::NewFromUtf8Literal(isolate(), "console"), console).Check();
  }

  V8Process::Impl& process_;
  std::unique_ptr<v8::ArrayBuffer::Allocator> allocator_;
  std::uint64_t origin_ns_;
#if V8BENCH_HAVE_NODE
  uv_loop_t loop_{};
#endif
};

}  // namespace

Expected<std::unique_ptr<Realm>> CreateBareRealm(V8Process::Impl& process) { return BareRealm::Create(process); }

}  // namespace v8bench
