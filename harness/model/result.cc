#include "harness/model/result.h"

namespace v8bench {

const char* UnitName(Unit unit) {
  switch (unit) {
    case Unit::kNanoseconds:
      return "ns";
    case Unit::kBytes:
      return "B";
    case Unit::kCount:
      return "count";
    case Unit::kRatio:
      return "ratio";
  }
  return "?";
}

std::optional<double> Sample::Get(const std::string& name) const {
  for (const auto& c : counters) {
    if (c.name == name) return c.value;
  }
  return std::nullopt;
}

const char* CaseStatusName(CaseStatus status) {
  switch (status) {
    case CaseStatus::kOk:
      return "ok";
    case CaseStatus::kFailed:
      return "failed";
    case CaseStatus::kTimedOut:
      return "timed_out";
    case CaseStatus::kOutOfMemory:
      return "out_of_memory";
    case CaseStatus::kUnsupported:
      return "unsupported";
    case CaseStatus::kCrashed:
      return "crashed";
  }
  return "?";
}

}  // namespace v8bench
