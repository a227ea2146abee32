// Declared JSON (de)serialisation, for the files v8bench writes and reads back (the comparison's
// results file): a struct's fields are listed once, in JsonFields<T>::kFields, each with its key, its
// member and, for a number, the range a file's value must lie in. WriteFields and ReadFields are
// generated from that one list, so the writer and the reader cannot disagree, and a field's default is
// its member initializer alone: a field absent from a file (or null) keeps it.
//
// Reading uses simdjson's error codes only: whatever a file holds, the result is the value or one
// Error::Input that names the file and the field ("results file 'a.json': samples[3].block is not a
// whole number from 0 to 1073741824").
#pragma once

#include <fmt/format.h>
#include <simdjson.h>

#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "harness/model/expected.h"
#include "harness/model/json_writer.h"

namespace v8bench::files {

// Specialised once per struct, beside the code that reads and writes its file:
//   template <> struct JsonFields<S> { static constexpr auto kFields = std::tuple{Field("key", &S::member), ...}; };
template <class T>
struct JsonFields;

template <class T>
concept Declared = requires {
  JsonFields<T>::kFields;
};

// The range a number in a file must lie in (a count's is also whole).
struct Range {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
};

// Where a read is, and the first thing wrong with what it read.
class JsonIn {
 public:
  explicit JsonIn(std::string file) : file_(std::move(file)) {}
  bool ok() const { return !error_; }
  const std::optional<Error>& error() const { return error_; }
  // "results file 'a.json': samples[3].block": the file and the field being read.
  std::string Here() const { return path_.empty() ? file_ : file_ + ": " + path_; }
  void Fail(std::string_view problem) {
    if (!error_) error_ = Error::Input(fmt::format("{} {}", Here(), problem));
  }
  void Fail(Error error) {
    if (!error_) error_ = Error::Input(std::move(error.message));
  }

  // The field (a key or an array index) being read while it lives.
  class Scope {
   public:
    Scope(JsonIn& in, std::string_view key) : in_(in), size_(in.path_.size()) {
      if (!in.path_.empty()) in.path_ += '.';
      in.path_ += key;
    }
    Scope(JsonIn& in, std::size_t index) : in_(in), size_(in.path_.size()) { in.path_ += fmt::format("[{}]", index); }
    ~Scope() { in_.path_.resize(size_); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    JsonIn& in_;
    std::size_t size_;
  };

