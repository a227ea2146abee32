// Which machine code ran a timed repetition. V8 compiles the same JS to code of very different speed
// depending on its history (interpreter or optimised, regular or on-stack-replaced, which feedback),
// so every figure carries the code state it was measured in.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace v8bench {

// V8's execution tiers: Ignition (interpreter), Sparkplug (baseline), the mid tier (Maglev) and
// TurboFan. The order is the order of optimisation.
enum class CodeTier { kIgnition, kSparkplug, kMidTier, kTurboFan };
const char* CodeTierName(CodeTier tier);  // "Ignition", "Sparkplug", "Maglev", "TurboFan"
const char* CodeTierKey(CodeTier tier);   // "ignition", "sparkplug", "maglev", "turbofan" (files)
std::optional<CodeTier> CodeTierFromKey(const std::string& key);

// How the harness brings a case's code to the state it measures (see js/bench_api/03_cases.js, settle()).
enum class TierMode {
  kOptimized,    // the bench and its batch loop compiled by the optimising compiler as regular functions
  kInterpreter,  // never optimised
  kAuto,         // V8's own heuristics (history-dependent; for comparison with plain scripts)
};
const char* TierModeName(TierMode mode);  // "optimized", "interpreter", "auto"
std::optional<TierMode> TierModeFromName(const std::string& name);

// The code of one repetition. Absent fields are figures the engine cannot give (never guessed).
struct CodeState {
  std::optional<CodeTier> batch;  // the case's batch loop, at the end of the repetition
  std::optional<CodeTier> bench;  // the bench function, at the end of the repetition
  // Functions V8 compiled to optimised code (TurboFan or Maglev) while the repetition was timed,
  // from V8's JIT code events: each is an optimisation or a re-optimisation after a deopt.
  std::optional<int> compiles;
  // The tiers at the end differ from those at the start, or compiles > 0: the repetition did not run
  // one piece of code throughout.
  bool changed = false;

  bool operator==(const CodeState&) const = default;
};

// True when `after` is not the code `before` described: a tier of the loop or the bench moved, or V8
// compiled optimised code in between (after.compiles counts the compiles since `before` was read).
bool CodeChangedBetween(const CodeState& before, const CodeState& after);

// "TurboFan/TurboFan" style label of the two tiers ("?" for unknown): batch loop / bench function.
std::string CodeStateLabel(const CodeState& state);
// Several states' labels joined by " + ", and back into their tiers (a name that is no tier reads as
// unknown): how the compare file writes the code a sample ran (driver::CaseCode).
std::string CodeStatesLabel(const std::vector<CodeState>& states);
std::vector<CodeState> CodeStatesFromLabel(std::string_view label);

}  // namespace v8bench
