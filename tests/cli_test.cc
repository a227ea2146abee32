// End to end: the built binary, as a user runs it. Exit codes: 0 ok, 1 a case failed, 2 bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string_view>

#include "harness/model/text_lines.h"
#include "harness/workers/run_supervisor.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;

using ::testing::AnyOf;
using testing::Fixture;
using ::testing::HasSubstr;
using testing::RunCli;

TEST(Cli, UnknownV8FlagIsAnErrorThatNamesIt) {
  auto r = RunCli({"run", Fixture("alloc.js"), "--quick", "--v8-flags", "--no-opt --bogus-flag"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--bogus-flag"));
}

TEST(Cli, MalformedV8FlagValueIsAnError) {
  auto r = RunCli({"info", "--", "--max-semi-space-size=abc"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--max-semi-space-size=abc"));
  EXPECT_THAT(r.err, HasSubstr("illegal value"));
}

TEST(Cli, FastTrigOnAV8WithoutTheSwitchSaysWhyAndWhatToDo) {
  auto r = RunCli({"info", "--fast-trig"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("v8_use_libm_trig_functions"));
  EXPECT_THAT(r.err, HasSubstr("V8_ROOT"));
  auto slow = RunCli({"info", "--no-fast-trig"});
  EXPECT_EQ(slow.exit_code, 0) << slow.err;
  EXPECT_THAT(slow.out, HasSubstr("fdlibm"));
  auto both = RunCli({"info", "--fast-trig", "--no-fast-trig"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("contradict"));
}

std::int64_t YoungGeneration(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"info", "--format", "json"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(r.out).get(doc) != simdjson::SUCCESS) return -1;
  return doc["young_generation_bytes"].get_int64().value();
}

TEST(Cli, SemiSpaceKnobChangesTheYoungGenerationV8Reports) {
  const auto pinned = YoungGeneration({"--semi-space", "64"});
  const auto dflt = YoungGeneration({});
  EXPECT_EQ(pinned, 64LL * 1024 * 1024);
  EXPECT_LT(dflt, pinned);
  EXPECT_EQ(YoungGeneration({"--semi-space", "2"}), 2LL * 1024 * 1024);
}

// --young-gen full (the default) starts V8's young generation at its maximum; grow is V8's own policy.
TEST(Cli, TheYoungGenerationStartsAtItsMaximumUnlessAskedToGrow) {
  const auto full = YoungGeneration({"--young-gen", "full"});
  EXPECT_GT(full, YoungGeneration({"--young-gen", "grow"}));
  EXPECT_EQ(YoungGeneration({}), full);
  EXPECT_GE(full, YoungGeneration({"--semi-space", "8"}));  // every V8 since 10.2 allows at least 8 MB on x64

  auto both = RunCli({"info", "--young-gen", "full", "--semi-space", "2"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("contradict"));
  auto bad = RunCli({"info", "--young-gen", "half"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--young-gen 'half': choose full (the default) or grow"));
}

// The young generation each case ended with (JSON `young_generation_bytes`), by bench name.
std::map<std::string, long long> YoungAtTheEnd(const std::vector<std::string>& extra) {
  const std::string path = testing::TempDir() + "/young.json";
  std::vector<std::string> args = {"run", Fixture("young_growth.js"), "--quick", "--no-native", "--out", path};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, long long> young;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.load(path).get(doc) != simdjson::SUCCESS) return young;
  for (auto b : doc["benchmarks"].get_array()) {
    const std::string name(b["name"].get_string().value());
    young[name.substr(0, name.find('_'))] = b["young_generation_bytes"].get_int64().value();
  }
  return young;
}

// Why --young-gen full is the default: under V8's own policy the young generation a case times depends
// on how much of its work survived (and so on how long it ran); started at its maximum, it does not.
TEST(Cli, WithAFullYoungGenerationWhatSurvivesDoesNotChangeItsSize) {
  auto full = YoungAtTheEnd({});
  ASSERT_EQ(full.size(), 2u);
  EXPECT_EQ(full["young/garbage"], full["young/survivors"]);
  auto grow = YoungAtTheEnd({"--young-gen", "grow"});
  ASSERT_EQ(grow.size(), 2u);
  EXPECT_LT(grow["young/garbage"], grow["young/survivors"]);
}

// Each repetition of `fixture` run with --quick: its case, the seconds it was to last at least, and the
// young collections that ran in it.
struct TimedRepetition {
  std::string name;
  double repetition_s = 0;
  double young_collections = 0;
};
std::vector<TimedRepetition> Repetitions(const std::string& fixture, const std::vector<std::string>& extra) {
  const std::string path = testing::TempDir() + "/repetitions.json";
  std::vector<std::string> args = {"run", Fixture(fixture), "--quick", "--no-native", "--out", path};
  args.insert(args.end(), extra.begin(), extra.end());
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<TimedRepetition> reps;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.load(path).get(doc) != simdjson::SUCCESS) return reps;
  for (auto b : doc["benchmarks"].get_array()) {
    if (b["run_type"].get_string().value() != "iteration") continue;  // not the aggregates
    TimedRepetition t{std::string(b["name"].get_string().value()), b["repetition_s"].get_double().value(), 0};
    double per_iteration = 0;
    if (b["scavenge_count"].get(per_iteration) == simdjson::SUCCESS) {
      t.young_collections = per_iteration * static_cast<double>(b["iterations"].get_int64().value());
    }
    reps.push_back(t);
  }
  return reps;
}

// A repetition of a case that allocates lasts long enough to span --min-young-gcs young collections (how
// many land in a short one decides its cost: RunSettings::min_young_collections); one that does not
// allocate lasts --min-time; 0 turns the rule off.
TEST(Cli, RepetitionsOfAnAllocatingCaseSpanTheYoungCollectionsAsked) {
  const auto asked = Repetitions("young_growth.js", {"--filter", "garbage", "--min-young-gcs", "200"});
  ASSERT_EQ(asked.size(), 3u);
  for (const auto& rep : asked) {
    EXPECT_GT(rep.repetition_s, 0.05);
    EXPECT_GE(rep.young_collections, 150) << "the rate is the warm-up's: the repetition's may differ a little";
  }
  const auto off = Repetitions("young_growth.js", {"--filter", "garbage", "--min-young-gcs", "0"});
  ASSERT_EQ(off.size(), 3u);
  for (const auto& rep : off) {
    EXPECT_EQ(rep.repetition_s, 0.05);
    EXPECT_LT(rep.young_collections, 150);
  }
  const auto none = Repetitions("alloc.js", {"--filter", "arith"});
  ASSERT_EQ(none.size(), 3u);
  for (const auto& rep : none) EXPECT_EQ(rep.repetition_s, 0.05);
}

TEST(Cli, MissingSuiteFileIsExit2) {
  auto r = RunCli({"run", "/nonexistent/suite.js"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/suite.js"));
}

TEST(Cli, SyntaxErrorShowsFileLineColumnAndSourceLine) {
  auto r = RunCli({"run", Fixture("bad_syntax.js"), "--quick"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("bad_syntax.js:4:"));
  EXPECT_THAT(r.err, HasSubstr("SyntaxError"));
  EXPECT_THAT(r.err, HasSubstr("broken: () => { return 1 +; },"));
  EXPECT_THAT(r.err, HasSubstr("^"));
}

TEST(Cli, ExceptionsFailTheirCaseWithTheStackAndOtherCasesStillRun) {
  auto r = RunCli({"run", Fixture("mixed_failures.js"), "--quick"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("setup exploded on purpose"));
  EXPECT_THAT(r.out, HasSubstr("mixed_failures.js:"));  // a stack frame in the suite file
  EXPECT_THAT(r.out, HasSubstr("RangeError: fn exploded on purpose"));
  EXPECT_THAT(r.out, HasSubstr("1 case ok, 2 failed"));
}

TEST(Cli, InfiniteLoopIsTerminatedByTimeoutAndReported) {
  auto r = RunCli({"run", Fixture("infinite.js"), "--quick", "--timeout", "2"}, 60);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.out, HasSubstr("infinite/spins"));
  EXPECT_THAT(r.out, HasSubstr("timed_out"));
  EXPECT_THAT(r.out, HasSubstr("1 case ok, 1 failed"));
}

TEST(Cli, HeapExhaustionIsReportedAsOutOfMemoryNotAnAbort) {
  auto r = RunCli({"run", Fixture("oom.js"), "--quick", "--v8-flags=--max-old-space-size=32"}, 120);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_THAT(r.out, HasSubstr("out_of_memory"));
  EXPECT_THAT(r.out, HasSubstr("--max-old-space-size"));
  EXPECT_THAT(r.out, HasSubstr("1 case ok, 1 failed"));
}

TEST(Cli, BadCommandLineValuesAreExit2WithTheOptionNamed) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"run", Fixture("alloc.js"), "--repetitions", "0"},
           {"run", Fixture("alloc.js"), "--format", "xml"},
           {"run", Fixture("alloc.js"), "--filter", "("},
           {"run", Fixture("alloc.js"), "--min-time", "soon"},
           {"run", Fixture("alloc.js"), "--semi-space", "0"},
           {"run", Fixture("alloc.js"), "--param", "novalue"},
           {"frobnicate"},
       }) {
    auto r = RunCli(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_FALSE(r.err.empty());
  }
  auto filter = RunCli({"run", Fixture("alloc.js"), "--filter", "nomatch"});
  EXPECT_EQ(filter.exit_code, 2);
  EXPECT_THAT(filter.err, HasSubstr("alloc/alloc_1x/n:64"));
}

// Results travel: run from the directory above the build, the context names the binary relative to it (as
// from a checkout: build/v8bench); run from elsewhere, by its absolute path.
TEST(Cli, ResultsNameTheBinaryRelativeToTheDirectoryTheyWereMadeIn) {
  const std::filesystem::path binary = std::filesystem::canonical(V8BENCH_BINARY);
  auto executable = [](const std::string& cwd) -> std::string {
    auto r = RunCli({"run", Fixture("alloc.js"), "--quick", "--filter", "arith", "--format", "json"}, 120, cwd);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    std::string_view exe;
    if (parser.parse(r.out).get(doc) != simdjson::SUCCESS || doc["context"]["executable"].get(exe)) return "";
    return std::string(exe);
  };
  EXPECT_EQ(executable(binary.parent_path().parent_path().string()),
            (binary.parent_path().filename() / binary.filename()).string());
  EXPECT_EQ(executable(testing::TempDir()), binary.string());
}

TEST(Cli, JsonOutputIsGoogleBenchmarkSchemaWithEngineContext) {
  const std::string path = testing::TempDir() + "/out.json";
  auto r = RunCli({"run", Fixture("alloc.js"), "--quick", "--out", path, "--semi-space", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("alloc/arith/n:64"));  // the table still goes to stdout
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(path).get(doc), simdjson::SUCCESS);
  auto context = doc["context"];
  EXPECT_FALSE(std::string(context["v8_version"].get_string().value()).empty());
  EXPECT_EQ(context["semi_space_mb"].get_int64().value(), 4);
  EXPECT_EQ(context["young_generation_bytes"].get_int64().value(), 4LL * 1024 * 1024);
  EXPECT_EQ(std::string(context["trig_path"].get_string().value()), "fdlibm");
  EXPECT_THAT(std::string(context["v8_flags"].get_string().value()), HasSubstr("--max-semi-space-size=4"));
  int iterations = 0, medians = 0, cvs = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    const std::string type(b["run_type"].get_string().value());
    EXPECT_EQ(std::string(b["time_unit"].get_string().value()), "ns");
    EXPECT_EQ(std::string(b["realm"].get_string().value()), "v8");
    for (const char* field :
         {"real_time", "cpu_time", "cpu_ns", "process_cpu_ns", "gc_ns", "gc_count", "alloc_bytes", "peak_heap_bytes"}) {
      EXPECT_FALSE(b[field].error()) << field;
    }
    if (type == "iteration") {
      ++iterations;
      EXPECT_GT(b["iterations"].get_int64().value(), 0);
    } else {
      const std::string agg(b["aggregate_name"].get_string().value());
      medians += agg == "median";
      cvs += agg == "cv";
    }
  }
  EXPECT_EQ(iterations, 3 * 3);  // 3 cases x 3 repetitions (--quick)
  EXPECT_EQ(medians, 3);
  EXPECT_EQ(cvs, 3);
}

TEST(Cli, CsvOutputHasAHeaderAndARowPerCase) {
  auto r = RunCli({"run", Fixture("alloc.js"), "--quick", "--format", "csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("name,suite,bench,realm,params,status", 0), 0u);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4);
}

TEST(Cli, ACrashMidRunKeepsEveryFinishedCaseOnDisk) {
  const std::string path = testing::TempDir() + "/partial.json";
  auto r = RunCli({"run", Fixture("crash_midway.js"), "--quick", "--out", path});
  EXPECT_NE(r.exit_code, 0);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(path).get(doc), simdjson::SUCCESS) << "the results file must be whole JSON";
  bool first = false;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    first |= std::string(b["run_name"].get_string().value()) == "crash_midway/first";
  }
  EXPECT_TRUE(first);
}

// A case that kills its process is reported by the supervising run from the child's start line: in the
// case's own realm, as every other line of that suite.
TEST(Cli, AJsonlCrashLineNamesTheCasesRealm) {
  auto r = RunCli({"run", Fixture("crash_midway.js"), "--quick", "--format", "jsonl"});
  EXPECT_NE(r.exit_code, 0);
  simdjson::dom::parser parser;
  int cases = 0;
  ForEachLine(r.out, [&](std::string_view text) {
    simdjson::dom::element line;
    if (text.empty() || parser.parse(std::string(text)).get(line) != simdjson::SUCCESS) return;
    std::string_view type, realm;
    if (line["type"].get(type) != simdjson::SUCCESS || (type != "case" && type != "start")) return;
    ASSERT_EQ(line["realm"].get(realm), simdjson::SUCCESS) << text;
    EXPECT_EQ(realm, "node") << text;
    cases += type == "case";
  });
  EXPECT_EQ(cases, 2) << r.out;  // first: ok; second: crashed
}

TEST(Cli, HelpExplainsItselfAndListShowsGrids) {
  auto help = RunCli({"run", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* opt : {"--semi-space MB", "--fast-trig", "--timeout S", "--quick", "--format", "--out FILE"}) {
    EXPECT_THAT(help.out, HasSubstr(opt));
  }
  EXPECT_EQ(RunCli({}).exit_code, 2);
  auto list = RunCli({"list", Fixture("alloc.js")});
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_THAT(list.out, HasSubstr("alloc  (realm v8, 3 cases"));
  EXPECT_THAT(list.out, HasSubstr("n: [64]"));
}

}  // namespace
}  // namespace v8bench

namespace v8bench {
namespace {

TEST(CliNative, FloorsAreMeasuredBesideTheJsFigureAndAlone) {
  const std::string path = testing::TempDir() + "/floors.json";
  auto r = testing::RunCli({"run", testing::Fixture("floors.js"), "--quick", "--out", path});
  EXPECT_EQ(r.exit_code, 1) << "bad_floor declares an unknown kind";
  EXPECT_THAT(r.out, HasSubstr("native json_parse"));
  EXPECT_THAT(r.out, HasSubstr("native memcpy"));
  EXPECT_THAT(r.out, AnyOf(HasSubstr("unknown kind"), HasSubstr("kind one of")));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(path).get(doc), simdjson::SUCCESS);
  int with_floor = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    double ratio = 0;
    if (b["js_over_native"].get_double().get(ratio) == simdjson::SUCCESS) {
      ++with_floor;
      EXPECT_GT(ratio, 0);
      EXPECT_GT(b["native_ns"].get_double().value(), 0);
    }
  }
  EXPECT_GT(with_floor, 0);

  auto alone = testing::RunCli({"native", testing::Fixture("floors.js"), "--quick", "--filter", "parse|sin|copy"});
  EXPECT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_THAT(alone.out, HasSubstr("GB/s"));
  EXPECT_THAT(alone.out, HasSubstr("per call"));
  EXPECT_THAT(alone.out, HasSubstr("3 floors measured"));
}

// Issue 12, item 5: a case that ends its own process is reported as crashed; the run goes on.
TEST(Cli, ACaseThatKillsItsProcessIsReportedAsCrashedAndTheRunContinues) {
  for (const char* how : {"abort", "kill"}) {
    const std::string out = testing::TempDir() + "/killed.json";
    auto r = testing::RunCli(
        {"run", testing::Fixture("kills_process.js"), "--quick", "--param", std::string("how=") + how, "--out", out});
    EXPECT_EQ(r.exit_code, 1) << how << r.err;
    EXPECT_NE(r.out.find("crashed"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::string(how) == "abort" ? "SIGABRT" : "SIGKILL"), std::string::npos) << r.out;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    ASSERT_EQ(parser.parse(testing::ReadWholeFile(out)).get(doc), simdjson::SUCCESS);
    std::map<std::string, std::string> status;
    for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
      std::string_view name, st;
      if (b["run_name"].get(name) == simdjson::SUCCESS && b["status"].get(st) == simdjson::SUCCESS) {
        status[std::string(name)] = std::string(st);
      }
    }
    const std::string suffix = std::string("/how:") + how;
    EXPECT_EQ(status["kills_process/before" + suffix], "ok") << how;
    EXPECT_EQ(status["kills_process/dies" + suffix], "crashed") << how;
    EXPECT_EQ(status["kills_process/after" + suffix], "ok") << how;
  }
}

TEST(Cli, TheRunsChildGetsTheUsersArgumentsWithTheWorkerProtocolAndItsOwnFilter) {
  const std::vector<std::string> argv = {"s.js", "--format", "json", "--out=x.json", "--filter",
                                         "a",    "--quick",  "--",   "--out",        "--filter=b"};
  const std::vector<std::string> want = {"s.js",    "--quick", "--format", "jsonl",     "--filter",
                                         "^(?:x)$", "--",      "--out",    "--filter=b"};
  EXPECT_EQ(workers::ChildRunArgs(argv, "^(?:x)$"), want);
}

TEST(Cli, RunWithAnExternalEngineStartsItAsACompareWorkerWithTheSeal) {
  workers::WorkerEngine node;
  node.engine = "/opt/node";
  node.engine_kind = workers::EngineKind::kNode;
  node.runner = "/tmp/runner.mjs";
  workers::SupervisorRequest request;
  request.executable = "/bin/v8bench";
  request.engine = &node;
  request.sampling.suites = {"s.js"};
  const workers::LaunchRequest sealed = workers::ChildLaunch(request, "^(?:x)$", "0123456789abcdef");
  EXPECT_EQ(sealed.executable, "/opt/node");
  EXPECT_EQ(sealed.stdin_data, "0123456789abcdef");
  auto count = [](const std::vector<std::string>& args, const std::string& a) {
    return std::count(args.begin(), args.end(), a);
  };
  EXPECT_EQ(count(sealed.args, "/tmp/runner.mjs"), 1);
  EXPECT_EQ(count(sealed.args, "--sealed"), 1);
  EXPECT_EQ(count(sealed.args, "^(?:x)$"), 1);
  // Without a key (workerd's worker has no stdin) the runner is not asked for one.
  EXPECT_EQ(count(workers::ChildLaunch(request, "", "").args, "--sealed"), 0);
  // No engine: this v8bench again, sealed as ever.
  request.engine = nullptr;
  request.argv = {"s.js", "--engine", "/opt/v8bench"};
  const workers::LaunchRequest own = workers::ChildLaunch(request, "", "0123456789abcdef");
  EXPECT_EQ(own.executable, "/bin/v8bench");
  EXPECT_EQ(count(own.args, "--sealed"), 1);
  EXPECT_EQ(count(own.args, "--engine"), 0);
}

}  // namespace
}  // namespace v8bench
