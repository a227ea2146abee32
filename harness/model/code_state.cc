#include "harness/model/code_state.h"

namespace v8bench {

const char* CodeTierName(CodeTier tier) {
  switch (tier) {
    case CodeTier::kIgnition:
      return "Ignition";
    case CodeTier::kSparkplug:
      return "Sparkplug";
    case CodeTier::kMidTier:
      return "Maglev";
    case CodeTier::kTurboFan:
      return "TurboFan";
  }
  return "?";
}

const char* CodeTierKey(CodeTier tier) {
  switch (tier) {
    case CodeTier::kIgnition:
      return "ignition";
    case CodeTier::kSparkplug:
      return "sparkplug";
    case CodeTier::kMidTier:
      return "maglev";
    case CodeTier::kTurboFan:
      return "turbofan";
  }
  return "?";
}

std::optional<CodeTier> CodeTierFromKey(const std::string& key) {
  for (CodeTier t : {CodeTier::kIgnition, CodeTier::kSparkplug, CodeTier::kMidTier, CodeTier::kTurboFan}) {
    if (key == CodeTierKey(t)) return t;
  }
  return std::nullopt;
}

const char* TierModeName(TierMode mode) {
  switch (mode) {
    case TierMode::kOptimized:
      return "optimized";
    case TierMode::kInterpreter:
      return "interpreter";
    case TierMode::kAuto:
      return "auto";
  }
  return "?";
}

std::optional<TierMode> TierModeFromName(const std::string& name) {
  for (TierMode m : {TierMode::kOptimized, TierMode::kInterpreter, TierMode::kAuto}) {
    if (name == TierModeName(m)) return m;
  }
  return std::nullopt;
}

bool CodeChangedBetween(const CodeState& before, const CodeState& after) {
  return (after.compiles && *after.compiles > 0) || after.batch != before.batch || after.bench != before.bench;
}

std::string CodeStateLabel(const CodeState& state) {
  auto name = [](const std::optional<CodeTier>& t) { return t ? std::string(CodeTierName(*t)) : std::string("?"); };
  return name(state.batch) + "/" + name(state.bench);
}

std::string CodeStatesLabel(const std::vector<CodeState>& states) {
  std::string label;
  for (const CodeState& s : states) label += (label.empty() ? "" : " + ") + CodeStateLabel(s);
  return label;
}

std::vector<CodeState> CodeStatesFromLabel(std::string_view label) {
  auto tier = [](std::string_view name) -> std::optional<CodeTier> {
    for (CodeTier t : {CodeTier::kIgnition, CodeTier::kSparkplug, CodeTier::kMidTier, CodeTier::kTurboFan}) {
      if (name == CodeTierName(t)) return t;
    }
    return std::nullopt;
  };
  std::vector<CodeState> states;
  while (!label.empty()) {
    const std::size_t plus = label.find(" + ");
    const std::string_view one = label.substr(0, plus);
    const std::size_t slash = one.find('/');
    CodeState s;
    s.batch = tier(one.substr(0, slash));
    if (slash != std::string_view::npos) s.bench = tier(one.substr(slash + 1));
    states.push_back(s);
    label = plus == std::string_view::npos ? std::string_view() : label.substr(plus + 3);
  }
  return states;
}

}  // namespace v8bench