 private:
  std::string file_;
  std::string path_;
  std::optional<Error> error_;
};

// A member stored under `key`. `required`: a file without it is refused.
template <class T, class M>
struct Field {
  const char* key;
  M T::*member;
  Range range{};
  bool required = false;
};
template <class T, class M>
Field(const char*, M T::*) -> Field<T, M>;
template <class T, class M>
Field(const char*, M T::*, Range) -> Field<T, M>;
template <class T, class M>
Field(const char*, M T::*, Range, bool) -> Field<T, M>;

// A member of a member (VariantState::variant, Variant::name) stored under `key`.
template <class T, class S, class M>
struct SubField {
  const char* key;
  S T::*outer;
  M S::*member;
};
template <class T, class S, class M>
SubField(const char*, S T::*, M S::*) -> SubField<T, S, M>;

// A value under `key` that is not one member: its own write and read. Without a read it is written for
// readers of the file only (derived from other fields, and derived again on reading).
template <class T>
struct Custom {
  const char* key;
  void (*write)(JsonWriter&, const T&);
  void (*read)(const simdjson::dom::element&, T&, JsonIn&) = nullptr;
  bool required = false;
};

// Members of T kept in one nested object under `key`; with `when`, written only when it holds.
template <class T, class Fields>
struct Group {
  const char* key;
  Fields fields;
  bool (*when)(const T&) = nullptr;
};

// Keys that a table of their own declares (CompareSettings: driver/settings.h SettingSpecs), written
// and read by its functions, in place.
template <class T>
struct Inline {
  void (*write)(JsonWriter&, const T&);
  void (*read)(const simdjson::dom::object&, T&, JsonIn&);
};

// --- writing ---

inline void WriteValue(JsonWriter& w, const std::string& v) { w.String(v); }
inline void WriteValue(JsonWriter& w, bool v) { w.Bool(v); }
inline void WriteValue(JsonWriter& w, double v) { w.Number(v); }
template <std::integral I>
requires(!std::same_as<I, bool>) void WriteValue(JsonWriter& w, I v) { w.Int(static_cast<long long>(v)); }
template <class X>
void WriteValue(JsonWriter& w, const std::optional<X>& v);
template <class X>
void WriteValue(JsonWriter& w, const std::vector<X>& v);
template <class X>
void WriteValue(JsonWriter& w, const std::map<std::string, X>& v);
template <Declared T>
void WriteValue(JsonWriter& w, const T& v);

template <class T, class Fields>
void WriteFieldList(JsonWriter& w, const T& v, const Fields& fields);

template <class T, class M>
void WriteField(JsonWriter& w, const T& v, const Field<T, M>& f) {
  w.Key(f.key);
  WriteValue(w, v.*f.member);
}
template <class T, class S, class M>
void WriteField(JsonWriter& w, const T& v, const SubField<T, S, M>& f) {
  w.Key(f.key);
  WriteValue(w, (v.*f.outer).*f.member);
}
template <class T>
void WriteField(JsonWriter& w, const T& v, const Custom<T>& f) {
  w.Key(f.key);
  f.write(w, v);
}
template <class T, class Fields>
void WriteField(JsonWriter& w, const T& v, const Group<T, Fields>& g) {
  if (g.when != nullptr && !g.when(v)) return;
  w.Key(g.key).BeginObject();
  WriteFieldList(w, v, g.fields);
  w.EndObject();
}
template <class T>
void WriteField(JsonWriter& w, const T& v, const Inline<T>& f) {
  f.write(w, v);
}

template <class T, class Fields>
void WriteFieldList(JsonWriter& w, const T& v, const Fields& fields) {
  std::apply([&](const auto&... f) { (WriteField(w, v, f), ...); }, fields);
}

// The declared fields of `v`, into the object being written.
template <Declared T>
void WriteFields(JsonWriter& w, const T& v) {
  WriteFieldList(w, v, JsonFields<T>::kFields);
}

template <class X>
void WriteValue(JsonWriter& w, const std::optional<X>& v) {
  if (v) {
    WriteValue(w, *v);
  } else {
    w.Null();
  }
}
template <class X>
void WriteValue(JsonWriter& w, const std::vector<X>& v) {
  w.BeginArray();
  for (const auto& x : v) WriteValue(w, x);
  w.EndArray();
}
template <class X>
void WriteValue(JsonWriter& w, const std::map<std::string, X>& v) {
  w.BeginObject();
  for (const auto& [key, x] : v) {
    w.Key(key);
    WriteValue(w, x);
  }
  w.EndObject();
}
template <Declared T>
void WriteValue(JsonWriter& w, const T& v) {
  w.BeginObject();
  WriteFields(w, v);
  w.EndObject();
}

// --- reading ---

inline void ReadValue(const simdjson::dom::element& e, std::string& v, JsonIn& in, Range) {
  std::string_view text;
  if (e.get(text) != simdjson::SUCCESS) return in.Fail("is not a string");
  v = text;
}
inline void ReadValue(const simdjson::dom::element& e, bool& v, JsonIn& in, Range) {
  if (e.get(v) != simdjson::SUCCESS) in.Fail("is not true or false");
}
inline void ReadValue(const simdjson::dom::element& e, double& v, JsonIn& in, Range r) {
  double x = 0;
  if (e.get(x) != simdjson::SUCCESS || !(x >= r.min && x <= r.max)) {
    if (std::isinf(r.min) && std::isinf(r.max)) return in.Fail("is not a number");
    return in.Fail(fmt::format("is not a number from {} to {}", r.min, r.max));
  }
  v = x;
}
template <std::integral I>
requires(!std::same_as<I, bool>) void ReadValue(const simdjson::dom::element& e, I& v, JsonIn& in, Range r) {
  const double min = std::max(r.min, static_cast<double>(std::numeric_limits<I>::min()));
  const double max = std::min(r.max, static_cast<double>(std::numeric_limits<I>::max()));
  double x = 0;
  if (e.get(x) != simdjson::SUCCESS || !(x >= min && x <= max) || std::floor(x) != x) {
    return in.Fail(fmt::format("is not a whole number from {} to {}", min, max));
  }
  v = static_cast<I>(x);  // whole and in range: exact below 2^53, which every range here is
}
template <class X>
void ReadValue(const simdjson::dom::element& e, std::optional<X>& v, JsonIn& in, Range r);
template <class X>
void ReadValue(const simdjson::dom::element& e, std::vector<X>& v, JsonIn& in, Range r);
template <class X>
void ReadValue(const simdjson::dom::element& e, std::map<std::string, X>& v, JsonIn& in, Range r);
template <Declared T>
void ReadValue(const simdjson::dom::element& e, T& v, JsonIn& in, Range);

template <class T, class Fields>
void ReadFieldList(const simdjson::dom::object& o, T& v, JsonIn& in, const Fields& fields);

// The value under `key`, or nullopt (absent or null).
inline std::optional<simdjson::dom::element> Lookup(const simdjson::dom::object& o, const char* key) {
  simdjson::dom::element e;
  if (o[key].get(e) != simdjson::SUCCESS || e.is_null()) return std::nullopt;
  return e;
}

template <class T, class M>
void ReadField(const simdjson::dom::object& o, T& v, JsonIn& in, const Field<T, M>& f) {
  const auto e = Lookup(o, f.key);
  if (!e) {
    if (f.required) in.Fail(fmt::format("has no \"{}\"", f.key));
    return;
  }
  JsonIn::Scope at(in, f.key);
  ReadValue(*e, v.*f.member, in, f.range);
}
template <class T, class S, class M>
void ReadField(const simdjson::dom::object& o, T& v, JsonIn& in, const SubField<T, S, M>& f) {
  const auto e = Lookup(o, f.key);
  if (!e) return;
  JsonIn::Scope at(in, f.key);
  ReadValue(*e, (v.*f.outer).*f.member, in, Range{});
}
template <class T>
void ReadField(const simdjson::dom::object& o, T& v, JsonIn& in, const Custom<T>& f) {
  if (f.read == nullptr) return;
  const auto e = Lookup(o, f.key);
  if (!e) {
    if (f.required) in.Fail(fmt::format("has no \"{}\"", f.key));
    return;
  }
  JsonIn::Scope at(in, f.key);
  f.read(*e, v, in);
}
template <class T, class Fields>
void ReadField(const simdjson::dom::object& o, T& v, JsonIn& in, const Group<T, Fields>& g) {
  const auto e = Lookup(o, g.key);
  if (!e) return;
  JsonIn::Scope at(in, g.key);
  simdjson::dom::object inner;
  if (e->get(inner) != simdjson::SUCCESS) return in.Fail("is not an object");
  ReadFieldList(inner, v, in, g.fields);
}
template <class T>
void ReadField(const simdjson::dom::object& o, T& v, JsonIn& in, const Inline<T>& f) {
  f.read(o, v, in);
}

template <class T, class Fields>
void ReadFieldList(const simdjson::dom::object& o, T& v, JsonIn& in, const Fields& fields) {
  std::apply([&](const auto&... f) { ((in.ok() ? ReadField(o, v, in, f) : void()), ...); }, fields);
}

// The declared fields of `v` from object `o`, in declaration order; stops at the first error.
template <Declared T>
void ReadFields(const simdjson::dom::object& o, T& v, JsonIn& in) {
  ReadFieldList(o, v, in, JsonFields<T>::kFields);
}

template <class X>
void ReadValue(const simdjson::dom::element& e, std::optional<X>& v, JsonIn& in, Range r) {
  X x{};
  ReadValue(e, x, in, r);
  if (in.ok()) v = std::move(x);
}
template <class X>
void ReadValue(const simdjson::dom::element& e, std::vector<X>& v, JsonIn& in, Range r) {
  simdjson::dom::array xs;
  if (e.get(xs) != simdjson::SUCCESS) return in.Fail("is not an array");
  v.clear();
  std::size_t i = 0;
  for (simdjson::dom::element x : xs) {
    JsonIn::Scope at(in, i++);
    ReadValue(x, v.emplace_back(), in, r);
    if (!in.ok()) return;
  }
}
template <class X>
void ReadValue(const simdjson::dom::element& e, std::map<std::string, X>& v, JsonIn& in, Range r) {
  simdjson::dom::object o;
  if (e.get(o) != simdjson::SUCCESS) return in.Fail("is not an object");
  v.clear();
  for (auto field : o) {
    JsonIn::Scope at(in, field.key);
    ReadValue(field.value, v[std::string(field.key)], in, r);
    if (!in.ok()) return;
  }
}
template <Declared T>
void ReadValue(const simdjson::dom::element& e, T& v, JsonIn& in, Range) {
  simdjson::dom::object o;
  if (e.get(o) != simdjson::SUCCESS) return in.Fail("is not an object");
  ReadFields(o, v, in);
}

}  // namespace v8bench::files
