// The one knob-to-V8-flag translation (model/knobs.h), which the embedded engine (ComposeV8Flags)
// and the compare driver (external engines' worker command lines) both use.
#include "harness/model/knobs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/driver/driver.h"
#include "harness/driver/variant.h"
#include "harness/engine/engine_options.h"

namespace v8bench {
namespace {

using Flags = std::vector<std::string>;

TEST(Knobs, EachKnobBecomesItsV8Flags) {
  const Flags full = {"--min-semi-space-size=1024"};  // V8 clamps it to its maximum
  EXPECT_EQ(KnobV8Flags({}), full);                   // the default: started at its maximum
  EXPECT_EQ(KnobV8Flags(
                {.semi_space_mb = std::nullopt, .trig = TrigRequest::kEngineDefault, .young = YoungGeneration::kGrow}),
            Flags{});  // V8's own young generation policy
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 16}), (Flags{"--min-semi-space-size=16", "--max-semi-space-size=16"}));
  // A pinned semi-space is pinned whatever --young-gen says.
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 16, .trig = TrigRequest::kEngineDefault, .young = YoungGeneration::kFull}),
            (Flags{"--min-semi-space-size=16", "--max-semi-space-size=16"}));
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = std::nullopt, .trig = TrigRequest::kFast, .young = YoungGeneration::kGrow}),
            Flags{"--use-libm-trig-functions"});
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = std::nullopt, .trig = TrigRequest::kSlow, .young = YoungGeneration::kFull}),
            (Flags{full[0], "--no-use-libm-trig-functions"}));
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 1, .trig = TrigRequest::kFast}),
            (Flags{"--min-semi-space-size=1", "--max-semi-space-size=1", "--use-libm-trig-functions"}));
  EXPECT_EQ(TrigV8Flag(TrigRequest::kEngineDefault), "");
  EXPECT_STREQ(TrigKnobName(TrigRequest::kSlow), "--no-fast-trig");
  EXPECT_STREQ(YoungGenerationName(YoungGeneration::kFull), "full");
}

TEST(Knobs, AVariantsYoungGenerationKnobIsCheckedAndKept) {
  auto full = driver::ParseVariant("grown=--young-gen full");
  ASSERT_TRUE(full.ok()) << full.error().message;
  EXPECT_EQ(full->knobs.young, YoungGeneration::kFull);
  EXPECT_EQ(full->worker_args, (Flags{"--young-gen", "full"}));  // a v8bench worker gets the same knob
  auto dflt = driver::ParseVariant("base=--no-opt");
  ASSERT_TRUE(dflt.ok());
  EXPECT_EQ(dflt->knobs.young, YoungGeneration::kFull);  // the default, for external engines too
  auto grow = driver::ParseVariant("fresh=--young-gen grow");
  ASSERT_TRUE(grow.ok());
  EXPECT_EQ(grow->knobs.young, YoungGeneration::kGrow);
  EXPECT_EQ(grow->worker_args, (Flags{"--young-gen", "grow"}));

  auto bad = driver::ParseVariant("x=--young-gen=half");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("choose full (the default) or grow"), std::string::npos) << bad.error().message;
  auto both = driver::ParseVariant("x=--semi-space 4 --young-gen full");
  ASSERT_FALSE(both.ok());
  EXPECT_NE(both.error().message.find("contradict"), std::string::npos) << both.error().message;
}

TEST(Knobs, AVariantsMainCpuIsAKnobForItsWorkersAndCompareFillsInTheRest) {
  auto own = driver::ParseVariant("own=--main-cpu 0 --no-opt");
  ASSERT_TRUE(own.ok()) << own.error().message;
  EXPECT_EQ(own->worker_args, (Flags{"--main-cpu", "0"}));  // for `run`, not a V8 flag
  EXPECT_EQ(own->main_cpu, 0);
  EXPECT_EQ(own->v8_flags, (Flags{"--no-opt"}));
  auto eq = driver::ParseVariant("own=--main-cpu=0");
  ASSERT_TRUE(eq.ok()) << eq.error().message;
  EXPECT_EQ(eq->worker_args, (Flags{"--main-cpu", "0"}));
  for (const char* bad : {"x=--main-cpu first", "x=--main-cpu -1", "x=--main-cpu 4096", "x=--main-cpu"}) {
    auto r = driver::ParseVariant(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().message.find("--main-cpu"), std::string::npos) << r.error().message;
  }
  // A CPU this machine lacks is not refused when a variant is read (a saved comparison travels), only
  // when workers would run it (workers::PrepareWorkerEngine) or when compare --main-cpu gives it.
  EXPECT_TRUE(driver::ParseVariant("far=--main-cpu 4095").ok());

  auto free = driver::ParseVariant("free=--no-opt");
  ASSERT_TRUE(free.ok());
  std::vector<driver::Variant> variants = {own.value(), free.value()};
  ASSERT_TRUE(driver::ApplyMainCpu(variants, 0).ok());
  EXPECT_EQ(variants[0].worker_args, (Flags{"--main-cpu", "0"}));  // its own pin, not a second one
  EXPECT_EQ(variants[0].flags_text, "--main-cpu 0 --no-opt");
  EXPECT_EQ(variants[1].worker_args, (Flags{"--main-cpu", "0"}));
  EXPECT_EQ(variants[1].flags_text, "--no-opt --main-cpu 0");  // shown, and derived again on --resume
  auto again = driver::ParseVariant("free=" + variants[1].flags_text);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->worker_args, variants[1].worker_args);
  auto refused = driver::ApplyMainCpu(variants, 4095);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("--main-cpu 4095: this process may run on"), std::string::npos)
      << refused.error().message;
  workers::WorkerEngine far;
  far.worker_args = {"--main-cpu", "4095"};  // as ParseVariant("far=--main-cpu 4095") leaves it
  far.main_cpu = 4095;
  auto prepared = workers::PrepareWorkerEngine(far, "far", "cpu_ns");
  ASSERT_FALSE(prepared.ok());
  EXPECT_NE(prepared.error().message.find("variant far: --main-cpu 4095"), std::string::npos)
      << prepared.error().message;
}

