// `v8bench compare` and `v8bench diff` end to end: real worker processes on small fixture suites,
// with short timings. Behaviour only (verdicts with large effects, exit codes, reports); the
// detection-speed and false-positive measurements live in research/compare_benchmark.sh.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <simdjson.h>

#include <cstdlib>
#include <map>
#include <regex>
#include <set>

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
  EXPECT_EQ(std::string_view(cell["metrics"]["cpu_ns"]["unpaired"]["verdict"].get_string().value()), "slower");
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

TEST(Compare, LongLivedWorkersTakeTheBlocksInTurnAndGiveAVerdict) {
  const std::string out = TempDir() + "/long_lived.json";
  const auto r =
      RunCli(Fast({"compare", Fixture("compare_loop.js"), "--filter", "loop", "--variant", "base=", "--variant",
                   "jitless=--jitless", "--runs", "6", "--long-lived", "2", "--threshold", "10", "--out", out}));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("slower"), std::string::npos) << r.out;
  simdjson::dom::parser parser;
  auto root = Parse(parser, ReadWholeFile(out));
  std::map<std::string, std::map<int64_t, int>> samples_of;  // variant -> worker process -> its samples
  for (auto sample : root["samples"].get_array()) {
    int64_t process = 0, processes = 0;
    ASSERT_EQ(sample["worker_process"].get(process), simdjson::SUCCESS);
    ASSERT_EQ(sample["processes"].get(processes), simdjson::SUCCESS);
    EXPECT_EQ(processes, 1);
    double cpu = 0;
    EXPECT_EQ(sample["values"]["cmp/loop/work:1"]["cpu_ns"].get(cpu), simdjson::SUCCESS) << sample;
    ++samples_of[std::string(sample["variant"].get_string().value())][process];
  }
  ASSERT_EQ(samples_of.size(), 2u);
  std::set<int64_t> all;
  for (const auto& [variant, processes] : samples_of) {
    EXPECT_EQ(processes.size(), 2u) << variant;  // K = 2 processes per variant ...
    for (const auto& [process, n] : processes) {
      EXPECT_EQ(n, 3) << variant << " " << process;  // ... each asked for every other block
      all.insert(process);
    }
  }
  EXPECT_EQ(all.size(), 4u);
  int64_t long_lived = 0;
  ASSERT_EQ(root["settings"]["long_lived"].get(long_lived), simdjson::SUCCESS);
  EXPECT_EQ(long_lived, 2);
  // Not with --jobs > 1: one worker would be asked for two blocks at once.
  const auto jobs = RunCli({"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=", "--long-lived",
                            "2", "--jobs", "2"});
  EXPECT_EQ(jobs.exit_code, 2) << jobs.out << jobs.err;
  EXPECT_NE(jobs.err.find("--long-lived 2 takes one sample at a time"), std::string::npos) << jobs.err;
}

