#include "harness/model/case_fields.h"

#include <cmath>
#include <optional>
#include <type_traits>

#include "harness/model/code_state.h"

namespace v8bench {
namespace {

using simdjson::SUCCESS;

// The number `key` of `o` when it is one in [0, max] (whole when `whole`), else nothing.
std::optional<double> NumberIn(const simdjson::dom::object& o, const char* key, double max, bool whole) {
  double d = 0;
  if (o[key].get(d) != SUCCESS) {
    std::int64_t i = 0;
    if (o[key].get(i) != SUCCESS) return std::nullopt;
    d = static_cast<double>(i);
  }
  if (!(d >= 0 && d <= max) || (whole && d != std::floor(d))) return std::nullopt;
  return d;
}

}  // namespace

bool IsCaseFieldKey(std::string_view key) {
  for (const CaseField& f : kCaseFields) {
    if (key == f.key) return true;
  }
  return false;
}

void WriteCaseFields(JsonWriter& w, const CaseResult& r) {
  for (const CaseField& f : kCaseFields) {
    w.Key(f.key);
    std::visit(
        [&](auto member) {
          using T = std::remove_cvref_t<decltype(r.*member)>;
          const T& v = r.*member;
          if constexpr (std::is_same_v<T, std::string>) {
            w.String(v);
          } else if constexpr (std::is_same_v<T, bool>) {
            w.Bool(v);
          } else if constexpr (std::is_same_v<T, double>) {
            w.Number(v);
          } else if constexpr (std::is_same_v<T, TierMode>) {
            w.String(TierModeName(v));
          } else {
            w.Int(static_cast<long long>(v));
          }
        },
        f.member);
  }
}

void ReadCaseFields(const simdjson::dom::object& o, CaseResult& r) {
  for (const CaseField& f : kCaseFields) {
    std::visit(
        [&](auto member) {
          using T = std::remove_cvref_t<decltype(r.*member)>;
          T& v = r.*member;
          if constexpr (std::is_same_v<T, std::string>) {
            std::string_view s;
            if (o[f.key].get(s) == SUCCESS) v = std::string(s);
          } else if constexpr (std::is_same_v<T, bool>) {
            bool b = false;
            if (o[f.key].get(b) == SUCCESS) v = b;
          } else if constexpr (std::is_same_v<T, TierMode>) {
            std::string_view s;
            if (o[f.key].get(s) != SUCCESS) return;
            if (auto tier = TierModeFromName(std::string(s))) v = *tier;
          } else if (auto d = NumberIn(o, f.key, f.max, std::is_integral_v<T>)) {
            v = static_cast<T>(*d);
          }
        },
        f.member);
  }
}

}  // namespace v8bench
