#include "harness/model/json_writer.h"

#include "harness/model/json_string.h"

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

TEST(JsonQuote, EscapesQuotesBackslashesAndEveryControlCharacter) {
  EXPECT_EQ(JsonQuote(""), R"("")");
  EXPECT_EQ(JsonQuote(R"(say "hi" \ now)"), R"("say \"hi\" \\ now")");
  EXPECT_EQ(JsonQuote("a\nb\rc\td"), R"("a\nb\rc\td")");
  EXPECT_EQ(JsonQuote(std::string("\0\x01\x1f", 3)), R"("\u0000\u0001\u001f")");
  EXPECT_EQ(JsonQuote("\x7f"), "\"\x7f\"");  // DEL is not a control character to JSON
  // Every byte below 0x20 round-trips through a JSON parser.
  std::string controls;
  for (int c = 0; c < 0x20; ++c) controls.push_back(static_cast<char>(c));
  simdjson::dom::parser parser;
  std::string_view back;
  ASSERT_EQ(parser.parse(JsonQuote(controls)).get(back), simdjson::SUCCESS);
  EXPECT_EQ(back, controls);
}

TEST(JsonQuote, PassesUtf8AndReplacesWhatIsNotUtf8) {
  EXPECT_EQ(JsonQuote("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  // Not UTF-8: each byte that starts no character becomes U+FFFD, so a strict parser reads the line.
  EXPECT_EQ(JsonQuote("\xff\xfe\xc3"), "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
  // A lone surrogate as V8's Utf8Value writes it (ED A0 80), an overlong '/', a truncated euro sign.
  const std::string hostile =
      "a\xed\xa0\x80"
      "b\xc0\xaf"
      "c\xe2\x82";
  simdjson::dom::parser parser;
  std::string_view back;
  ASSERT_EQ(parser.parse(JsonQuote(hostile)).get(back), simdjson::SUCCESS);
  const std::string r = "\xef\xbf\xbd";  // U+FFFD in UTF-8
  EXPECT_EQ(back, "a" + r + r + r + "b" + r + r + "c" + r + r);
}

TEST(PrintableText, ShowsControlCharactersAndKeepsUtf8) {
  EXPECT_EQ(PrintableText("line\n\tcaf\xc3\xa9"), "line\n\tcaf\xc3\xa9");
  EXPECT_EQ(PrintableText("bell\x07 clear\x1b[2J del\x7f"), "bell\\x07 clear\\x1b[2J del\\x7f");
  EXPECT_EQ(PrintableText("a\xed\xa0\x80"), "a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
}

TEST(JsonWriter, NonFiniteNumbersBecomeNull) {
  JsonWriter w;
  w.BeginArray().Number(std::numeric_limits<double>::infinity()).Number(std::nan("")).EndArray();
  EXPECT_EQ(w.str(), "[null,null]");
}

}  // namespace
}  // namespace v8bench
