// V8's process-wide set-up as one RAII object: Node's per-process init, V8 flags (validated), the
// platform, V8 itself; disposed in reverse order. At most one exists per process.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/engine/engine_options.h"
#include "harness/engine/trig_probe.h"
#include "harness/model/expected.h"
#include "harness/model/suite.h"

namespace v8bench {

class Realm;

struct EngineFacts {
  std::string v8_version;
  std::string node_version;        // empty when built without Node
  std::vector<std::string> flags;  // what V8 was given
  bool node_realm_available = false;
  std::string node_realm_problem;  // why not, when unavailable
};

// The embedded V8's version; needs no initialisation (for --version).
std::string EmbeddedV8Version();

// Prints every flag this V8 accepts (V8's own --help output) and exits the process.
[[noreturn]] void PrintV8Options();

class V8Process {
 public:
  // REQUIRES: no other V8Process exists in this process.
  // Fails (exit code 2) on an unknown or malformed V8 flag, naming it, and on a trig request the
  // engine cannot honour, saying why and what to do instead.
  static Expected<std::unique_ptr<V8Process>> Start(const EngineOptions& options);
  ~V8Process();
  V8Process(const V8Process&) = delete;
  V8Process& operator=(const V8Process&) = delete;

  const EngineFacts& facts() const;
  // Detected once, in a throwaway bare context, then cached.
  const TrigInfo& trig();
  // V8's young-generation size as reported by a fresh isolate (new_space size, bytes).
  std::uint64_t InitialYoungGenerationBytes();
  std::uint64_t HeapSizeLimitBytes();

  // A fresh realm of `kind` (a new isolate) on this process's platform: what SuiteHost::Open needs
  // from the process, and all it gets. Realm is engine-internal (engine/realm.h).
  Expected<std::unique_ptr<Realm>> NewRealm(RealmKind kind);

  struct Impl;  // engine-internal (engine/process_impl.h): the platform and what it detected once

 private:
  explicit V8Process(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace v8bench