// compare --set NAME=VALUE is compare.js's --set: every variant gets --param NAME=VALUE, unless it sets NAME
// itself; shown in flags_text, so that a resumed comparison derives the same variant again.
TEST(Knobs, CompareSetGivesEveryVariantTheParamItDoesNotSetItself) {
  using Flags = std::vector<std::string>;
  auto own = driver::ParseVariant("own=--param n=5");
  auto plain = driver::ParseVariant("plain=");
  ASSERT_TRUE(own.ok() && plain.ok());
  std::vector<driver::Variant> variants = {own.value(), plain.value()};
  ASSERT_TRUE(driver::ApplySets(variants, {"n=100", "len=0,64"}).ok());
  EXPECT_EQ(variants[0].worker_args, (Flags{"--param", "n=5", "--param", "len=0,64"}));
  EXPECT_EQ(variants[1].worker_args, (Flags{"--param", "n=100", "--param", "len=0,64"}));
  EXPECT_EQ(variants[1].flags_text, "--param n=100 --param len=0,64");
  auto again = driver::ParseVariant("plain=" + variants[1].flags_text);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->worker_args, variants[1].worker_args);
  EXPECT_EQ(again->params, variants[1].params);
  auto refused = driver::ApplySets(variants, {"no-equals-sign"});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message.rfind("--set no-equals-sign: ", 0), 0u) << refused.error().message;
}

TEST(Knobs, TheEmbeddedEngineGetsTheKnobsFlagsBeforeTheUsersOwn) {
  EngineOptions options;
  options.semi_space_mb = 2;
  options.trig = TrigRequest::kSlow;
  options.v8_flags = {"--max-semi-space-size=4"};  // the user's own flag comes last, so it wins
  EXPECT_EQ(ComposeV8Flags(options), (Flags{"--min-semi-space-size=2", "--max-semi-space-size=2",
                                            "--no-use-libm-trig-functions", "--max-semi-space-size=4"}));
}

TEST(Knobs, AVariantsKnobsAreParsedOnceAndReachAnExternalEngineAsTheSameFlags) {
  auto v = driver::ParseVariant("fast=--semi-space 8 --fast-trig --no-opt --param n=1");
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_EQ(v->knobs.semi_space_mb, 8);
  EXPECT_EQ(v->knobs.trig, TrigRequest::kFast);
  EXPECT_EQ(v->v8_flags, Flags{"--no-opt"});
  EXPECT_FALSE(driver::ParseVariant("x=--fast-trig --no-fast-trig").ok());

  driver::CompareSettings s;
  s.suites = {"x.js"};
  driver::Variant node = v.value();
  node.engine_kind = workers::EngineKind::kNode;
  node.runner = "/tmp/runner.mjs";
  const Flags args = workers::WorkerArgs(driver::WorkerSamplingOf(s), node, "");
  const Flags expected_flags = {"--allow-natives-syntax", "--min-semi-space-size=8", "--max-semi-space-size=8",
                                "--use-libm-trig-functions", "--no-opt"};
  ASSERT_GE(args.size(), expected_flags.size());
  EXPECT_EQ(Flags(args.begin(), args.begin() + static_cast<long>(expected_flags.size())), expected_flags);
  // Once the driver has checked the flags against the engine, the checked list is what it gets.
  node.engine_v8_flags = Flags{"--min-semi-space-size=8", "--max-semi-space-size=8"};
  const Flags checked = workers::WorkerArgs(driver::WorkerSamplingOf(s), node, "");
  EXPECT_EQ(checked[1], "--min-semi-space-size=8");
  EXPECT_EQ(checked[3], "/tmp/runner.mjs");
}

}  // namespace
}  // namespace v8bench
