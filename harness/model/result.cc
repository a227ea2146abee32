#include "harness/model/result.h"

#include <utility>

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

namespace {
constexpr std::pair<CaseStatus, const char*> kCaseStatusNames[] = {
    {CaseStatus::kOk, "ok"},
    {CaseStatus::kFailed, "failed"},
    {CaseStatus::kTimedOut, "timed_out"},
    {CaseStatus::kOutOfMemory, "out_of_memory"},
    {CaseStatus::kUnsupported, "unsupported"},
    {CaseStatus::kCrashed, "crashed"},
};
}  // namespace

const char* CaseStatusName(CaseStatus status) {
  for (const auto& [s, name] : kCaseStatusNames) {
    if (s == status) return name;
  }
  return "?";
}

std::optional<CaseStatus> CaseStatusFromName(std::string_view name) {
  for (const auto& [s, n] : kCaseStatusNames) {
    if (name == n) return s;
  }
  return std::nullopt;
}

}  // namespace v8bench
