#include "harness/model/knobs.h"

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

const char* TrigKnobName(TrigRequest trig) {
  switch (trig) {
    case TrigRequest::kFast:
      return "--fast-trig";
    case TrigRequest::kSlow:
      return "--no-fast-trig";
    case TrigRequest::kEngineDefault:
      break;
  }
  return "";
}

const char* YoungGenerationName(YoungGeneration young) { return young == YoungGeneration::kFull ? "full" : "grow"; }

std::vector<std::string> KnobV8Flags(const EngineKnobs& knobs) {
  std::vector<std::string> flags;
  if (knobs.semi_space_mb) {
    const auto mb = std::to_string(*knobs.semi_space_mb);
    flags.push_back("--min-semi-space-size=" + mb);
    flags.push_back("--max-semi-space-size=" + mb);
  } else if (knobs.young == YoungGeneration::kFull) {
    flags.push_back("--min-semi-space-size=" + std::to_string(kFullSemiSpaceMb));
  }
  if (knobs.trig != TrigRequest::kEngineDefault) flags.push_back(TrigV8Flag(knobs.trig));
  return flags;
}

}  // namespace v8bench
