#include "harness/report/json_writer.h"

#include <gtest/gtest.h>

#include <simdjson.h>
#include <cmath>
#include <limits>

namespace v8bench {
namespace {

TEST(JsonWriter, EscapesNamesThatWouldBreakJson) {
  const std::string nasty = "we\"ird\\name\n\ttab\x01";
  JsonWriter w;
  w.BeginObject().Key(nasty).String(nasty).Key("n").Number(0.1).Key("i").Int(-3).Key("b").Bool(true);
  w.Key("z").Null().Key("a").BeginArray().Number(1).Number(2).EndArray().EndObject();
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(w.str()).get(doc), simdjson::SUCCESS) << w.str();
  EXPECT_EQ(std::string(doc[nasty].get_string().value()), nasty);
  EXPECT_DOUBLE_EQ(doc["n"].get_double().value(), 0.1);
  EXPECT_EQ(doc["i"].get_int64().value(), -3);
  EXPECT_TRUE(doc["b"].get_bool().value());
  EXPECT_TRUE(doc["z"].is_null());
  EXPECT_EQ(doc["a"].get_array().size(), 2u);
}

TEST(JsonWriter, NonFiniteNumbersBecomeNull) {
  JsonWriter w;
  w.BeginArray().Number(std::numeric_limits<double>::infinity()).Number(std::nan("")).EndArray();
  EXPECT_EQ(w.str(), "[null,null]");
}

}  // namespace
}  // namespace v8bench
