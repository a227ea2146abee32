// Engine-internal: what a SuiteHost holds, for engine code that needs the isolate (the profiler).
#pragma once

#include <v8.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/engine/gc_monitor.h"
#include "harness/engine/jit_code_log.h"
#include "harness/engine/js_error.h"
#include "harness/engine/realm.h"
#include "harness/engine/suite_host.h"
#include "harness/engine/watchdog.h"

namespace v8bench {

struct SuiteHost::State {
  std::unique_ptr<Realm> realm;
  // Held for the host's life: this thread owns the isolate, and heap readings between calls
  // (BatchTimer) happen under the lock too. RealmScope's lockers nest inside it.
  std::unique_ptr<v8::Locker> lock;
  std::unique_ptr<GcMonitor> gc;
  std::unique_ptr<JitCodeLog> jit;  // V8's code events: what was compiled, when (runner, profiler)
  // V8 is listened to from Prepare to Teardown: a case's compiles, between two TakeCodeState calls.
  std::optional<JitCodeLog::Listening> listening;
  std::unique_ptr<Watchdog> watchdog;
  v8::Global<v8::Object> api;      // globalThis.__v8bench
  v8::Global<v8::Function> batch;  // the current prepared case's compiled loop
  bool async = false;
  double probe_s = -1;       // the last prepared case's probe call (SuiteHost::ProbeSeconds)
  std::size_t prepared = 0;  // cases prepared so far: the next one's slot (js/bench_api/03_cases.js `prepared`)
  std::size_t live = 0;      // cases prepared and not yet torn down
  std::string path;
  // What JS is doing, for messages: "the case", or loading/describing the file (Open, Describe).
  std::string activity = "the case";

  ~State() {
    // V8 handles and callbacks go before the isolate does.
    watchdog.reset();
    {
      RealmScope scope(*realm);
      api.Reset();
      batch.Reset();
      gc.reset();
      listening.reset();  // a case that failed left its listening open; it names `jit`, so it goes first
      jit.reset();
    }
    lock.reset();
    realm.reset();
  }

  // Rewrites a failure in the light of why JS stopped: deadline, heap limit or a plain throw.
  Error Explain(Error error) {
    v8::Isolate* iso = realm->isolate();
    if (watchdog->expired().load()) {
      iso->CancelTerminateExecution();
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", watchdog->seconds());
      return Error::Timeout(activity + " timed out after " + seconds + " s (--timeout) and was terminated");
    }
    if (gc->HeapLimitReached()) {
      iso->CancelTerminateExecution();
      return Error::OutOfMemory("out of memory: the V8 heap reached its limit (" +
                                std::to_string(gc->HeapLimitBytes() >> 20) + " MB) and " + activity +
                                " was terminated. Raise it with --v8-flags=--max-old-space-size=MB if it really "
                                "needs more");
    }
    // A throw: from a call into the bench API (kJsException) or the file's top level (RunScript's kInput).
    if (error.kind == Error::Kind::kJsException || error.kind == Error::Kind::kInput) {
      const v8::Local<v8::Value> thrown = realm->TakeThrown();
      // unsupported('why') from the bench API: the engine lacks what the case measures. Told by the
      // thrown value itself (the bench API's brand check), never by the text of the message.
      if (error.kind == Error::Kind::kJsException) {
        if (auto reason = UnsupportedReason(thrown)) return Error::Unsupported(std::move(*reason));
      }
      return AtSuiteLine(Named(std::move(error), thrown), path);
    }
    return error;
  }

  // `error` with the built-ins a suite replaced named in its text, when the bench API's own code threw
  // `thrown` over them (js/bench_api/01_safe_builtins.js naming()). Done here rather than by a catch and rethrow in JS,
  // which would move the exception's location from the thrower's line to the rethrow.
  Error Named(Error error, v8::Local<v8::Value> thrown) {
    if (thrown.IsEmpty() || !thrown->IsObject()) return error;
    auto fn = ApiMethod("nameError");
    if (!fn) return error;
    v8::Isolate* iso = realm->isolate();
    v8::TryCatch try_catch(iso);  // the thrown object's toString is the suite's to replace
    const std::string before = ToUtf8(iso, thrown);
    v8::Local<v8::Value> renamed;
    if (!fn.value()->Call(realm->context(), v8::Undefined(iso), 1, &thrown).ToLocal(&renamed) || !renamed->IsTrue()) {
      return error;
    }
    const std::string after = ToUtf8(iso, thrown);
    if (auto at = error.message.find(before); at != std::string::npos) error.message.replace(at, before.size(), after);
    return error;
  }

