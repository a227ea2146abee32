// What the console table says after its rows: one summary line per kind of warning (at most five),
// each with how many cases it concerns and where the details are, and every case with --explain.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/measure/metrics.h"
#include "harness/report/reporters.h"

namespace v8bench {
namespace {

Sample Repetition(double cpu_ns, double background_ns, int cpu, bool changed) {
  Sample s;
  s.iterations = 100;
  s.counters = {{metric::kWall, cpu_ns, Unit::kNanoseconds},
                {metric::kCpu, cpu_ns, Unit::kNanoseconds},
                {metric::kProcessCpu, cpu_ns + background_ns, Unit::kNanoseconds}};
  s.main_cpu = cpu;
  s.code = CodeState{CodeTier::kTurboFan, CodeTier::kTurboFan, changed ? 1 : 0, changed};
  return s;
}

// A case with every caveat the table names: repetitions far apart (CV), on two CPUs 50% apart, in two
// isolates apart, background work that moved 40x, code changed while timed, a memcpy floor slower than
// the JS copy, and repetitions stretched past --min-time.
CaseResult Troubled(const std::string& name) {
  CaseResult r;
  r.info.name = name;
  r.repetition_s = 0.8;  // stretched past --min-time 0.5
  r.samples = {Repetition(1000, 10, 0, true), Repetition(1000, 400, 0, false), Repetition(1500, 10, 1, false),
               Repetition(1500, 400, 1, false)};
  r.samples[2].isolate = r.samples[3].isolate = 1;
  r.native = NativeFloor{};
  r.native->kind = "memcpy";
  r.native->ns_per_iteration = {5000};
  return r;
}

std::string Table(int cases, bool explain) {
  RunContext context;
  context.num_cpus = 2;
  context.load_avg = {1.9};  // busy: more than half the CPUs
  context.min_time_s = 0.5;
  std::vector<CaseResult> results;
  for (int i = 0; i < cases; ++i) results.push_back(Troubled("suite/bench/n:" + std::to_string(i)));
  auto text = RenderConsoleTable(context, results, explain);
  EXPECT_TRUE(text.ok());
  return text.ok() ? text.value() : "";
}

std::vector<std::string> LinesStartingWith(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return out;
}

TEST(ConsoleSummary, OneLinePerKindAtMostFiveNamingHowManyCasesAndWhereTheDetailsAre) {
  const std::string text = Table(30, false);
  const auto warnings = LinesStartingWith(text, "warning:");
  ASSERT_EQ(warnings.size(), 5u) << text;
  EXPECT_NE(warnings[0].find("busy"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("code that V8 changed"), std::string::npos) << warnings[1];
  EXPECT_NE(warnings[1].find("30 cases (suite/bench/n:0, suite/bench/n:1, suite/bench/n:2 and 27 more)"),
            std::string::npos)
      << warnings[1];
  // Kinds beyond the room share the last line, each still with its count.
  EXPECT_EQ(warnings[4].rfind("warning: also 30 cases with", 0), 0u) << warnings[4];
  EXPECT_NE(warnings[4].find("native memcpy floor"), std::string::npos) << warnings[4];
  // No case is listed one line each, and the way to the details is said once.
  EXPECT_EQ(text.find("    suite/bench/n:29"), std::string::npos) << text;
  ASSERT_EQ(LinesStartingWith(text, "details:").size(), 1u) << text;
  EXPECT_NE(text.find("--explain"), std::string::npos);
}

TEST(ConsoleSummary, ExplainNamesEveryCaseOfEveryKindWithItsFigures) {
  const std::string text = Table(30, true);
  for (const char* kind : {"code that V8 changed", "(CV)", "different CPUs", "fresh isolates", "background threads",
                           "native memcpy floor", "longer than --min-time"}) {
    EXPECT_NE(text.find(kind), std::string::npos) << kind << "\n" << text;
  }
  EXPECT_NE(text.find("    suite/bench/n:29: 1 of 4 repetitions ran code that V8 changed"), std::string::npos) << text;
  EXPECT_NE(text.find("    suite/bench/n:29: CPU 0 1 µs, CPU 1 1.5 µs"), std::string::npos) << text;
  EXPECT_EQ(LinesStartingWith(text, "details:").size(), 0u);
}

TEST(ConsoleSummary, AFewKindsAreEachSaidInFull) {
  RunContext context;
  context.min_time_s = 0.5;
  CaseResult calm = Troubled("suite/calm");
  for (Sample& s : calm.samples) {
    s.counters = {{metric::kWall, 1000, Unit::kNanoseconds}, {metric::kCpu, 1000, Unit::kNanoseconds}};
    s.main_cpu = 0;
  }
  calm.samples[0].code->changed = false;
  calm.native.reset();
  calm.repetition_s = 0.5;
  auto quiet = RenderConsoleTable(context, {calm}, false);
  ASSERT_TRUE(quiet.ok());
  EXPECT_TRUE(LinesStartingWith(quiet.value(), "warning:").empty()) << quiet.value();
  EXPECT_TRUE(LinesStartingWith(quiet.value(), "details:").empty()) << quiet.value();
  calm.samples[0].code->changed = true;
  auto one = RenderConsoleTable(context, {calm}, false);
  ASSERT_TRUE(one.ok());
  const auto warnings = LinesStartingWith(one.value(), "warning:");
  ASSERT_EQ(warnings.size(), 1u) << one.value();
  EXPECT_NE(warnings[0].find("1 case (suite/calm); such figures mix code states"), std::string::npos) << warnings[0];
}

}  // namespace
}  // namespace v8bench
