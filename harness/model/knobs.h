// The harness's engine knobs (--semi-space MB, --fast-trig, --no-fast-trig) and the V8 flags each one
// means: the one translation, used by the embedded engine (engine/engine_options ComposeV8Flags) and by
// the compare driver for external engines (node, deno, workerd take the same V8 flags in their own
// syntax). Pure: no engine is asked anything here.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace v8bench {

// The runtime switch between V8's sin/cos paths. It exists only in V8 builds made with
// v8_use_libm_trig_functions (Deno's V8 15.0 has it; Debian's V8 10.2 and Node's builds do not).
inline constexpr const char* kLibmTrigFlag = "use-libm-trig-functions";

// The sin/cos path a user asks for. V8 picks its implementation at build time
// (v8_use_libm_trig_functions); only builds made with it have a runtime switch.
enum class TrigRequest { kEngineDefault, kFast, kSlow };

struct EngineKnobs {
  std::optional<int> semi_space_mb;  // pins min = max semi-space size
  TrigRequest trig = TrigRequest::kEngineDefault;
};

// The V8 flags `knobs` stand for, in V8's syntax:
//   semi_space_mb = N  -> --min-semi-space-size=N --max-semi-space-size=N
//   kFast / kSlow      -> --use-libm-trig-functions / --no-use-libm-trig-functions
std::vector<std::string> KnobV8Flags(const EngineKnobs& knobs);

// The V8 flag `trig` stands for ("" for kEngineDefault).
std::string TrigV8Flag(TrigRequest trig);

// "--fast-trig", "--no-fast-trig" or "" (the knob as the user writes it, for messages).
const char* TrigKnobName(TrigRequest trig);

}  // namespace v8bench
