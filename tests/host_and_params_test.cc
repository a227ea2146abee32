// ParseParamOverrides (model/suite.h): the --param texts as grid overrides; PathForResults
// (runner/run_context.h): the executable path a results file records.
#include <gtest/gtest.h>

#include <filesystem>

#include "harness/model/suite.h"
#include "harness/runner/run_context.h"

namespace v8bench {
namespace {

TEST(ParamOverrides, SplitsNamesAndCommaSeparatedValuesInOrder) {
  auto parsed = ParseParamOverrides({"size=1000,2000", "shape=api"});
  ASSERT_TRUE(parsed) << parsed.error().message;
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0].first, "size");
  EXPECT_EQ((*parsed)[0].second, (std::vector<std::string>{"1000", "2000"}));
  EXPECT_EQ((*parsed)[1].first, "shape");
  EXPECT_EQ((*parsed)[1].second, (std::vector<std::string>{"api"}));
}

TEST(ParamOverrides, MalformedTextIsAUsageErrorThatShowsTheForm) {
  for (const char* bad : {"size", "=1000", "size="}) {
    auto parsed = ParseParamOverrides({bad});
    ASSERT_FALSE(parsed) << bad;
    EXPECT_EQ(parsed.error().exit_code(), 2);
    EXPECT_NE(parsed.error().message.find("NAME=VALUE"), std::string::npos) << parsed.error().message;
  }
}

TEST(PathForResults, InsideTheCurrentDirectoryIsRelativeElsewhereUnchanged) {
  const std::filesystem::path cwd = std::filesystem::current_path();
  EXPECT_EQ(PathForResults((cwd / "build" / "v8bench").string()), "build/v8bench");
  EXPECT_EQ(PathForResults("/nonexistent-root-dir/v8bench"), "/nonexistent-root-dir/v8bench");
  EXPECT_EQ(PathForResults("build/v8bench"), "build/v8bench");
}

TEST(HostFacts, NowIsIso8601WithAnOffset) {
  const std::string now = NowText();
  ASSERT_EQ(now.size(), 24u) << now;  // 2026-11-30T08:00:00+0100
  EXPECT_EQ(now[4], '-');
  EXPECT_EQ(now[10], 'T');
  EXPECT_TRUE(now[19] == '+' || now[19] == '-') << now;
}

}  // namespace
}  // namespace v8bench
