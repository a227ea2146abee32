// Engine-internal. A realm is an isolate plus one context to run suites in:
//   v8   - a bare V8 context: console, performance.now and the bench API, nothing else;
//   node - a real Node environment (libnode's embedder API): Buffer, node:stream, WHATWG streams,
//          require. Never a polyfill.
// The realm owns the isolate; everything else reaches it through RealmScope (stack-only).
#pragma once

#include <v8.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "harness/engine/process_impl.h"
#include "harness/model/expected.h"
#include "harness/model/suite.h"

namespace v8bench {

class Realm {
 public:
  virtual ~Realm() = default;
  Realm(const Realm&) = delete;
  Realm& operator=(const Realm&) = delete;

  RealmKind kind() const { return kind_; }
  v8::Isolate* isolate() const { return isolate_; }
  v8::Local<v8::Context> context() const { return context_.Get(isolate_); }

  // Calls fn(args...) the way this realm's host would: node runs it inside a callback scope (so
  // process.nextTick and microtasks drain afterwards), v8 performs a microtask checkpoint after.
  // On a JS exception returns an Error with file:line:col, source line and stack.
  // REQUIRES: inside a RealmScope.
  virtual Expected<v8::Local<v8::Value>> Call(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv) = 0;

  // Drives microtasks (and, in node, the event loop) until `promise` settles. Fails when it is
  // rejected (with the reason's stack), when nothing is left that could settle it, or when
  // `should_stop` becomes true (the watchdog's deadline).
  // REQUIRES: inside a RealmScope.
  virtual Expected<v8::Local<v8::Value>> Settle(v8::Local<v8::Promise> promise,
                                                const std::atomic<bool>& should_stop) = 0;

  // Runs what a case left on the event loop (node: timers, I/O callbacks, late rejections) for at most
  // `max_s` seconds or until nothing is left, as a node process would before it exits: a callback that
  // throws or exits then fails the case instead of surfacing after its result was kept. v8 has no loop.
  // REQUIRES: inside a RealmScope.
  virtual Status RunLeftCallbacks(double /*max_s*/, const std::atomic<bool>& /*should_stop*/) { return OkStatus(); }

  // Thread-safe: wakes this realm's event loop if it is blocked (so a deadline is noticed).
  virtual void Wake() {}

  // What the last failed Call, Settle or RunScript threw or rejected with (empty when it failed otherwise:
  // terminated, or an event loop with nothing left). Read once: taking it clears it. Callers classify
  // a failure by this value (e.g. the bench API's unsupported()), never by the text of the Error.
  // REQUIRES: inside a RealmScope.
  v8::Local<v8::Value> TakeThrown();

  // If JS asked the host to exit (process.exit, an uncaught exception in node): the exit code.
  virtual std::optional<int> ExitRequested() const { return std::nullopt; }

  // V8's young generation (new_space) size now, in bytes.
  std::uint64_t YoungGenerationBytes() const;

  // Compiles and runs a classic script; errors carry file:line:col and the source line.
  // REQUIRES: inside a RealmScope.
  Expected<v8::Local<v8::Value>> RunScript(const std::string& source, const std::string& name);

 protected:
  Realm(RealmKind kind, v8::Isolate* isolate) : kind_(kind), isolate_(isolate) {}
  void SetContext(v8::Local<v8::Context> context) { context_.Reset(isolate_, context); }
  // Every Call, Settle and RunScript begins with ForgetThrown and records a throw or rejection with SetThrown.
  void ForgetThrown() { thrown_.Reset(); }
  void SetThrown(v8::Local<v8::Value> value) { thrown_.Reset(isolate_, value); }
  // Before the isolate goes: drops every handle the base class holds.
  void ResetContext() {
    thrown_.Reset();
    context_.Reset();
  }

 private:
  RealmKind kind_;
  v8::Isolate* isolate_;
  v8::Global<v8::Context> context_;
  v8::Global<v8::Value> thrown_;
};

// Empty when the node realm can be created here; otherwise why not and what to do.
std::string NodeRealmProblem();

// Creates a fresh realm of `kind`: a new isolate every time (no JIT feedback or heap state shared).
Expected<std::unique_ptr<Realm>> CreateRealm(RealmKind kind, V8Process::Impl& process);
Expected<std::unique_ptr<Realm>> CreateBareRealm(V8Process::Impl& process);
Expected<std::unique_ptr<Realm>> CreateNodeRealm(V8Process::Impl& process);

// Enters a realm for the duration of a C++ scope. Stack-only, like the V8 scopes it holds.
class RealmScope {
 public:
  explicit RealmScope(Realm& realm)
      : locker_(realm.isolate()),
        isolate_scope_(realm.isolate()),
        handle_scope_(realm.isolate()),
        context_scope_(realm.context()) {}
  void* operator new(std::size_t) = delete;

 private:
  v8::Locker locker_;
  v8::Isolate::Scope isolate_scope_;
  v8::HandleScope handle_scope_;
  v8::Context::Scope context_scope_;
};

}  // namespace v8bench
