// The `node` realm: a real Node environment created through libnode's embedder API.
#include "harness/engine/realm.h"

#if V8BENCH_HAVE_NODE
#include <node.h>
#include <uv.h>

#include <filesystem>
#include <vector>

#include "harness/engine/js_error.h"
#endif

namespace v8bench {

#if V8BENCH_HAVE_NODE
namespace {

// Debian's libnode loads these builtins from fixed paths at run time; without them creating an
// environment aborts the process ("Cannot load externalized builtin"), so check first.
#if V8BENCH_DEBIAN_LIBNODE
constexpr const char* kExternalBuiltins[] = {
    "/usr/share/nodejs/cjs-module-lexer/lexer.js", "/usr/share/nodejs/cjs-module-lexer/dist/lexer.js",
    "/usr/share/nodejs/undici/undici-fetch.js",    "/usr/share/nodejs/acorn/dist/acorn.js",
    "/usr/share/nodejs/acorn-walk/dist/walk.js",
};
#endif

// Wakes the environment's event loop from another thread (the watchdog). RAII over a uv_async_t;
// closed before the environment is torn down, since a live handle would keep uv_loop_close from
// succeeding.
class LoopWaker {
 public:
  explicit LoopWaker(uv_loop_t* loop) : loop_(loop) {
    uv_async_init(loop_, &async_, [](uv_async_t*) {});
    uv_unref(reinterpret_cast<uv_handle_t*>(&async_));  // must not keep the loop alive by itself
  }
  ~LoopWaker() {
    uv_close(reinterpret_cast<uv_handle_t*>(&async_), nullptr);
    uv_run(loop_, UV_RUN_NOWAIT);
  }
  LoopWaker(const LoopWaker&) = delete;
  LoopWaker& operator=(const LoopWaker&) = delete;
  void Wake() { uv_async_send(&async_); }

 private:
  uv_loop_t* loop_;
  uv_async_t async_{};
};

class NodeRealm final : public Realm {
 public:
  static Expected<std::unique_ptr<Realm>> Create(V8Process::Impl& process) {
    if (auto problem = NodeRealmProblem(); !problem.empty()) return Error::Unsupported(problem);
    std::vector<std::string> errors;
    std::vector<std::string> args{"v8bench"};
    std::vector<std::string> exec_args;
    // No inspector: v8bench does not use it, and a second live environment (--share-realm over two
    // node suites) would trip Node's one-inspector-per-process assertion.
    const auto flags = static_cast<node::EnvironmentFlags::Flags>(node::EnvironmentFlags::kOwnsProcessState |
                                                                  node::EnvironmentFlags::kNoCreateInspector);
    auto setup = node::CommonEnvironmentSetup::Create(process.platform.get(), &errors, args, exec_args, flags);
    if (!setup) {
      std::string text = "cannot create a Node environment:";
      for (const auto& e : errors) text += " " + e;
      // Node's own start-up JS ran out of stack: the V8 flags given leave too little of it.
      if (text.find("Maximum call stack size exceeded") != std::string::npos) {
        return Error::Usage(text + "\n(V8's stack is too small for Node's own start-up: raise or drop --stack-size)");
      }
      return Error::Internal(text);
    }
    std::unique_ptr<NodeRealm> realm(new NodeRealm(std::move(setup), process.platform.get()));
    if (auto status = realm->Load(); !status) return status.error();
    return std::unique_ptr<Realm>(std::move(realm));
  }

  ~NodeRealm() override {
    {
      v8::Locker locker(isolate());
      v8::Isolate::Scope isolate_scope(isolate());
      isolate()->CancelTerminateExecution();
      resource_.Reset();
      ResetContext();
      waker_.reset();
      // Let Node run its exit hooks and close its handles, as at the end of a node process.
      node::Stop(setup_->env());
    }
    setup_.reset();  // frees the environment, then the isolate (in Node's order), then the loop
  }

  Expected<v8::Local<v8::Value>> Call(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv) override {
    ForgetThrown();
    v8::Local<v8::Value> result;
    std::string error;
    {
      // Like a callback from Node's event loop: ticks and microtasks drain when the scope closes.
      node::CallbackScope callback_scope(isolate(), resource_.Get(isolate()), {0, 0});
      v8::TryCatch try_catch(isolate());
      if (!fn->Call(context(), context()->Global(), argc, argv).ToLocal(&result)) {
        if (!try_catch.HasTerminated()) SetThrown(try_catch.Exception());
        error = DescribeException(isolate(), context(), try_catch);
      } else if (result->IsPromise()) {
        // The host awaits this promise (Settle) and reports its rejection; say so before the scope
        // closes and runs microtasks, or Node would treat a rejection as unhandled and stop.
        MarkHandled(result.As<v8::Promise>());
      }
    }
    if (exit_code_) {
      ForgetThrown();  // the environment ended: that, not what was thrown, is the failure
      return ExitError();
    }
    if (!error.empty()) return Error::Js(error);
    return result;
  }

