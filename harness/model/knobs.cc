#include "harness/model/knobs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace v8bench {

std::string TrigV8Flag(TrigRequest trig) {
  switch (trig) {
    case TrigRequest::kFast:
      return std::string("--") + kLibmTrigFlag;
    case TrigRequest::kSlow:
      return std::string("--no-") + kLibmTrigFlag;
    case TrigRequest::kEngineDefault:
      break;
  }
  return "";
}

const char* YoungGenerationName(YoungGeneration young) { return young == YoungGeneration::kFull ? "full" : "grow"; }

namespace {

using Words = std::vector<std::string>;

// `text` as a whole number in [min, max], or nullopt.
std::optional<int> Whole(const std::string& text, long min, long max) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < min || n > max) return std::nullopt;
  return static_cast<int>(n);
}

Words Given(const std::optional<int>& n) { return n ? Words{std::to_string(*n)} : Words{}; }

// The trig switches: one path, asked for once (the same switch twice is no contradiction).
std::string AskTrig(Knobs& k, TrigRequest trig) {
  if (k.trig != TrigRequest::kEngineDefault && k.trig != trig) {
    return fmt::format("{} and {} contradict each other; give one", KnobOptionName(Knob::kFastTrig),
                       KnobOptionName(Knob::kNoFastTrig));
  }
  k.trig = trig;
  return "";
}

Words TrigFlags(const EngineKnobs& k, TrigRequest trig) { return k.trig == trig ? Words{TrigV8Flag(trig)} : Words{}; }

constexpr KnobSpec kKnobs[] = {
    {Knob::kSemiSpace, "semi-space", "MB",
     "Pins V8's young-generation semi-space to MB megabytes. Default: not pinned.", false, KnobGroup::kEngine,
     KnobRoute::kV8Flags,
     [](Knobs& k, const std::string& v) -> std::string {
       return (k.semi_space_mb = Whole(v, 1, 1024)) ? "" : "give megabytes, 1 to 1024";
     },
     [](const Knobs& k) { return Given(k.semi_space_mb); },
     [](const EngineKnobs& k) {
       if (!k.semi_space_mb) return Words{};
       const auto mb = std::to_string(*k.semi_space_mb);
       return Words{"--min-semi-space-size=" + mb, "--max-semi-space-size=" + mb};
     }},
    {Knob::kYoungGen, "young-gen", "full|grow",
     "Where the young generation starts: at its maximum, as in a long-running process, or V8's own growth from "
     "small. Default: full.",
     false, KnobGroup::kEngine, KnobRoute::kV8Flags,
     [](Knobs& k, const std::string& v) -> std::string {
       k.young = v == "grow" ? YoungGeneration::kGrow : YoungGeneration::kFull;
       k.young_given = true;
       return v == "full" || v == "grow" ? "" : "choose full (the default) or grow";
     },
     [](const Knobs& k) { return k.young_given ? Words{YoungGenerationName(k.young)} : Words{}; },
     [](const EngineKnobs& k) {  // the default too; a pinned semi-space has its own flags
       const bool full = !k.semi_space_mb && k.young == YoungGeneration::kFull;
       return full ? Words{"--min-semi-space-size=" + std::to_string(kFullSemiSpaceMb)} : Words{};
     }},
    {Knob::kFastTrig, "fast-trig", "",
     "Asks for the libm Math.sin/cos path (only V8 builds with v8_use_libm_trig_functions).", false, KnobGroup::kEngine,
     KnobRoute::kV8Flags, [](Knobs& k, const std::string&) { return AskTrig(k, TrigRequest::kFast); },
     [](const Knobs& k) { return k.trig == TrigRequest::kFast ? Words{""} : Words{}; },
     [](const EngineKnobs& k) { return TrigFlags(k, TrigRequest::kFast); }},
    {Knob::kNoFastTrig, "no-fast-trig", "",
     "Asks for V8's fdlibm Math.sin/cos path (every V8's default up to at least 14.6).", false, KnobGroup::kEngine,
     KnobRoute::kV8Flags, [](Knobs& k, const std::string&) { return AskTrig(k, TrigRequest::kSlow); },
     [](const Knobs& k) { return k.trig == TrigRequest::kSlow ? Words{""} : Words{}; },
     [](const EngineKnobs& k) { return TrigFlags(k, TrigRequest::kSlow); }},
    {Knob::kParam, "param", "NAME=V[,V...]",
     "Replaces parameter NAME's values in every grid; repeatable. Default: the suites' grids.", true, KnobGroup::kCases,
     KnobRoute::kRunnerOption,
     [](Knobs& k, const std::string& v) -> std::string {
       auto parsed = ParseParamOverrides({v});
       if (!parsed) return kParamSyntax;
       k.params.push_back(std::move(parsed->front()));
       return "";
     },
     [](const Knobs& k) {
       Words texts;
       for (const auto& [name, values] : k.params) texts.push_back(fmt::format("{}={}", name, fmt::join(values, ",")));
       return texts;
     },
     nullptr},
    {Knob::kTier, "tier", "optimized|interpreter|auto",
     "Which code is measured: optimized (TurboFan, after 4 feedback calls), interpreter (Ignition, then Sparkplug "
     "when hot; `-- --no-sparkplug` for Ignition alone) or auto (V8's heuristics). Default: optimized.",
     false, KnobGroup::kTiming, KnobRoute::kRunnerOption,
     [](Knobs& k, const std::string& v) -> std::string {
       return (k.tier = TierModeFromName(v)) ? "" : "choose optimized (the default), interpreter or auto";
     },
     [](const Knobs& k) { return k.tier ? Words{TierModeName(*k.tier)} : Words{}; }, nullptr},
    // Whether this machine has that CPU is checked when workers are about to run (workers::PrepareWorkerEngine)
    // or the run starts, not here: a saved comparison is read on other machines too.
    {Knob::kMainCpu, "main-cpu", "N",
     "Pins the thread that runs the JS to CPU N once V8's threads run (they keep every CPU). Default: not pinned.",
     false, KnobGroup::kTiming, KnobRoute::kEmbeddedOnly,
     [](Knobs& k, const std::string& v) -> std::string {
       return (k.main_cpu = Whole(v, 0, 4095)) ? "" : "give a CPU number (0 is the first)";
     },
     [](const Knobs& k) { return Given(k.main_cpu); }, nullptr},
};

