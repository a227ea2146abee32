// How the embedded engine is configured for a whole process (V8 flags are process-wide).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/model/knobs.h"

namespace v8bench {

struct EngineOptions {
  std::vector<std::string> v8_flags;  // passed to V8 as given, after the knobs below
  std::optional<int> semi_space_mb;   // pins min = max semi-space size
  TrigRequest trig = TrigRequest::kEngineDefault;
  YoungGeneration young = YoungGeneration::kFull;

  EngineKnobs Knobs() const { return {semi_space_mb, trig, young}; }
};

// The flags V8 gets for `options`: knobs first (model/knobs.h KnobV8Flags), so that an explicit V8
// flag given by the user wins.
std::vector<std::string> ComposeV8Flags(const EngineOptions& options);

}  // namespace v8bench
