// The harness knows which machine code it timed (issue 9): every repetition carries the tiers of its
// batch loop and bench, code that changes while timed is flagged, the tiering sequence does not
// depend on the timing settings, and the smaller validity fixes found on the way.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "harness/measure/metrics.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using testing::RunCli;

struct Rep {
  std::string batch, bench;
  bool changed = false;
  double compiles = -1;
  double wall_ns = 0, gc_ns = 0, alloc_bytes = -1, page_faults = -1;
};

struct CaseLine {
  std::string name, tier;
  bool loop_unoptimised = false;
  std::int64_t reruns = -1;
  std::vector<Rep> reps;
};

std::string context_malloc;  // the last RunJsonl's context "malloc"

// The JSONL case lines of `v8bench run ... --format jsonl`.
std::vector<CaseLine> RunJsonl(std::vector<std::string> args) {
  args.insert(args.begin(), "run");
  args.push_back("--format");
  args.push_back("jsonl");
  auto r = RunCli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<CaseLine> out;
  simdjson::dom::parser parser;
  for (const std::string& line : testing::Lines(r.out)) {
    simdjson::dom::element doc;
    if (line.empty() || parser.parse(line).get(doc) != simdjson::SUCCESS) continue;
    std::string_view type;
    if (doc["type"].get(type) != simdjson::SUCCESS) continue;
    std::string_view sv;
    if (type == "context" && doc["malloc"].get(sv) == simdjson::SUCCESS) context_malloc = sv;
    if (type != "case") continue;
    CaseLine c;
    if (doc["name"].get(sv) == simdjson::SUCCESS) c.name = sv;
    if (doc["tier"].get(sv) == simdjson::SUCCESS) c.tier = sv;
    if (doc["loop_unoptimised"].get(c.loop_unoptimised) != simdjson::SUCCESS) c.loop_unoptimised = false;
    if (doc["reruns"].get(c.reruns) != simdjson::SUCCESS) c.reruns = -1;
    simdjson::dom::array samples;
    if (doc["samples"].get(samples) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element s : samples) {
      Rep rep;
      simdjson::dom::element code;
      if (s["code"].get(code) == simdjson::SUCCESS) {
        if (code["batch"].get(sv) == simdjson::SUCCESS) rep.batch = sv;
        if (code["bench"].get(sv) == simdjson::SUCCESS) rep.bench = sv;
        if (code["changed"].get(rep.changed) != simdjson::SUCCESS) rep.changed = false;
        if (code["compiles"].get(rep.compiles) != simdjson::SUCCESS) rep.compiles = -1;
      }
      for (auto [key, slot] :
           {std::pair{"wall_ns", &rep.wall_ns}, std::pair{"gc_ns", &rep.gc_ns},
            std::pair{"alloc_bytes", &rep.alloc_bytes}, std::pair{"page_faults", &rep.page_faults}}) {
        if (s["counters"][key].get(*slot) != simdjson::SUCCESS) *slot = -1;
      }
      c.reps.push_back(rep);
    }
    out.push_back(std::move(c));
  }
  return out;
}

TEST(CodeState, EveryRepetitionRecordsTheTiersThatRanWhateverTheTimingSettings) {
  // The same tiering sequence under very different warm-ups: the timed code is TurboFan for the batch
  // loop and the bench, unchanged while timed.
  for (const std::vector<std::string>& timing : {std::vector<std::string>{"--quick"},
                                                 {"--warmup", "0", "--min-time", "0.01", "--repetitions", "3"},
                                                 {"--warmup", "0.3", "--min-time", "0.1", "--repetitions", "2"}}) {
    std::vector<std::string> args = {Fixture("code_state.js"), "--filter", "code_state/steady"};
    args.insert(args.end(), timing.begin(), timing.end());
    auto cases = RunJsonl(args);
    ASSERT_EQ(cases.size(), 1u);
    EXPECT_EQ(cases[0].tier, "optimized");
    ASSERT_FALSE(cases[0].reps.empty());
    for (const Rep& rep : cases[0].reps) {
      EXPECT_EQ(rep.batch, "turbofan") << timing[0];
      EXPECT_EQ(rep.bench, "turbofan") << timing[0];
      EXPECT_FALSE(rep.changed);
      EXPECT_EQ(rep.compiles, 0);
    }
  }
}

TEST(CodeState, TierInterpreterNeverOptimisesTheBatchLoop) {
  auto cases =
      RunJsonl({Fixture("code_state.js"), "--filter", "code_state/steady", "--quick", "--tier", "interpreter"});
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].tier, "interpreter");
  for (const Rep& rep : cases[0].reps) {
    EXPECT_NE(rep.batch, "turbofan");
    EXPECT_NE(rep.batch, "");
  }
}

