#include "harness/engine/engine_options.h"

namespace v8bench {

std::vector<std::string> ComposeV8Flags(const EngineOptions& options) {
  std::vector<std::string> flags = KnobV8Flags(options.Knobs());
  flags.insert(flags.end(), options.v8_flags.begin(), options.v8_flags.end());
  return flags;
}

}  // namespace v8bench
