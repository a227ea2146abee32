// The harness's knobs, declared once: KnobTable(), one row per knob (`--semi-space MB`, `--young-gen full|grow`,
// `--fast-trig`, `--no-fast-trig`, `--param NAME=V`, `--tier MODE`, `--main-cpu N`) with its word, metavar,
// help, parse, how it prints back as a worker's arguments and where it goes on an engine other than
// v8bench's own (V8 flags, the external runner's option, or refused). `run`'s options (cli/common), a
// variant's words (driver/variant), a v8bench worker's command line and the external runner's
// (workers/compare_worker) all read this table. And the V8 flags each engine knob means: the one
// translation, used by the embedded engine (engine/engine_options ComposeV8Flags) and by the compare
// driver for external engines (node, deno, workerd take the same V8 flags in their own syntax). Pure: no
// engine is asked anything here.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/model/code_state.h"
#include "harness/model/expected.h"
#include "harness/model/suite.h"

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

  bool operator==(const EngineKnobs&) const = default;
};

// Every knob of the table, typed, as a variant or `run` gives them: the engine knobs (above) and the
// harness's own. Each is unset until given.
struct Knobs : EngineKnobs {
  bool young_given = false;      // --young-gen was given (it contradicts --semi-space; a worker is given it too)
  std::optional<int> main_cpu;   // the measuring thread pinned to this CPU (v8bench's own engine only)
  std::optional<TierMode> tier;  // the code measured, unless the run's default
  ParamOverrides params;         // --param NAME=VALUES, in the order given

  bool operator==(const Knobs&) const = default;
};

enum class Knob { kSemiSpace, kYoungGen, kFastTrig, kNoFastTrig, kParam, kTier, kMainCpu };

// Where `run --help` lists a knob: among the cases run, how they are timed, or how the engine is set up
// (the engine knobs are also `info`'s and `profile`'s options).
enum class KnobGroup { kCases, kTiming, kEngine };

// What a knob becomes for an engine other than v8bench's own (js/external_runner/ runs the suites there).
enum class KnobRoute {
  kV8Flags,       // V8 flags in the engine's syntax (the row's v8_flags; workers/external_engine checks them)
  kRunnerOption,  // the runner's option of the same word and value (it takes it as `run` does)
  kEmbeddedOnly,  // only v8bench's own engine has it: refused elsewhere
};

struct KnobSpec {
  Knob knob;
  const char* word;     // the option without "--", the same in a variant, for `run` and for the external runner
  const char* metavar;  // what its value looks like; "" for a switch
  const char* help;     // `run --help`'s sentence, with the default
  bool repeatable;
  KnobGroup group;
  KnobRoute route;
  // Records `value` (unread for a switch) in `k`: "" when it is good, else what to give instead (the
  // message is then `--WORD 'VALUE': ` and this; a switch's is whole).
  std::string (*parse)(Knobs& k, const std::string& value);
  // The values `k` gives this knob, each printed back as `--WORD VALUE` (a switch's as `--WORD`); none
  // when `k` does not give it. Parsing what is printed gives `k` again.
  std::vector<std::string> (*print)(const Knobs& k);
  // KnobRoute::kV8Flags: the V8 flags this knob stands for in `k` (also when not given: --young-gen's
  // default); nullptr for the other routes.
  std::vector<std::string> (*v8_flags)(const EngineKnobs& k);
};

// The knob table, in the order messages and help list the knobs; KnobTable()[i].knob is Knob(i).
std::span<const KnobSpec> KnobTable();
const KnobSpec& KnobSpecOf(Knob knob);
// The row whose word is `word` (without "--"), or nullptr.
const KnobSpec* FindKnob(std::string_view word);
// "--WORD" (for messages).
std::string KnobOptionName(Knob knob);

// Parses `value` (unread for a switch) as `spec`'s knob into `k`: a bad value, a knob given twice (a
// repeatable one aside) or knobs that contradict each other are an Error::Usage saying what to give (the
// caller says where).
Status ApplyKnob(Knobs& k, const KnobSpec& spec, const std::string& value);

// The words that give `k` to a `run`, in table order (only the rows routed as `route`, when given).
std::vector<std::string> KnobArgs(const Knobs& k, std::optional<KnobRoute> route = std::nullopt);

// "--semi-space MB, --young-gen full|grow, --fast-trig, ...": every knob with its metavar, for messages and help.
std::string KnobSynopsis();

// The V8 flags `knobs` stand for, in V8's syntax (the kV8Flags rows' v8_flags, in table order):
//   semi_space_mb = N  -> --min-semi-space-size=N --max-semi-space-size=N
//   otherwise kFull    -> --min-semi-space-size=kFullSemiSpaceMb (the default; kGrow: nothing)
//   kFast / kSlow      -> --use-libm-trig-functions / --no-use-libm-trig-functions
std::vector<std::string> KnobV8Flags(const EngineKnobs& knobs);

// The V8 flag `trig` stands for ("" for kEngineDefault).
std::string TrigV8Flag(TrigRequest trig);

// "--fast-trig", "--no-fast-trig" or "" (the knob as the user writes it, for messages).
const char* TrigKnobName(TrigRequest trig);

}  // namespace v8bench
