// `v8bench compare` and `v8bench diff` end to end: real worker processes on small fixture suites,
// with short timings. Behaviour only (verdicts with large effects, exit codes, reports); the
// detection-speed and false-positive measurements live in tools/compare_benchmark.sh.
#include <gtest/gtest.h>

#include <simdjson.h>
#include <regex>

#include "tests/support/cli.h"

namespace v8bench::testing {
namespace {

// Short samples: these tests check behaviour, not precision.
std::vector<std::string> Fast(std::vector<std::string> args) {
  for (const char* a : {"--min-time", "0.02", "--warmup", "0.01", "--quiet", "--seed", "7"}) args.push_back(a);
  return args;
}

simdjson::dom::element Parse(simdjson::dom::parser& parser, const std::string& text) {
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(text).get(root), simdjson::SUCCESS) << text.substr(0, 400);
  return root;
}

// The analysis entry of `variant` for case `key` in a compare/diff JSON document.
simdjson::dom::element Cell(simdjson::dom::element root, const std::string& key, const std::string& variant) {
  for (auto c : root["analysis"]["cases"].get_array()) {
    if (std::string_view(c["case"].get_string().value()) != key) continue;
    for (auto v : c["variants"].get_array()) {
      if (std::string_view(v["variant"].get_string().value()) == variant) return v;
    }
  }
  ADD_FAILURE() << "no cell " << key << " / " << variant;
  return {};
}

TEST(WorkerFormat, RunWritesOneJsonLinePerEvent) {
  const auto r = RunCli({"run", Fixture("compare_loop.js"), "--filter", "loop", "--format", "jsonl", "--repetitions",
                         "2", "--min-time", "0.01", "--warmup", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> types;
  simdjson::dom::parser parser;
  std::size_t start = 0;
  for (std::size_t nl; (nl = r.out.find('\n', start)) != std::string::npos; start = nl + 1) {
    auto line = Parse(parser, r.out.substr(start, nl - start));
    types.emplace_back(line["type"].get_string().value());
    if (types.back() == "case") {
      EXPECT_EQ(line["samples"].get_array().size(), 2u);
      double cpu = 0;
      EXPECT_EQ(line["samples"].at(0)["counters"]["cpu_ns"].get(cpu), simdjson::SUCCESS);
      EXPECT_GT(cpu, 0);
    }
  }
  EXPECT_EQ(types, (std::vector<std::string>{"context", "start", "case", "end"}));
}

TEST(Compare, JitlessIsMuchSlowerAndTripsTheGate) {
  const std::string out = TempDir() + "/jitless.json";
  const auto r =
      RunCli(Fast({"compare", Fixture("compare_loop.js"), "--filter", "loop", "--variant", "base=", "--variant",
                   "jitless=--jitless", "--runs", "5", "--threshold", "10", "--out", out}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("slower"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gate: FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cmp/loop"), std::string::npos);
  EXPECT_NE(r.out.find("seed 7"), std::string::npos);

  simdjson::dom::parser parser;
  const std::string text = ReadWholeFile(out);
  auto root = Parse(parser, text);
  auto cell = Cell(root, "cmp/loop/work:1", "jitless");
  double ratio = 0;
  ASSERT_EQ(cell["metrics"]["cpu_ns"]["versus_baseline"]["ratio"].get(ratio), simdjson::SUCCESS);
  EXPECT_GT(ratio, 2);
  EXPECT_EQ(std::string_view(cell["metrics"]["cpu_ns"]["versus_baseline"]["verdict"].get_string().value()), "slower");
  EXPECT_EQ(cell["metrics"]["cpu_ns"]["values"].get_array().size(), 5u);
  EXPECT_EQ(root["samples"].get_array().size(), 10u);
  EXPECT_EQ(root["variants"].at(1)["v8_flags"].at(0).get_string().value(), "--jitless");
  EXPECT_FALSE(std::string_view(root["variants"].at(0)["engine_info"]["v8_version"].get_string().value()).empty());
  int64_t seed = 0;
  ASSERT_EQ(root["settings"]["seed"].get(seed), simdjson::SUCCESS);
  EXPECT_EQ(seed, 7);

  // diff reads the saved comparison: the jitless variant against the baseline trips the same gate...
  const auto d = RunCli({"diff", out, out, "--new-variant", "jitless", "--threshold", "10"});
  EXPECT_EQ(d.exit_code, 1) << d.out << d.err;
  EXPECT_NE(d.out.find("cmp/loop"), std::string::npos);
  // ... and the baseline against itself passes.
  const auto same = RunCli({"diff", out, out, "--threshold", "10"});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_NE(same.out.find("gate: PASS"), std::string::npos);
  const auto md = RunCli({"diff", out, out, "--new-variant", "jitless", "--format", "markdown"});
  EXPECT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("| `cmp/loop/work:1` |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("**slower**"), std::string::npos) << md.out;
}

TEST(Compare, SameVariantTwicePassesAGenerousGate) {
  const auto r = RunCli(Fast({"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=", "--runs",
                              "5", "--threshold", "50", "--format", "json"}));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  simdjson::dom::parser parser;
  auto root = Parse(parser, r.out);
  EXPECT_EQ(root["analysis"]["gate"]["tripped"].get_array().size(), 0u);
  int64_t comparisons = 0;
  ASSERT_EQ(root["analysis"]["comparisons"].get(comparisons), simdjson::SUCCESS);
  EXPECT_EQ(comparisons, 2);
  // GC share and allocation are reported beside CPU.
  auto cell = Cell(root, "cmp/alloc/work:1", "b");
  double share = -1;
  EXPECT_EQ(cell["gc_share"].get(share), simdjson::SUCCESS);
  EXPECT_GE(share, 0);
  double alloc = 0;
  ASSERT_EQ(cell["metrics"]["alloc_bytes"]["median"].get(alloc), simdjson::SUCCESS);
  EXPECT_GT(alloc, 1000);
}

TEST(Compare, CrashingWorkerIsReportedAndTheRestCompletes) {
  const auto args = Fast({"compare", Fixture("compare_crash.js"), "--variant", "base=--param crash=0", "--variant",
                          "bad=--param crash=1", "--runs", "5"});
  auto gated = args;
  gated.push_back("--threshold");
  gated.push_back("5");
  const auto r = RunCli(gated);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // the case crashes only in the new variant: a regression
  EXPECT_NE(r.out.find("crashed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("SIGABRT"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gate: FAIL"), std::string::npos) << r.out;
  // steady/after ran after the crash in every sample of both variants (in a continued worker).
  // (The sample counts, not the verdict: an A/A verdict on 5 samples may flip by chance on a busy machine.)
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(steady/after\s+base\s+5\s[^\n]*\n\s+bad\s+5\s)"))) << r.out;

  const auto ungated = RunCli(args);
  EXPECT_EQ(ungated.exit_code, 2) << ungated.out;  // crashy/abort cannot be judged
  EXPECT_NE(ungated.out.find("not enough samples"), std::string::npos) << ungated.out;
}

TEST(Compare, HangingWorkerIsTimedOutAndTheRestCompletes) {
  const auto r = RunCli(Fast({"compare", Fixture("compare_hang.js"), "--variant", "base=--param hang=0", "--variant",
                              "hung=--param hang=1", "--runs", "3", "--min-samples", "3", "--timeout", "1.5",
                              "--threshold", "5", "--format", "json"}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  simdjson::dom::parser parser;
  auto root = Parse(parser, r.out);
  auto hung = Cell(root, "hangy/spin", "hung");
  ASSERT_EQ(hung["failures"].get_array().size(), 3u);
  EXPECT_NE(std::string_view(hung["failures"].at(0).get_string().value()).find("timed_out"), std::string::npos);
  auto after = Cell(root, "steady/after", "hung");
  int64_t n = 0;
  ASSERT_EQ(after["metrics"]["cpu_ns"]["n"].get(n), simdjson::SUCCESS);
  EXPECT_EQ(n, 3);
}

TEST(Compare, ResumeContinuesASavedComparison) {
  const std::string out = TempDir() + "/resume.json";
  auto first = RunCli(Fast({"compare", Fixture("compare_loop.js"), "--filter", "loop", "--variant", "a=", "--variant",
                            "b=--no-opt", "--runs", "5", "--out", out}));
  ASSERT_NE(first.exit_code, 2) << first.err;
  auto second = RunCli({"compare", "--resume", out, "--runs", "7", "--quiet"});
  ASSERT_NE(second.exit_code, 2) << second.err;
  simdjson::dom::parser parser;
  const std::string text = ReadWholeFile(out);
  auto root = Parse(parser, text);
  EXPECT_EQ(root["samples"].get_array().size(), 14u);
  int64_t runs = 0;
  ASSERT_EQ(root["settings"]["runs"].get(runs), simdjson::SUCCESS);
  EXPECT_EQ(runs, 7);
}

TEST(Compare, BadInputExitsTwo) {
  const auto flag = RunCli(Fast(
      {"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=--no-such-v8-flag", "--runs", "5"}));
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_NE(flag.err.find("no-such-v8-flag"), std::string::npos) << flag.err;
  const auto one = RunCli({"compare", Fixture("compare_loop.js"), "--variant", "a="});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("at least two variants"), std::string::npos) << one.err;
  const auto both = RunCli({"compare", "--variant", "a=", "--variant", "b=", "--runs", "5", "--target-ci", "2"});
  EXPECT_EQ(both.exit_code, 2);
  const auto missing = RunCli({"compare", "--resume", "/nonexistent/cmp.json"});
  EXPECT_EQ(missing.exit_code, 2);
}

// Google Benchmark JSON with six repetitions of BM_x around 100 ns * scale, plus `extra` entries.
std::string Gb(double scale, const std::string& extra = "") {
  std::string s = R"({"context": {}, "benchmarks": [)";
  const double values[] = {100, 101, 99, 100.5, 102, 98.5};
  for (int i = 0; i < 6; ++i) {
    const std::string v = std::to_string(values[i] * scale);
    s += std::string(i ? "," : "") + R"({"name": "BM_x", "run_type": "iteration", "cpu_time": )" + v +
         R"(, "real_time": )" + v + R"(, "time_unit": "ns"})";
  }
  return s + extra + "]}";
}

TEST(Diff, GoogleBenchmarkJsonGateAndBadInput) {
  const std::string base = WriteTempFile("base.json", Gb(1));
  const std::string slow = WriteTempFile("slow.json", Gb(1.2));
  const std::string same = WriteTempFile("same.json", Gb(1.001));
  EXPECT_EQ(RunCli({"diff", base, slow, "--threshold", "5"}).exit_code, 1);
  EXPECT_EQ(RunCli({"diff", base, slow, "--threshold", "30"}).exit_code, 0);
  EXPECT_EQ(RunCli({"diff", base, same, "--threshold", "5"}).exit_code, 0);
  const auto faster = RunCli({"diff", slow, base, "--threshold", "5"});
  EXPECT_EQ(faster.exit_code, 0);
  EXPECT_NE(faster.out.find("faster"), std::string::npos) << faster.out;

  // Mismatched cases.
  const std::string other = WriteTempFile(
      "other.json", Gb(1, R"(, {"name": "BM_y", "run_type": "iteration", "cpu_time": 5, "real_time": 5})"));
  const auto mismatch = RunCli({"diff", base, other});
  EXPECT_EQ(mismatch.exit_code, 2);
  EXPECT_NE(mismatch.err.find("only in NEW"), std::string::npos) << mismatch.err;
  EXPECT_EQ(RunCli({"diff", base, other, "--filter", "BM_x"}).exit_code, 0);
  // Fewer samples than the minimum.
  EXPECT_EQ(RunCli({"diff", base, slow, "--min-samples", "10"}).exit_code, 2);
  // Missing and corrupt files.
  const auto missing = RunCli({"diff", base, "/nonexistent/new.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
  const std::string cut = WriteTempFile("cut.json", Gb(1).substr(0, 200));
  const auto corrupt = RunCli({"diff", base, cut});
  EXPECT_EQ(corrupt.exit_code, 2);
  EXPECT_NE(corrupt.err.find("not valid JSON"), std::string::npos) << corrupt.err;
  // GB JSON has no GC figures.
  EXPECT_EQ(RunCli({"diff", base, slow, "--metric", "gc"}).exit_code, 2);
}

// Every metric of the registry that `compare` can compare, `diff` reads from `v8bench run` JSON.
TEST(Diff, EveryMetricIsReadFromRunJson) {
  const std::string out = TempDir() + "/run.json";
  const auto run = RunCli({"run", Fixture("compare_loop.js"), "--filter", "loop", "--repetitions", "5", "--min-time",
                           "0.01", "--warmup", "0", "--format", "json", "--out", out});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* metric : {"cpu", "process", "wall", "gc", "alloc"}) {
    const auto d = RunCli({"diff", out, out, "--metric", metric, "--format", "json"});
    EXPECT_EQ(d.exit_code, 0) << metric << ": " << d.err;
  }
}

}  // namespace
}  // namespace v8bench::testing
