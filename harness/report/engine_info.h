// What `v8bench info` prints, as console text or JSON: the embedded engine (its run context, realms,
// heap defaults and trig path) or an external engine (`info --engine PATH`, from
// workers::ProbeExternalEngine: versions, trig path, and how each figure is measured on it).
#pragma once

#include <cstdint>
#include <string>

#include "harness/measure/trig_classifier.h"
#include "harness/model/knobs.h"
#include "harness/model/result.h"
#include "harness/workers/external_engine.h"

namespace v8bench {

// The embedded engine as V8Process and MakeRunContext describe it.
struct EmbeddedEngineInfo {
  RunContext context;  // versions, V8 flags, young generation, semi-space, host, build type
  bool node_realm_available = false;
  std::string node_realm_problem;  // why not, when not
  std::uint64_t heap_size_limit_bytes = 0;
  TrigInfo trig;
  YoungGeneration young = YoungGeneration::kGrow;  // where the young generation starts (--young-gen)
  std::string instructions;  // whether and how --metric instructions can count here (workers::CountingAvailability)
};

std::string RenderEngineInfo(const EmbeddedEngineInfo& info, bool json);

// `info` of an external engine at `path`, probed with `v8_flags` (as the engine takes them).
std::string RenderExternalEngineInfo(const workers::ExternalEngineInfo& info, const std::string& path,
                                     const std::vector<std::string>& v8_flags, bool json);

}  // namespace v8bench
