// The pieces the commands hand their output to (issue 11: cli/ parses options, the layers below do the
// work): a run's format from --format or the file name, the default profile path, diff's pairing of
// two files' cases, the metric check, compare's "nothing measured" message and list's text.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/model/units.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/report/compare_output.h"
#include "harness/report/diff_cases.h"
#include "harness/report/reporters.h"
#include "harness/report/suite_listing.h"

namespace v8bench {
namespace {

using ::testing::HasSubstr;

// Three significant digits in the unit that keeps them below 1000: never "1e+03 ns" or "1.02e+03 B".
TEST(Units, ValuesNearAUnitBoundaryTakeTheLargerUnitNotAnExponent) {
  EXPECT_EQ(FormatDuration(999.4), "999 ns");
  EXPECT_EQ(FormatDuration(999.7), "1 µs");
  EXPECT_EQ(FormatDuration(1700), "1.7 µs");
  EXPECT_EQ(FormatDuration(999'700), "1 ms");
  EXPECT_EQ(FormatDuration(2.5e9), "2.5 s");
  EXPECT_EQ(FormatDuration(-999.7), "-1 µs");
  EXPECT_EQ(FormatBytes(0.5), "<1 B");
  EXPECT_EQ(FormatBytes(32), "32 B");
  EXPECT_EQ(FormatBytes(1010), "1010 B");
  EXPECT_EQ(FormatBytes(1024), "1 KB");
  EXPECT_EQ(FormatBytes(1023.9 * 1024), "1 MB");
  EXPECT_EQ(FormatBytes(1536.0 * 1024), "1.5 MB");
  EXPECT_EQ(FormatBytes(1000.0 * 1024 * 1024), "1000 MB");
}

TEST(RunOutput, FormatComesFromItsNameOrTheFileExtension) {
  EXPECT_EQ(OutputFormatNamed("json"), OutputFormat::kJson);
  EXPECT_EQ(OutputFormatNamed("csv"), OutputFormat::kCsv);
  EXPECT_EQ(OutputFormatNamed("html"), OutputFormat::kHtml);
  EXPECT_EQ(OutputFormatNamed("console"), OutputFormat::kConsole);
  EXPECT_EQ(OutputFormatOfPath("out/results.json"), OutputFormat::kJson);
  EXPECT_EQ(OutputFormatOfPath("a.csv"), OutputFormat::kCsv);
  EXPECT_EQ(OutputFormatOfPath("a.html"), OutputFormat::kHtml);
  EXPECT_EQ(OutputFormatOfPath("a.txt"), OutputFormat::kConsole);
  EXPECT_EQ(OutputFormatOfPath("json"), OutputFormat::kConsole);
}

TEST(ProfilePath, CaseNameCharactersOutsideTheSafeSetBecomeUnderscores) {
  EXPECT_EQ(DefaultProfilePath("example/sum/n:16"), "example_sum_n_16.cpuprofile");
  EXPECT_EQ(DefaultProfilePath("a.b-c_d"), "a.b-c_d.cpuprofile");
}

files::ResultsSide Side(const std::string& path, const std::vector<std::string>& keys) {
  files::ResultsSide side;
  side.path = path;
  for (const auto& key : keys) {
    side.order.push_back(key);
    side.cases[key].metrics["cpu_ns"] = {1, 2, 3};
  }
  return side;
}

TEST(DiffCases, PairsTheCommonCasesInBaseOrderWithTheFilter) {
  auto data = report::PairCases(Side("a.json", {"s/x", "s/y", "t/z"}), Side("b.json", {"t/z", "s/y", "s/x"}), "^s/");
  ASSERT_TRUE(data) << data.error().message;
  EXPECT_EQ(data->variant_names, (std::vector<std::string>{"base", "new"}));
  ASSERT_EQ(data->cases.size(), 2u);
  EXPECT_EQ(data->cases[0].key, "s/x");
  EXPECT_EQ(data->cases[1].key, "s/y");
}

TEST(DiffCases, CasesInOnlyOneFileAreAnInputErrorNamingThem) {
  auto data = report::PairCases(Side("a.json", {"s/x", "s/only_base"}), Side("b.json", {"s/x", "s/only_new"}), "");
  ASSERT_FALSE(data);
  EXPECT_EQ(data.error().exit_code(), 2);
  EXPECT_THAT(data.error().message, HasSubstr("only in BASE (1):\n    s/only_base"));
  EXPECT_THAT(data.error().message, HasSubstr("only in NEW (1):\n    s/only_new"));
  auto none = report::PairCases(Side("a.json", {"s/x"}), Side("b.json", {"s/y"}), "");
  ASSERT_FALSE(none);
  EXPECT_THAT(none.error().message, HasSubstr("no case is in both"));
}

TEST(DiffCases, AMetricNeitherFileHasIsAnInputError) {
  auto data = report::PairCases(Side("a.json", {"s/x"}), Side("b.json", {"s/x"}), "");
  ASSERT_TRUE(data);
  EXPECT_TRUE(report::CheckMetricPresent(data.value(), "cpu"));
  auto gc = report::CheckMetricPresent(data.value(), "gc");
  ASSERT_FALSE(gc);
  EXPECT_THAT(gc.error().message, HasSubstr("--metric gc: neither file has"));
}

TEST(CompareOutput, NothingMeasuredListsEachVariantsDistinctReasonsOnce) {
  driver::CompareState state;
  EXPECT_THAT(report::NothingMeasured(state)->message, HasSubstr("no sample finished"));
  state.variants.resize(2);
  state.variants[0].variant.name = "base";
  state.variants[1].variant.name = "slow";
  for (int i = 0; i < 4; ++i) {
    driver::RunRecord r;
    r.variant = i % 2;
    r.error = i % 2 == 0 ? "timed out loading" : "bad flag";
    state.runs.push_back(r);
  }
  auto nothing = report::NothingMeasured(state);
  ASSERT_TRUE(nothing.has_value());
  EXPECT_EQ(nothing->message,
            "no worker finished a case, so nothing can be compared:\n  base: timed out loading\n  slow: bad flag");
  state.runs[1].values["s/x"]["cpu_ns"] = 1;
  EXPECT_FALSE(report::NothingMeasured(state).has_value());
}

TEST(SuiteListing, ConsoleAndJsonNameEverySuiteWithItsCases) {
  SuiteFile file;
  file.path = "suites/example.js";
  file.suites.push_back({"example", RealmKind::kV8, "sums", {{"sum", {{"n", {"16", "64"}}}}}});
  file.cases.push_back({0, "example/sum/n:16", "example", "sum", RealmKind::kV8, {{"n", "16"}}});
  file.cases.push_back({1, "example/sum/n:64", "example", "sum", RealmKind::kV8, {{"n", "64"}}});
  const std::string text = RenderSuiteList({file}, true, false);
  EXPECT_THAT(text, HasSubstr("example  (realm v8, 2 cases in quick mode, suites/example.js)"));
  EXPECT_THAT(text, HasSubstr("n: [16, 64]"));
  EXPECT_EQ(RenderSuiteList({file}, false, true),
            "[{\"file\":\"suites/example.js\",\"name\":\"example\",\"realm\":\"v8\",\"description\":\"sums\","
            "\"cases\":[\"example/sum/n:16\",\"example/sum/n:64\"]}]\n");
}

}  // namespace
}  // namespace v8bench