  Expected<v8::Local<v8::Value>> Settle(v8::Local<v8::Promise> promise, const std::atomic<bool>& should_stop) override {
    ForgetThrown();
    uv_loop_t* loop = setup_->event_loop();
    while (promise->State() == v8::Promise::kPending) {
      if (should_stop.load()) return Error::Timeout("deadline reached while awaiting the bench");
      if (exit_code_) return ExitError();
      const bool more = uv_run(loop, UV_RUN_ONCE) != 0;
      platform_->DrainTasks(isolate());
      if (promise->State() != v8::Promise::kPending) break;
      if (!more && !uv_loop_alive(loop)) {
        return Error::Js(
            "the promise never settles: nothing is left on the event loop that could resolve it (a stream "
            "that is never read to the end, a promise nobody resolves, or a Node core benchmark whose "
            "main(config) never calls bench.end(n))");
      }
    }
    if (exit_code_) return ExitError();
    if (promise->State() == v8::Promise::kRejected) {
      SetThrown(promise->Result());
      return Error::Js(DescribeRejection(isolate(), context(), promise->Result()));
    }
    return promise->Result();
  }

  Status RunLeftCallbacks(double max_s, const std::atomic<bool>& should_stop) override {
    uv_loop_t* loop = setup_->event_loop();
    // Our own timer bounds each wait; unreferenced, so the loop is alive only for what the case left.
    uv_timer_t limit;
    uv_timer_init(loop, &limit);
    uv_unref(reinterpret_cast<uv_handle_t*>(&limit));
    bool expired = false;
    limit.data = &expired;
    uv_timer_start(
        &limit, [](uv_timer_t* t) { *static_cast<bool*>(t->data) = true; }, static_cast<std::uint64_t>(max_s * 1000),
        0);
    while (!expired && !exit_code_ && !should_stop.load() && uv_loop_alive(loop)) {
      uv_run(loop, UV_RUN_ONCE);
      platform_->DrainTasks(isolate());
    }
    uv_close(reinterpret_cast<uv_handle_t*>(&limit), nullptr);
    uv_run(loop, UV_RUN_NOWAIT);  // the close callback, before `limit` leaves scope
    if (!exit_code_) return OkStatus();
    return Error::Js("after the case was timed, a callback it left on the event loop ended the Node environment: " +
                     std::string("process.exit(") + std::to_string(*exit_code_) +
                     ") or an uncaught exception (its text is above, on stderr), as it would end a node process");
  }

  void MarkHandled(v8::Local<v8::Promise> promise) {
    v8::Local<v8::Function> ignore;
    if (v8::Function::New(context(), [](const v8::FunctionCallbackInfo<v8::Value>&) {}).ToLocal(&ignore)) {
      v8::Local<v8::Promise> handled;
      if (!promise->Catch(context(), ignore).ToLocal(&handled)) return;
    }
  }

  void Wake() override {
    if (waker_) waker_->Wake();
  }

  std::optional<int> ExitRequested() const override { return exit_code_; }

 private:
  NodeRealm(std::unique_ptr<node::CommonEnvironmentSetup> setup, node::MultiIsolatePlatform* platform)
      : Realm(RealmKind::kNode, setup->isolate()), setup_(std::move(setup)), platform_(platform) {}

  Status Load() {
    v8::Locker locker(isolate());
    v8::Isolate::Scope isolate_scope(isolate());
    v8::HandleScope handle_scope(isolate());
    v8::Local<v8::Context> ctx = setup_->context();
    v8::Context::Scope context_scope(ctx);
    SetContext(ctx);
    resource_.Reset(isolate(), v8::Object::New(isolate()));
    waker_ = std::make_unique<LoopWaker>(setup_->event_loop());
    // process.exit() and uncaught exceptions must not end v8bench: stop the environment instead,
    // and report the case as failed with the exit code.
    node::SetProcessExitHandler(setup_->env(), [this](node::Environment* env, int code) {
      exit_code_ = code;
      node::Stop(env);
    });
    v8::TryCatch try_catch(isolate());
    // As `node` does for a main script: a public require() for built-in and installed modules.
    if (node::LoadEnvironment(setup_->env(),
                              "globalThis.require = require('module').createRequire(process.cwd() + '/');")
            .IsEmpty()) {
      return Error::Internal("cannot load the Node environment: " + DescribeException(isolate(), ctx, try_catch));
    }
    return OkStatus();
  }

  Error ExitError() const {
    return Error::Js("the bench ended the Node environment: process.exit(" + std::to_string(*exit_code_) +
                     ") or an uncaught exception (its text is above, on stderr)");
  }

  std::unique_ptr<node::CommonEnvironmentSetup> setup_;
  node::MultiIsolatePlatform* platform_;
  std::unique_ptr<LoopWaker> waker_;
  v8::Global<v8::Object> resource_;
  std::optional<int> exit_code_;
};

}  // namespace

Expected<std::unique_ptr<Realm>> CreateNodeRealm(V8Process::Impl& process) { return NodeRealm::Create(process); }

std::string NodeRealmProblem() {
#if V8BENCH_DEBIAN_LIBNODE
  for (const char* path : kExternalBuiltins) {
    if (!std::filesystem::exists(path)) {
      return std::string("node realm unavailable: Debian's libnode loads ") + path +
             " at run time and it is missing; run tools/setup.sh (it places the five files from Debian's "
             "node-acorn, node-cjs-module-lexer and node-undici packages)";
    }
  }
#endif
  return "";
}

#else

Expected<std::unique_ptr<Realm>> CreateNodeRealm(V8Process::Impl&) { return Error::Unsupported(NodeRealmProblem()); }

std::string NodeRealmProblem() {
  return "node realm unavailable: this v8bench was built against a V8 without Node (V8_ROOT)";
}

#endif

}  // namespace v8bench
