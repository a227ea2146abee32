// The small helper every reader of JSON v8bench or another program wrote uses (the worker protocol, a run
// JSON, the compare results file, an external runner's profile line), over simdjson's error codes, so no
// read can throw: a field that is missing, or of another JSON type, reads as empty. The declarative
// readers (files/json_fields.h) range-check what they read; this is for the fields read one by one.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace v8bench {

// The string `key` of `json` (an object, or an element that is one); empty when missing or not a string.
template <class Json>
std::string StringField(const Json& json, std::string_view key) {
  std::string_view v;
  return json[key].get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
}

// The string members of the object `key` of `json` as (name, value) pairs, in the file's order (a case's
// params); members that are not strings are skipped, and a missing `key` or one that is not an object reads
// as none.
template <class Json>
std::vector<std::pair<std::string, std::string>> StringMembers(const Json& json, std::string_view key) {
  std::vector<std::pair<std::string, std::string>> out;
  simdjson::dom::object members;
  if (json[key].get(members) != simdjson::SUCCESS) return out;
  for (auto field : members) {
    std::string_view v;
    if (field.value.get(v) == simdjson::SUCCESS) out.emplace_back(std::string(field.key), std::string(v));
  }
  return out;
}

}  // namespace v8bench
