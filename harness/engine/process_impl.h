// Engine-internal: what realms need from the process (V8 types allowed here, not outside engine/).
#pragma once

#include <v8.h>

#include <memory>
#include <optional>

#if V8BENCH_HAVE_NODE
#include <node.h>
#else
#include <libplatform/libplatform.h>
#endif

#include "harness/engine/v8_process.h"

namespace v8bench {

struct V8Process::Impl {
#if V8BENCH_HAVE_NODE
  std::unique_ptr<node::MultiIsolatePlatform> platform;
#else
  std::unique_ptr<v8::Platform> platform;
#endif
  EngineFacts facts;
  std::optional<TrigInfo> trig;
  std::uint64_t young_generation_bytes = 0;
  std::uint64_t heap_size_limit = 0;

  // Detects the trig path and reads heap defaults in a throwaway bare realm, once.
  void ProbeOnce();
};

}  // namespace v8bench
