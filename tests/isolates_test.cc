// A case runs in several fresh isolates (`run --isolates N`): each fresh isolate times at its own speed
// (heap layout, tiering history), so the repetitions are dealt out over N of them, every repetition says
// which isolate ran it, and a case whose isolates timed far apart is named. The fixture makes pass k
// of a case do k*k times the work (tests/fixtures/isolates.js), so the isolates must differ.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::RunCli;

constexpr const char* kPassKey = "V8BENCH_TEST_ISOLATE_PASSES";

struct IsolateRun {
  int context_isolates = -1;
  std::vector<int> isolate_of_sample;
  std::vector<double> cpu_ns;
};

IsolateRun RunJsonl(std::vector<std::string> extra) {
  unsetenv(kPassKey);  // the children start counting from zero
  std::vector<std::string> args = {"run", Fixture("isolates.js"), "--quick", "--format", "jsonl"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  IsolateRun out;
  simdjson::dom::parser parser;
  for (const std::string& line : testing::Lines(r.out)) {
    simdjson::dom::element doc;
    std::string_view type;
    if (line.empty() || parser.parse(line).get(doc) != simdjson::SUCCESS ||
        doc["type"].get(type) != simdjson::SUCCESS) {
      continue;
    }
    int64_t n = 0;
    if (type == "context" && doc["isolates"].get(n) == simdjson::SUCCESS) out.context_isolates = static_cast<int>(n);
    simdjson::dom::array samples;
    if (type != "case" || doc["samples"].get(samples) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element s : samples) {
      out.isolate_of_sample.push_back(s["isolate"].get(n) == simdjson::SUCCESS ? static_cast<int>(n) : -1);
      double cpu = 0;
      out.cpu_ns.push_back(s["counters"]["cpu_ns"].get(cpu) == simdjson::SUCCESS ? cpu : -1);
    }
  }
  return out;
}

TEST(Isolates, TheRepetitionsAreDealtOutOverFreshIsolatesAndEachSaysWhichRanIt) {
  const IsolateRun run = RunJsonl({"--repetitions", "5", "--isolates", "3"});
  EXPECT_EQ(run.context_isolates, 3);
  EXPECT_EQ(run.isolate_of_sample, (std::vector<int>{0, 0, 1, 1, 2}));
  // Fresh isolates indeed: pass 3 does 9x the work of pass 1 (a shared isolate would be one pass).
  ASSERT_EQ(run.cpu_ns.size(), 5u);
  EXPECT_GT(run.cpu_ns[4], 3 * run.cpu_ns[0]);
}

TEST(Isolates, OneIsolateTimesEveryRepetitionInTheSamePass) {
  const IsolateRun run = RunJsonl({"--repetitions", "3", "--isolates", "1"});
  EXPECT_EQ(run.context_isolates, 1);
  EXPECT_EQ(run.isolate_of_sample, (std::vector<int>{0, 0, 0}));
}

TEST(Isolates, ACaseWhoseIsolatesTimedFarApartIsNamedAfterTheTable) {
  unsetenv(kPassKey);
  auto spread = RunCli({"run", Fixture("isolates.js"), "--quick", "--isolates", "3"});
  EXPECT_EQ(spread.exit_code, 0) << spread.err;
  EXPECT_THAT(spread.out, HasSubstr("in 3 fresh isolates"));
  EXPECT_THAT(spread.out, HasSubstr("fresh isolates timed more than 10.0% apart (median CPU time): 1 case "
                                    "(isolates/by_pass)"));

  unsetenv(kPassKey);
  auto one = RunCli({"run", Fixture("isolates.js"), "--quick"});  // the default: one isolate
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_THAT(one.out, Not(HasSubstr("fresh isolates")));
}

TEST(Isolates, MoreIsolatesThanRepetitionsOrWithASharedRealmIsAUsageError) {
  auto more = RunCli({"run", Fixture("isolates.js"), "--quick", "--repetitions", "2", "--isolates", "3"});
  EXPECT_EQ(more.exit_code, 2);
  EXPECT_THAT(more.err, HasSubstr("--isolates 3 is more than the 2 repetitions"));
  auto shared = RunCli({"run", Fixture("isolates.js"), "--quick", "--share-realm", "--isolates", "2"});
  EXPECT_EQ(shared.exit_code, 2);
  EXPECT_THAT(shared.err, HasSubstr("--share-realm"));
}

// `run --alternate x`: the cases x:1 and x:1.5 (tests/fixtures/alternate.js) take turns, a repetition at a
// time, in one isolate: each sees the other's calls in the realm's global. Both are timed in the code asked
// for (TurboFan), although the second case's setup changes the shape the first case's code was compiled for.
struct AlternateCase {
  std::string name;
  std::vector<double> turns;  // per repetition: changes of case the realm saw so far
  std::vector<std::string> batch_tiers;
};

std::vector<AlternateCase> RunAlternate(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {
      "run", Fixture("alternate.js"), "--no-native", "--format", "jsonl", "--repetitions", "4", "--min-time", "0.005"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<AlternateCase> cases;
  simdjson::dom::parser parser;
  for (const std::string& line : testing::Lines(r.out)) {
    simdjson::dom::element doc;
    std::string_view type, name;
    simdjson::dom::array samples;
    if (line.empty() || parser.parse(line).get(doc) != simdjson::SUCCESS || doc["type"].get(type) || type != "case" ||
        doc["name"].get(name) || doc["samples"].get(samples)) {
      continue;
    }
    AlternateCase c{std::string(name), {}, {}};
    for (simdjson::dom::element s : samples) {
      double turns = -1;
      std::string_view tier;
      c.turns.push_back(s["counters"]["turns"].get(turns) == simdjson::SUCCESS ? turns : -1);
      c.batch_tiers.emplace_back(s["code"]["batch"].get(tier) == simdjson::SUCCESS ? tier : "?");
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

TEST(Isolates, AlternatedCasesTakeTurnsInOneIsolateEachInTheCodeAskedFor) {
  // --keep-changed: every sample in the order it was timed (a re-run would come after all rounds).
  const auto turns = RunAlternate({"--alternate", "x", "--keep-changed"});
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0].name, "alternate/turns/x:1");
  EXPECT_EQ(turns[1].name, "alternate/turns/x:1.5");
  for (const auto& c : turns) {
    ASSERT_EQ(c.turns.size(), 4u) << c.name;
    // Rounds start with each case in turn (A B, B A, A B, ...), so a case's count grows at least every
    // other repetition and never falls.
    for (std::size_t i = 1; i < c.turns.size(); ++i) EXPECT_GE(c.turns[i], c.turns[i - 1]) << c.name;
    for (std::size_t i = 2; i < c.turns.size(); ++i) EXPECT_GT(c.turns[i], c.turns[i - 2]) << c.name;
    for (const auto& tier : c.batch_tiers) EXPECT_EQ(tier, "turbofan") << c.name;
  }
  // Without --alternate each case has an isolate (and a global) of its own: no turns.
  for (const auto& c : RunAlternate({})) {
    for (double t : c.turns) EXPECT_EQ(t, 0) << c.name;
  }
}

TEST(Isolates, CopiesOfACaseShareItsTurnsInTheOrderTheOffsetGivesAndComeBackAsOneCase) {
  // Two copies of each case and 4 turns per repetition: 2 rounds per repetition, each a turn of every copy.
  // --alternate-offset 1 orders the copies x:1.5, x:1, x:1.5, x:1; the results come back in plan order.
  const auto cases =
      RunAlternate({"--alternate", "x", "--keep-changed", "--turns", "4", "--copies", "2", "--alternate-offset", "1"});
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "alternate/turns/x:1");
  EXPECT_EQ(cases[1].name, "alternate/turns/x:1.5");
  for (const auto& c : cases) {
    ASSERT_EQ(c.turns.size(), 4u * 2u * 2u) << c.name;  // repetitions x rounds x copies
    for (const auto& tier : c.batch_tiers) EXPECT_EQ(tier, "turbofan") << c.name;
  }
  // The first copy of x:1.5 took the first turn, so the log had changed cases once more by x:1's first.
  EXPECT_LT(cases[1].turns.front(), cases[0].turns.front());
  // Each case's first copy's turns come first, in the order they were timed.
  for (const auto& c : cases) {
    for (std::size_t i = 1; i < 8; ++i) EXPECT_GE(c.turns[i], c.turns[i - 1]) << c.name;
  }
}

TEST(Isolates, TurnsOrCopiesWithoutAlternatedCasesAreAUsageError) {
  for (const char* option : {"--turns", "--copies"}) {
    auto r = RunCli({"run", Fixture("alternate.js"), "--no-native", option, "3"});
    EXPECT_EQ(r.exit_code, 2) << option;
    EXPECT_THAT(r.err, HasSubstr("--alternate")) << option;
  }
}

}  // namespace
}  // namespace v8bench