TEST(Compare, SameVariantTwicePassesAGenerousGate) {
  // 6 samples a variant: the fewest whose rank-sum test can judge 2 comparisons at the default alpha (0.01).
  const auto r = RunCli(Fast({"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=", "--runs",
                              "6", "--threshold", "50", "--format", "json"}));
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
  // The share is of wall time, as in run's output (GC pauses are wall time; a share of CPU could pass 100%).
  double gc = -1, wall = -1;
  ASSERT_EQ(cell["metrics"]["gc_ns"]["median"].get(gc), simdjson::SUCCESS);
  ASSERT_EQ(cell["metrics"]["wall_ns"]["median"].get(wall), simdjson::SUCCESS);
  EXPECT_NEAR(share, gc / wall, 1e-9);
  EXPECT_LE(share, 1.0);
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
  // Google Benchmark's repetitions ran in one process: the change alone, without an interval or a verdict.
  const auto plain = RunCli({"diff", base, slow});
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_NE(plain.out.find("+20.0%"), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("not judged"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("slower"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("["), std::string::npos) << plain.out;
  // A gate on them is not judged (exit 2), whatever the change: never PASS.
  for (const auto& [a, b] : {std::pair{base, slow}, {base, same}, {slow, base}}) {
    const auto gated = RunCli({"diff", a, b, "--threshold", "5"});
    EXPECT_EQ(gated.exit_code, 2) << gated.out;
    EXPECT_EQ(gated.out.find("PASS"), std::string::npos) << gated.out;
    EXPECT_NE(gated.out.find("gate: NOT JUDGED (exit 2)"), std::string::npos) << gated.out;
  }

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

// Four tiny cases (n:1..4), for sharding: which cases run where, not what they cost.
std::string ShardSuite() {
  return WriteTempFile("shard_suite.js", R"(suite({
  name: 'sh',
  realm: 'v8',
  params: { n: [1, 2, 3, 4] },
  setup(p) { return { n: p.n * 8 }; },
  benches: {
    sum(s) { let t = 0; for (let i = 0; i < s.n; i++) t += i; return t; },
  },
});
)");
}

std::vector<std::string> ShardCompare(const std::string& suite, std::vector<std::string> extra) {
  // 8 blocks judge a family of 4 paired at alpha 0.05 (2/256 x 4 < 0.05; the default 0.01 needs 10), which
  // keeps this test short.
  std::vector<std::string> args = {"compare",        suite,    "--variant", "base=",   "--variant",
                                   "noopt=--no-opt", "--runs", "8",         "--alpha", "0.05"};
  args.insert(args.end(), extra.begin(), extra.end());
  return Fast(args);
}

// Per case: the sample count of each variant's chosen metric.
std::map<std::string, std::vector<std::size_t>> SampleCounts(simdjson::dom::element root) {
  std::map<std::string, std::vector<std::size_t>> out;
  for (auto c : root["analysis"]["cases"].get_array()) {
    auto& counts = out[std::string(c["case"].get_string().value())];
    for (auto v : c["variants"].get_array()) counts.push_back(v["metrics"]["cpu_ns"]["n"].get_uint64().value());
  }
  return out;
}

// The comparisons Holm adjusts over, plus the cells left out of the family for mixed code.
std::size_t HolmFamily(simdjson::dom::element root) {
  std::size_t mixed = 0;
  for (auto c : root["analysis"]["cases"].get_array()) {
    for (auto v : c["variants"].get_array()) mixed += v["code_mixed"].get_bool().value() ? 1 : 0;
  }
  return root["analysis"]["comparisons"].get_uint64().value() + mixed;
}

TEST(Shard, ShardsRunSideBySideAndMergedMatchOneUnshardedRun) {
  const std::string suite = ShardSuite();
  const std::string dir = TempDir();
  // One unsharded run, then three shards at once as separate processes (as three machines would run them).
  const auto whole = RunCli(ShardCompare(suite, {"--out", dir + "/whole.json"}));
  ASSERT_EQ(whole.exit_code, 0) << whole.out << whole.err;
  std::string script;
  for (int k = 1; k <= 3; ++k) {
    std::string line;
    for (const auto& a :
         ShardCompare(suite, {"--shard", fmt::format("{}/3", k), "--out", fmt::format("{}/s{}.json", dir, k)})) {
      line += " '" + a + "'";
    }
    script += fmt::format("( '{}'{} > {}/o{} 2>&1; echo $? > {}/rc{} ) &\n", V8BENCH_BINARY, line, dir, k, dir, k);
  }
  script += "wait\n";
  ASSERT_EQ(std::system(("sh " + WriteTempFile("shards.sh", script)).c_str()), 0);
  for (int k = 1; k <= 3; ++k) {
    EXPECT_EQ(ReadWholeFile(fmt::format("{}/rc{}", dir, k)), "0\n") << ReadWholeFile(fmt::format("{}/o{}", dir, k));
  }
  const auto merged = RunCli({"merge", dir + "/s2.json", dir + "/s3.json", dir + "/s1.json", "--out", dir + "/all.json",
                              "--format", "markdown"});
  ASSERT_EQ(merged.exit_code, 0) << merged.out << merged.err;
  EXPECT_NE(merged.out.find("merged from 3 of 3 shards"), std::string::npos) << merged.out;

  simdjson::dom::parser p1, p2, p3;
  const std::string whole_text = ReadWholeFile(dir + "/whole.json");
  const std::string all_text = ReadWholeFile(dir + "/all.json");
  const std::string shard_text = ReadWholeFile(dir + "/s1.json");
  auto a = Parse(p1, whole_text);
  auto b = Parse(p2, all_text);
  auto s1 = Parse(p3, shard_text);
  // The same cases, each with the same number of samples per variant.
  const auto counts = SampleCounts(a);
  EXPECT_EQ(counts.size(), 4u);
  EXPECT_EQ(SampleCounts(b), counts);
  for (const auto& [key, n] : counts) EXPECT_EQ(n, (std::vector<std::size_t>{8, 8})) << key;
  // The same verdict rules: one Holm family over all the cases (every case's noopt cell, less those whose
  // samples ran mixed code, which a run's code states decide), the same alpha, floor, sample minimum, pairing.
  EXPECT_EQ(HolmFamily(a), 4u);
  EXPECT_EQ(HolmFamily(b), 4u);
  EXPECT_EQ(a["analysis"]["min_samples"].get_uint64().value(), b["analysis"]["min_samples"].get_uint64().value());
  for (const char* field : {"alpha", "noise_floor_pct"}) {
    EXPECT_EQ(a["analysis"][field].get_double().value(), b["analysis"][field].get_double().value()) << field;
  }
  EXPECT_EQ(a["analysis"]["paired"].get_bool().value(), b["analysis"]["paired"].get_bool().value());
  EXPECT_TRUE(b["analysis"]["paired"].get_bool().value());
  // The shard file records its share and what merge checks; the merge records its shards.
  EXPECT_EQ(s1["shard"]["index"].get_int64().value(), 1);
  EXPECT_EQ(s1["shard"]["count"].get_int64().value(), 3);
  EXPECT_EQ(s1["shard"]["all_cases"].get_array().size(), 4u);
  EXPECT_EQ(s1["shard"]["cases"].get_array().size(), 2u);  // 4 cases over 3 shards: 2, 1, 1
  EXPECT_EQ(s1["suite_digests"].get_array().size(), 1u);
  EXPECT_TRUE(a["shard"].is_null());
  EXPECT_EQ(b["merged"]["count"].get_int64().value(), 3);
  EXPECT_EQ(b["merged"]["shards"].get_array().size(), 3u);
  // --plot: each case's samples as a text box plot per variant (a pipe is no terminal: only when asked).
  const auto plotted = RunCli({"merge", dir + "/s1.json", dir + "/s2.json", dir + "/s3.json", "--plot"});
  EXPECT_EQ(plotted.exit_code, 0) << plotted.err;
  EXPECT_NE(plotted.out.find("distribution"), std::string::npos) << plotted.out;
  EXPECT_NE(plotted.out.find("┤"), std::string::npos) << plotted.out;
  const auto unplotted = RunCli({"merge", dir + "/s1.json", dir + "/s2.json", dir + "/s3.json"});
  EXPECT_EQ(unplotted.out.find("distribution"), std::string::npos) << unplotted.out;
  // The merged file is a compare file: report renders it.
  const auto report = RunCli({"report", dir + "/all.json", "--format", "console"});
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.out.find("sh/sum/n:4"), std::string::npos);
  const auto report_plot = RunCli({"report", dir + "/all.json", "--format", "console", "--plot"});
  EXPECT_NE(report_plot.out.find("distribution"), std::string::npos) << report_plot.out;

  // Refusals, exit 2, each naming what differs.
  auto refused = [&](const std::vector<std::string>& args, const std::string& what) {
    const auto r = RunCli(args);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
  };
  refused({"merge", dir + "/s1.json", dir + "/s1.json", dir + "/s2.json", dir + "/s3.json"},
          "shard 1/3 is given twice");
  refused({"merge", dir + "/s1.json", dir + "/s3.json"}, "shard 2/3 is missing (given: 1/3, 3/3)");
  refused({"merge", dir + "/whole.json"}, "is not a shard");
  refused({"compare", "--resume", dir + "/all.json"}, "is a merge of shards");
  // Short shards (one case, few samples) that differ from the others in one respect each.
  const auto flags =
      RunCli(Fast({"compare", suite, "--variant", "base=", "--variant", "noopt=--no-opt --jitless", "--runs", "2",
                   "--min-samples", "2", "--shard", "3/3", "--out", dir + "/flags.json"}));
  ASSERT_EQ(flags.exit_code, 0) << flags.err;
  refused({"merge", dir + "/s1.json", dir + "/s2.json", dir + "/flags.json"},
          "variant 'noopt': flags: '--no-opt' in " + dir + "/s1.json, '--no-opt --jitless' in " + dir + "/flags.json");
  const auto runs = RunCli(Fast({"compare", suite, "--variant", "base=", "--variant", "noopt=--no-opt", "--runs", "2",
                                 "--min-samples", "2", "--shard", "3/3", "--out", dir + "/runs.json"}));
  ASSERT_EQ(runs.exit_code, 0) << runs.err;
  refused({"merge", dir + "/s1.json", dir + "/s2.json", dir + "/runs.json"},
          "settings.runs (--runs): 8 in " + dir + "/s1.json, 2 in " + dir + "/runs.json");
  // --allow-partial analyses the shards given.
  const auto partial = RunCli({"merge", dir + "/s1.json", dir + "/s3.json", "--allow-partial", "--format", "json"});
  EXPECT_EQ(partial.exit_code, 0) << partial.err;
  simdjson::dom::parser p4;
  EXPECT_EQ(SampleCounts(Parse(p4, partial.out)).size(), 3u);
}

}  // namespace
}  // namespace v8bench::testing