// A case whose calls last milliseconds: the warm-up leaves its batch loop unoptimised once it has seen the
// pace (measure/method_rules.h unoptimised_loop_call_seconds), the bench function keeping its optimised
// code, and the case line says so; a case of microseconds keeps its loop optimised.
TEST(CodeState, ABatchLoopIsLeftUnoptimisedWhereOneCallIsLong) {
  const auto cases = RunJsonl({Fixture("code_state.js"), "--filter", "code_state/(long_call|steady)", "--quick"});
  ASSERT_EQ(cases.size(), 2u);
  for (const CaseLine& c : cases) {
    const bool long_call = c.name.find("long_call") != std::string::npos;
    EXPECT_EQ(c.loop_unoptimised, long_call) << c.name;
    ASSERT_FALSE(c.reps.empty()) << c.name;
    for (const Rep& rep : c.reps) {
      EXPECT_EQ(rep.bench, "turbofan") << c.name;
      if (long_call) {
        EXPECT_TRUE(rep.batch == "ignition" || rep.batch == "sparkplug") << rep.batch;
      } else {
        EXPECT_EQ(rep.batch, "turbofan") << c.name;
      }
    }
  }
}

TEST(CodeState, AnUnknownTierModeIsAnErrorThatListsTheChoices) {
  auto r = RunCli({"run", Fixture("code_state.js"), "--quick", "--tier", "fastest"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("optimized"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("interpreter"), std::string::npos) << r.err;
}

// code_state/deopt_later in one isolate, warm-up capped at 0.3 s, 3 repetitions, plus `more`.
std::vector<std::string> DeoptLaterArgs(std::initializer_list<std::string> more) {
  std::vector<std::string> args = {
      Fixture("code_state.js"), "--isolates", "1", "--filter", "code_state/deopt_later", "--warmup", "0.05",
      "--max-warmup",           "0.3"};
  args.insert(args.end(), more);
  return args;
}

TEST(CodeState, CodeThatDeoptimisesWhileTimedIsFlaggedInTheDataAndInPlainWords) {
  // The bench's input changes type 0.6 s after setup: after the warm-up (capped at 0.3 s), during the
  // repetitions (3 x >= 0.3 s, in one isolate: each fresh isolate would run its own setup, so with the
  // default 3 isolates of one repetition each the flip could fall after every repetition). Kept
  // (--keep-changed), not timed again.
  const auto args = DeoptLaterArgs({"--min-time", "0.3", "--repetitions", "3", "--keep-changed"});
  auto cases = RunJsonl(args);
  ASSERT_EQ(cases.size(), 1u);
  bool flagged = false;
  for (const Rep& rep : cases[0].reps) flagged = flagged || rep.changed;
  EXPECT_TRUE(flagged) << "no repetition was flagged as having run changing code";
  EXPECT_EQ(cases[0].reruns, 0);

  std::vector<std::string> console = {"run", "--explain"};  // the per-case notes (the summary counts cases)
  console.insert(console.end(), args.begin(), args.end());
  auto r = RunCli(console);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("repetitions ran code that V8 changed while they were timed"), std::string::npos) << r.out;
}

// By default the repetition the flip fell into is discarded and timed again: the case still has its 10
// repetitions, records how many were re-run, and says so in plain words. The flip (0.6 s after setup)
// falls into the repetitions (10 x >= 0.1 s after a warm-up capped at 0.3 s) even when a loaded machine
// delays the warm-up's start by up to 0.3 s; short repetitions leave the re-runs room within their
// budget (--max-warmup seconds) for V8's re-optimisation after the deopt.
TEST(CodeState, ARepetitionDuringWhichTheCodeChangedIsTimedAgain) {
  const auto args = DeoptLaterArgs({"--param", "flip_after_s=0.6", "--min-time", "0.1", "--repetitions", "10"});
  auto cases = RunJsonl(args);
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_GE(cases[0].reruns, 1);
  EXPECT_LE(cases[0].reruns, 20);  // reruns_per_repetition x --repetitions (measure/method_rules.h)
  EXPECT_EQ(cases[0].reps.size(), 10u);
  int changed = 0;
  for (const Rep& rep : cases[0].reps) changed += rep.changed ? 1 : 0;
  EXPECT_EQ(changed, 0) << "the flip's repetition was kept; " << cases[0].reruns << " re-run";

  std::vector<std::string> console = {"run", "--explain"};  // the per-case notes (the summary counts cases)
  console.insert(console.end(), args.begin(), args.end());
  auto r = RunCli(console);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("timed again because V8 changed the code while it was timed"), std::string::npos) << r.out;
}

