// --filter over case names (model/suite.h CaseFilter): a regex matched anywhere, a parameter's value
// matched whole.
#include <gtest/gtest.h>

#include "harness/model/suite.h"

namespace v8bench {
namespace {

bool Selects(const std::string& filter, const std::string& name) {
  auto f = CaseFilter::Parse(filter);
  EXPECT_TRUE(f.ok()) << filter;
  return f.ok() && f->Matches(name);
}

TEST(CaseFilter, AValueIsMatchedWhole) {
  EXPECT_TRUE(Selects("size:100000", "json_reviver/arrow/size:100000"));
  EXPECT_FALSE(Selects("size:100000", "json_reviver/arrow/size:1000000"));
  EXPECT_TRUE(Selects("size:100000", "json_reviver/arrow/size:100000/depth:2"));
  EXPECT_FALSE(Selects("size:1", "suite/bench/size:10/depth:2"));
  // The regex keeps its power: a pattern that runs to the value's end selects both.
  EXPECT_TRUE(Selects("size:10+", "suite/bench/size:1000"));
  EXPECT_TRUE(Selects("size:1000\\d*", "suite/bench/size:1000000"));
  EXPECT_TRUE(Selects("json_reviver/.*size:1000000", "json_reviver/arrow/size:1000000"));
  // An alternative that ends inside the value is passed over for one that ends with it.
  EXPECT_TRUE(Selects("size:(1000|10000)", "suite/bench/size:10000"));
  // A later match may end where the value ends.
  EXPECT_TRUE(Selects("n:1", "suite/bench/n:16/min:1"));
}

TEST(CaseFilter, NamesAndKeysStillMatchInPart) {
  EXPECT_TRUE(Selects("json", "json_reviver/arrow/size:1000"));
  EXPECT_TRUE(Selects("json_reviver/arr", "json_reviver/arrow/size:1000"));
  EXPECT_TRUE(Selects("siz", "json_reviver/arrow/size:1000"));
  EXPECT_TRUE(Selects("", "json_reviver/arrow/size:1000"));
  EXPECT_FALSE(Selects("^arrow", "json_reviver/arrow/size:1000"));
}

TEST(CaseFilter, AMalformedRegexIsAUsageErrorNamingTheOption) {
  auto f = CaseFilter::Parse("(");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error().kind, Error::Kind::kUsage);
  EXPECT_NE(f.error().message.find("--filter"), std::string::npos);
}

}  // namespace
}  // namespace v8bench
