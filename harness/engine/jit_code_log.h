// Engine-internal: V8's JIT code events for one isolate, as plain records (which function V8
// compiled to which tier, and when). One log per SuiteHost: the runner counts optimised compiles
// during each batch, the profiler lists the code built for hot functions.
#pragma once

#include <v8.h>

#include <chrono>
#include <mutex>
#include <vector>

#include "harness/engine/cpu_profile.h"

namespace v8bench {

// Records the JS function code V8 creates in one isolate, through its JIT code event hook. V8's
// code event names carry the tier as a marker ("LazyCompile:*hot file.js:3": * TurboFan,
// ^ Sparkplug, + Maglev, ~ Ignition), the same names perf maps get.
//
// The hook is registered only while a Listening scope is open (docs/engines.md, "What the
// instrument costs"): while V8 has a code-event listener it reports every object its GC moves and every
// code object it creates, which costs the measured program time; nothing is recorded outside.
class JitCodeLog {
 public:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    CompiledCode code;
    Clock::time_point at;
  };

  // REQUIRES: inside a RealmScope of the isolate. Records nothing until listened to.
  explicit JitCodeLog(v8::Isolate* isolate);
  ~JitCodeLog();
  JitCodeLog(const JitCodeLog&) = delete;
  JitCodeLog& operator=(const JitCodeLog&) = delete;

  // V8's code events are recorded from Listen() to the matching Unlisten(); the calls nest (a profile
  // listens across the case it prepares, which listens too). On the isolate's thread.
  void Listen();
  void Unlisten();
  class Listening {
   public:
    explicit Listening(JitCodeLog& log) : log_(log) { log_.Listen(); }
    ~Listening() { log_.Unlisten(); }
    Listening(const Listening&) = delete;
    Listening& operator=(const Listening&) = delete;

   private:
    JitCodeLog& log_;
  };

  // Brackets an operation that makes V8 re-announce existing code (starting a CPU profile): nothing
  // announced meanwhile is new code.
  void SetReplaying(bool replaying);

  // The code created since the last call (or since the log started), in order.
  std::vector<Entry> TakeEntries();

  // How many of the entries since the last call are optimised code (TurboFan or the mid tier); the
  // entries are dropped.
  int TakeOptimizedCount();

 private:
  static void OnEvent(const v8::JitCodeEvent* event);
  void Handle(const v8::JitCodeEvent& e);

  v8::Isolate* isolate_;
  int listening_ = 0;  // open Listen() calls
  bool replaying_ = false;
  std::vector<Entry> entries_;
};

}  // namespace v8bench