TEST(CodeState, ABenchReturningADoubleAllocatesNothing) {
  auto cases = RunJsonl({Fixture("code_state.js"), "--filter", "code_state/double_value", "--quick"});
  ASSERT_EQ(cases.size(), 1u);
  for (const Rep& rep : cases[0].reps) {
    EXPECT_GE(rep.alloc_bytes, 0);
    EXPECT_LT(rep.alloc_bytes, 1.0) << "a returned double was boxed (a heap number is 16 B or more)";
  }
}

TEST(CodeState, GcShareIsAgainstWallTimeAndNeverAboveOne) {
  EXPECT_DOUBLE_EQ(GcShare(50, 200), 0.25);
  EXPECT_DOUBLE_EQ(GcShare(5, 0), 0);
  // A churning case with a 1 MB young generation: GC pauses are part of the batch's wall time.
  auto cases = RunJsonl({testing::SuitePath("young_gen.js"), "--quick", "--semi-space", "1", "--filter", "ssr"});
  ASSERT_FALSE(cases.empty());
  for (const CaseLine& c : cases) {
    for (const Rep& rep : c.reps) {
      EXPECT_GT(rep.gc_ns, 0) << c.name;
      EXPECT_LE(GcShare(rep.gc_ns, rep.wall_ns), 1.0) << c.name;
    }
  }
}

// --tier optimized times optimised code even when V8 deoptimised the loop after settle(): the
// bench's input changes type during the warm-up, and V8's own re-optimisation is kept away (a huge
// interrupt budget), so only the warm-up's second settle can bring TurboFan back.
TEST(CodeState, ALoopDeoptimisedDuringWarmUpIsSettledAgainBeforeTiming) {
  auto cases = RunJsonl({Fixture("code_state.js"), "--filter", "code_state/deopt_early", "--repetitions", "3",
                         "--min-time", "0.1", "--v8-flags", "--interrupt-budget=1000000000"});
  ASSERT_EQ(cases.size(), 1u);
  ASSERT_EQ(cases[0].reps.size(), 3u);
  for (const Rep& rep : cases[0].reps) {
    EXPECT_EQ(rep.batch, "turbofan");
    EXPECT_FALSE(rep.changed);
  }
}

// A case that allocates and drops a 256 KiB Buffer per iteration: with glibc's default thresholds the
// freed buffer goes back to the OS and the next one faults in 64 fresh pages (kernel time charged to
// the case, 3-4x its CPU here); v8bench pins the thresholds, so the pages are faulted once, in
// warm-up. A user's own glibc.malloc tunables win, and the context says whose policy ran.
TEST(CodeState, TheCHeapKeepsFreedMemorySoABigBufferFaultsOnlyInWarmUp) {
  const std::vector<std::string> args = {testing::SuitePath("buffer_concat.js"), "--quick", "--filter",
                                         "concat_total_length/chunk:1024/chunks:256"};
  auto pinned = RunJsonl(args);
  EXPECT_EQ(context_malloc.rfind("pinned", 0), 0u) << context_malloc;
  ASSERT_EQ(pinned.size(), 1u);
  // The median repetition: on a loaded machine V8's concurrent sweeper can fall behind in one repetition,
  // so more buffers are alive at once and the heap grows into fresh pages there (not the policy's doing).
  std::vector<double> pinned_faults;
  for (const Rep& rep : pinned[0].reps) pinned_faults.push_back(rep.page_faults);
  std::sort(pinned_faults.begin(), pinned_faults.end());
  EXPECT_LT(pinned_faults[pinned_faults.size() / 2], 8) << "faults per iteration (64 = every page)";

  ASSERT_EQ(setenv("GLIBC_TUNABLES", "glibc.malloc.trim_threshold=131072", 1), 0);
  auto trimming = RunJsonl(args);
  unsetenv("GLIBC_TUNABLES");
  EXPECT_NE(context_malloc.find("trim_threshold=131072 (the user's)"), std::string::npos) << context_malloc;
  ASSERT_EQ(trimming.size(), 1u);
  std::vector<double> faults;
  for (const Rep& rep : trimming[0].reps) faults.push_back(rep.page_faults);
  std::sort(faults.begin(), faults.end());
  EXPECT_GT(faults[faults.size() / 2], 32) << "the harness no longer sees pages returned to the OS";
}

}  // namespace
}  // namespace v8bench
