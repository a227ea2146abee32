// A case's own fields (beside its identity, status and samples) as a run JSON's benchmark entries and the
// worker protocol's case lines spell them, declared once: report/json_reporter writes them from this
// table, workers/worker_protocol and files/run_json_reader read them through it, and measure/metrics'
// IsRunEntryField knows their keys from it. A new field is one row here (plus its member in CaseResult).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "harness/model/json_writer.h"
#include "harness/model/result.h"

namespace v8bench {

struct CaseField {
  const char* key;
  std::variant<std::string CaseResult::*, bool CaseResult::*, double CaseResult::*, int CaseResult::*,
               std::uint64_t CaseResult::*, TierMode CaseResult::*>
      member;
  // A number read must lie in [0, max] (a count's is also whole); one outside keeps the member's default,
  // so a hostile file's -5 or 1e300 never becomes an out-of-range cast.
  double max = 1e18;
};

inline constexpr CaseField kCaseFields[] = {
    {"file", &CaseResult::file},
    {"young_generation_bytes", &CaseResult::young_generation_bytes},
    {"trig_path", &CaseResult::trig_path},
    {"tier", &CaseResult::tier},
    {"warmup_s", &CaseResult::warmup_s},
    {"warmup_capped", &CaseResult::warmup_capped},
    {"reruns", &CaseResult::reruns, 1e6},
    {"repetition_s", &CaseResult::repetition_s},
    {"long_calls", &CaseResult::long_calls},
    {"loop_unoptimised", &CaseResult::loop_unoptimised},
};

// True for a key of kCaseFields.
bool IsCaseFieldKey(std::string_view key);
// Every field of kCaseFields, in table order.
void WriteCaseFields(JsonWriter& w, const CaseResult& r);
// Every field of kCaseFields that `o` holds with the right type and in range; the others keep r's values.
void ReadCaseFields(const simdjson::dom::object& o, CaseResult& r);

}  // namespace v8bench