constexpr bool RowsInKnobOrder() {
  for (std::size_t i = 0; i < std::size(kKnobs); ++i) {
    if (static_cast<std::size_t>(kKnobs[i].knob) != i) return false;
    if ((kKnobs[i].route == KnobRoute::kV8Flags) != (kKnobs[i].v8_flags != nullptr)) return false;
  }
  return true;
}
static_assert(RowsInKnobOrder(), "kKnobs[i] declares Knob(i), and a row has v8_flags exactly when routed to V8");

}  // namespace

std::span<const KnobSpec> KnobTable() { return kKnobs; }

const KnobSpec& KnobSpecOf(Knob knob) { return kKnobs[static_cast<std::size_t>(knob)]; }

const KnobSpec* FindKnob(std::string_view word) {
  const auto* found =
      std::find_if(std::begin(kKnobs), std::end(kKnobs), [&](const KnobSpec& s) { return s.word == word; });
  return found == std::end(kKnobs) ? nullptr : found;
}

std::string KnobOptionName(Knob knob) { return std::string("--") + KnobSpecOf(knob).word; }

const char* TrigKnobName(TrigRequest trig) {
  static const std::string fast = KnobOptionName(Knob::kFastTrig), slow = KnobOptionName(Knob::kNoFastTrig);
  switch (trig) {
    case TrigRequest::kFast:
      return fast.c_str();
    case TrigRequest::kSlow:
      return slow.c_str();
    case TrigRequest::kEngineDefault:
      break;
  }
  return "";
}

Status ApplyKnob(Knobs& k, const KnobSpec& spec, const std::string& value) {
  const bool switch_knob = spec.metavar[0] == '\0';
  if (!switch_knob && !spec.repeatable) {
    if (const Words had = spec.print(k); !had.empty()) {
      return Error::Usage(fmt::format("--{} given twice ('{}' and '{}'); give it once", spec.word, had.back(), value));
    }
  }
  if (const std::string problem = spec.parse(k, value); !problem.empty()) {
    return Error::Usage(switch_knob ? problem : fmt::format("--{} '{}': {}", spec.word, value, problem));
  }
  if (k.semi_space_mb && k.young_given) {
    const std::string semi = KnobOptionName(Knob::kSemiSpace);
    return Error::Usage(fmt::format("{} and {} contradict each other: {} pins the young generation's size; give one",
                                    KnobOptionName(Knob::kYoungGen), semi, semi));
  }
  return OkStatus();
}

std::vector<std::string> KnobArgs(const Knobs& k, std::optional<KnobRoute> route) {
  Words words;
  for (const KnobSpec& spec : kKnobs) {
    if (route && spec.route != *route) continue;
    for (const std::string& value : spec.print(k)) {
      words.push_back(std::string("--") + spec.word);
      if (spec.metavar[0] != '\0') words.push_back(value);
    }
  }
  return words;
}

std::string KnobSynopsis() {
  std::string text;
  for (const KnobSpec& spec : kKnobs) {
    text += fmt::format("{}--{}{}{}", text.empty() ? "" : ", ", spec.word, spec.metavar[0] ? " " : "", spec.metavar);
  }
  return text;
}

std::vector<std::string> KnobV8Flags(const EngineKnobs& knobs) {
  Words flags;
  for (const KnobSpec& spec : kKnobs) {
    if (spec.v8_flags == nullptr) continue;
    const Words mine = spec.v8_flags(knobs);
    flags.insert(flags.end(), mine.begin(), mine.end());
  }
  return flags;
}

}  // namespace v8bench
