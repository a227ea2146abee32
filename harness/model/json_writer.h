// A small JSON writer: escapes every string (model/json_string.h: names and messages may hold quotes,
// backslashes, control characters) and writes numbers so that they parse back exactly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace v8bench {

class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  JsonWriter& Number(double value);  // NaN and infinities become null
  JsonWriter& Int(long long value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();

  const std::string& str() const { return out_; }

 private:
  void BeforeValue();
  std::string out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace v8bench
