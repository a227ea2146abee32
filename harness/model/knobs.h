// The harness's engine knobs (--semi-space MB, --young-gen full|grow, --fast-trig, --no-fast-trig) and the V8 flags
// each one means: the one translation, used by the embedded engine (engine/engine_options ComposeV8Flags) and by the
// compare driver for external engines (node, deno, workerd take the same V8 flags in their own syntax). Pure: no engine
// is asked anything here.
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

// Where V8's young generation (its two semi-spaces) starts, unless --semi-space pins it.
//
// V8 starts the young generation small and doubles it each time enough bytes have survived
// scavenges, up to its maximum. The steps come a fixed amount of surviving work after the isolate
// starts, so under kGrow the young generation a case is timed with depends on how long it has run,
// and so on the timing settings. kFull (the default) starts it at its maximum: the state V8's own
// policy converges to in a busy long-running process, reached at isolate creation, so every timing
// setting times the same young generation. kGrow (V8's policy in a fresh process) stays a knob for
// questions about a process's first seconds. The measurements behind this: docs/measurement.md,
// "Which heap".
enum class YoungGeneration {
  kFull,  // the default: starts at its maximum size (the state a long-running process reaches under load)
  kGrow,  // V8's own policy: starts small and grows as objects survive (a fresh process)
};

// "full" or "grow" (the --young-gen value).
const char* YoungGenerationName(YoungGeneration young);

// The starting semi-space size kFull asks for, in MB. V8 clamps a minimum above its maximum to the
// maximum (Heap::ConfigureHeap: min(initial, max)), so this starts the young generation at whatever
// maximum the engine has (16 MB per semi-space on V8 10.2 to 12.x x64, more on later versions or with
// --max-semi-space-size); verified on the embedded V8 10.2, on Node 18 to 26 (V8 10.2 to 14.6) and on Deno 2.9
// (V8 15.0).
inline constexpr int kFullSemiSpaceMb = 1024;

struct EngineKnobs {
  std::optional<int> semi_space_mb;  // pins min = max semi-space size (then `young` does not apply)
  TrigRequest trig = TrigRequest::kEngineDefault;
  YoungGeneration young = YoungGeneration::kFull;
};

// The V8 flags `knobs` stand for, in V8's syntax:
//   semi_space_mb = N  -> --min-semi-space-size=N --max-semi-space-size=N
//   otherwise kFull    -> --min-semi-space-size=kFullSemiSpaceMb (the default; kGrow: nothing)
//   kFast / kSlow      -> --use-libm-trig-functions / --no-use-libm-trig-functions
std::vector<std::string> KnobV8Flags(const EngineKnobs& knobs);

// The V8 flag `trig` stands for ("" for kEngineDefault).
std::string TrigV8Flag(TrigRequest trig);

// "--fast-trig", "--no-fast-trig" or "" (the knob as the user writes it, for messages).
const char* TrigKnobName(TrigRequest trig);

}  // namespace v8bench
