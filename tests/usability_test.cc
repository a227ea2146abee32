// End to end: what a newcomer meets first. Case names as `list` prints them and --filter takes them (a
// parameter's value matched whole), `native` on cases the engine cannot run, `compare --out` in the
// format the file's name asks for (as `run --out`), progress with the time left on stderr, and help
// texts that say what and why.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using ::testing::HasSubstr;
using testing::Lines;
using ::testing::Not;
using testing::RunCli;
using ::testing::StartsWith;

// The cases `run --filter F` would run, from the worker protocol's plan lines (nothing is run).
std::vector<std::string> Planned(const std::string& filter) {
  auto r = RunCli({"run", Fixture("usability.js"), "--format", "jsonl", "--plan-only", "--filter", filter});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> names;
  for (const auto& line : Lines(r.out)) {
    const std::string key = "\"type\":\"plan\",\"name\":\"";
    const auto at = line.find(key);
    if (at == std::string::npos) continue;
    const auto start = at + key.size();
    names.push_back(line.substr(start, line.find('"', start) - start));
  }
  return names;
}

TEST(Usability, ListPrintsTheCaseNamesFilterTakes) {
  auto r = RunCli({"list", Fixture("usability.js")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"usability/sum/size:100\n", "usability/sum/size:10000\n", "usability/copy\n"}) {
    EXPECT_THAT(r.out, HasSubstr(std::string("    ") + name));
  }
}

TEST(Usability, AFilterMatchesAParameterValueWhole) {
  EXPECT_EQ(Planned("size:100"), std::vector<std::string>{"usability/sum/size:100"});
  EXPECT_EQ(Planned("size:1000"), std::vector<std::string>{"usability/sum/size:1000"});
  EXPECT_EQ(Planned("size:100\\d*"), (std::vector<std::string>{"usability/sum/size:100", "usability/sum/size:1000",
                                                               "usability/sum/size:10000"}));
  EXPECT_EQ(Planned("cop"), std::vector<std::string>{"usability/copy"});
  auto none = RunCli({"run", Fixture("usability.js"), "--filter", "size:10$0"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_THAT(none.err, HasSubstr("value is matched whole"));
}

TEST(Usability, NativeReportsAFloorTheEngineCannotRunAsUnsupportedAndExitsZero) {
  auto r = RunCli({"native", Fixture("usability.js"), "--quick", "--filter", "lacking|copy"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("unsupported by this engine: this fixture asks for an API no engine has"));
  EXPECT_THAT(r.out, HasSubstr("1 floor measured, 1 unsupported by this engine"));
  EXPECT_THAT(r.out, Not(HasSubstr("failed")));
}

TEST(Usability, RunShowsProgressWithTheTimeLeftOnStderrAndKeepsStdoutMachineReadable) {
  auto r = RunCli({"run", Fixture("usability.js"), "--quick", "--filter", "sum", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("{"));
  EXPECT_THAT(r.out, Not(HasSubstr("left")));
  EXPECT_THAT(r.err, HasSubstr("[1/3] · usability/sum/size:100\n"));
  EXPECT_THAT(r.err, HasSubstr(" spent, about "));
  EXPECT_THAT(r.err, HasSubstr(" left · usability/sum/size:10000\n"));
}

TEST(Usability, CompareOutWritesTheReportItsNameAsksForAndKeepsTheSamplesBesideIt) {
  const std::string dir = testing::TempDir();
  const std::string html = dir + "/r.html";
  auto first = RunCli({"compare", Fixture("usability.js"), "--filter", "sum/size:100$", "--variant", "a=", "--variant",
                       "b=", "--quick", "--runs", "6", "--out", html});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_THAT(first.err, HasSubstr("the samples are kept in " + dir + "/r.json"));
  EXPECT_THAT(testing::ReadWholeFile(html), StartsWith("<!doctype html>"));
  const std::string saved = testing::ReadWholeFile(dir + "/r.json");
  EXPECT_THAT(saved, HasSubstr("\"v8bench_compare\""));
  // --resume takes the report's name too and continues the samples beside it.
  auto more = RunCli({"compare", "--resume", html, "--runs", "7", "--quiet"});
  ASSERT_EQ(more.exit_code, 0) << more.err;
  EXPECT_GT(testing::ReadWholeFile(dir + "/r.json").size(), saved.size());
  EXPECT_THAT(testing::ReadWholeFile(html), StartsWith("<!doctype html>"));
  // Markdown by name, as run and diff take it; a format compare does not write is refused up front.
  auto md = RunCli({"compare", "--resume", dir + "/r.json", "--runs", "7", "--quiet", "--out", dir + "/r.md"});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_THAT(testing::ReadWholeFile(dir + "/r.md"), HasSubstr("|"));
  auto csv =
      RunCli({"compare", Fixture("usability.js"), "--variant", "a=", "--variant", "b=", "--out", dir + "/r.csv"});
  EXPECT_EQ(csv.exit_code, 2);
  EXPECT_THAT(csv.err, HasSubstr("FILE.html or FILE.md"));
}

TEST(Usability, HelpSaysWhatAndWhyNotWhatWasMeasured) {
  for (const char* command : {"run", "compare", "diff", "profile", "info", "list", "native", "report", "merge"}) {
    auto r = RunCli({command, "--help"});
    EXPECT_EQ(r.exit_code, 0) << command;
    EXPECT_THAT(r.out, Not(HasSubstr("measured here"))) << command;
  }
  auto compare = RunCli({"compare", "--help"});
  EXPECT_THAT(compare.out, HasSubstr("a Wilcoxon\nsigned-rank p-value"));
  EXPECT_THAT(compare.out, HasSubstr("paired by block"));
  auto run = RunCli({"run", "--help"});
  EXPECT_THAT(run.out, Not(HasSubstr("README, \"")));
  EXPECT_THAT(run.out, HasSubstr("--quick"));
  EXPECT_THAT(run.out, HasSubstr("Sparkplug"));
  EXPECT_THAT(run.out, HasSubstr("--explain"));
}

}  // namespace
}  // namespace v8bench