  // An exception headed in the bench API (a contract violation or a definition error it detects, a hook of
  // the user's that its adapter called) is reported at the innermost frame of the user's file on its stack:
  // where the user's code called the API, what they can change. When the user's file is on the stack or the
  // headline was moved to it, the bench API's own frames are left out of the stack.
  static Error AtSuiteLine(Error error, const std::string& path) {
    const std::string api = "v8bench:bench_api.js:";
    std::string& m = error.message;
    const auto frames = m.find("\n    at ");
    const std::string stack = frames == std::string::npos ? "" : m.substr(frames);
    const auto user = stack.find(path + ":");
    std::string head = frames == std::string::npos ? m : m.substr(0, frames);
    const bool relocated = head.compare(0, api.size(), api) == 0;
    if (relocated) {
      const auto headline_end = head.find(": ");
      if (headline_end == std::string::npos) return error;
      const auto first_newline = head.find('\n');
      const std::string text = head.substr(
          headline_end + 2, first_newline == std::string::npos ? std::string::npos : first_newline - headline_end - 2);
      std::string where = path;
      if (user != std::string::npos) {
        const auto end = stack.find_first_not_of("0123456789:", user + path.size());
        where = stack.substr(user, (end == std::string::npos ? stack.size() : end) - user);
      }
      head = where + ": " + text;
    }
    m = head + (user == std::string::npos && !relocated ? stack : WithoutFramesOf(stack, api));
    return error;
  }

  // `stack` ("\n    at ..." lines) without the frames whose text holds `script`.
  static std::string WithoutFramesOf(const std::string& stack, const std::string& script) {
    std::string kept;
    for (std::size_t at = 0; at < stack.size();) {
      std::size_t next = stack.find('\n', at + 1);
      if (next == std::string::npos) next = stack.size();
      const std::string frame = stack.substr(at, next - at);
      if (frame.find(script) == std::string::npos) kept += frame;
      at = next;
    }
    return kept;
  }

  // The reason if `thrown` came from unsupported('why'), else nullopt. The bench API's own function
  // (frozen in __v8bench before the suite ran) checks the brand; it runs no suite code.
  std::optional<std::string> UnsupportedReason(v8::Local<v8::Value> thrown) {
    if (thrown.IsEmpty()) return std::nullopt;
    auto fn = ApiMethod("unsupportedReason");
    if (!fn) return std::nullopt;
    v8::TryCatch try_catch(realm->isolate());
    v8::Local<v8::Value> reason;
    if (!fn.value()->Call(realm->context(), v8::Undefined(realm->isolate()), 1, &thrown).ToLocal(&reason) ||
        !reason->IsString()) {
      return std::nullopt;
    }
    return ToUtf8(realm->isolate(), reason);
  }

  Expected<v8::Local<v8::Function>> ApiMethod(const char* name) {
    v8::Isolate* iso = realm->isolate();
    v8::Local<v8::Value> fn;
    if (!api.Get(iso)->Get(realm->context(), v8::String::NewFromUtf8(iso, name).ToLocalChecked()).ToLocal(&fn) ||
        !fn->IsFunction()) {
      return Error::Internal(std::string("bench API has no function ") + name);
    }
    return fn.As<v8::Function>();
  }

  // Calls __v8bench.<name>(args...) and, if it returns a promise, awaits it.
  Expected<v8::Local<v8::Value>> CallApi(const char* name, std::vector<v8::Local<v8::Value>> args) {
    auto fn = ApiMethod(name);
    if (!fn) return fn.error();
    auto result = realm->Call(fn.value(), static_cast<int>(args.size()), args.data());
    if (!result) return Explain(result.error());
    if (result.value()->IsPromise()) {
      auto settled = realm->Settle(result.value().As<v8::Promise>(), watchdog->expired());
      if (!settled) return Explain(settled.error());
      return settled;
    }
    return result;
  }
};

}  // namespace v8bench
