// What `profile --engine` reads from the external runner's stdout (workers/engine_profile.h), and the
// text printed around an engine's profile tables (profile/profile_text.h).
#include "harness/workers/engine_profile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/profile/profile_text.h"

namespace v8bench::workers {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kProfileLine =
    R"({"type":"profile","engine":"node","engine_version":"v22.1.0","v8_version":"12.4","js_engine":"V8",)"
    R"("batch_function":"numberBatch","iterations":1200,"batch_size":300,"warmup_s":0.5,"profiled_s":2.01,)"
    R"("code_before":{"batch":"sparkplug","bench":"ignition"},"code_after":{"batch":"turbofan","bench":"maglev"}})";

TEST(EngineProfile, ReadsTheRunnersProfileLineAmongOtherOutput) {
  const std::string out = std::string("a suite's console.log\n{not json\n{\"type\":\"other\"}\n") + kProfileLine + "\n";
  auto said = ReadRunnerOutput(out, "s.js", "s/a", false);
  ASSERT_TRUE(said.ok()) << said.error().message;
  EXPECT_EQ(said->engine, "node");
  EXPECT_EQ(said->engine_version, "v22.1.0");
  EXPECT_EQ(said->batch_function, "numberBatch");
  EXPECT_EQ(said->iterations, 1200u);
  EXPECT_EQ(said->batch_size, 300u);
  EXPECT_DOUBLE_EQ(said->profiled_s, 2.01);
  EXPECT_EQ(said->code_before, "batch loop Sparkplug, bench Ignition");
  EXPECT_EQ(said->code_after, "batch loop TurboFan, bench Maglev");
}

TEST(EngineProfile, ReadsWhichProfilerSampledAndWhy) {
  std::string line = kProfileLine;
  line.insert(line.size() - 1, R"(,"profiler":"instrument","profiler_why":"in-process instrument /b/x-108.node")");
  auto said = ReadRunnerOutput(line, "s.js", "s/a", false);
  ASSERT_TRUE(said.ok()) << said.error().message;
  EXPECT_TRUE(said->InProcess());
  EXPECT_EQ(said->profiler_why, "in-process instrument /b/x-108.node");
  auto plain = ReadRunnerOutput(kProfileLine, "s.js", "s/a", false);
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(plain->InProcess());
}

TEST(EngineProfile, AMissingFigureOrNoProfileLineIsAnInputError) {
  auto lacking = ReadRunnerOutput(R"({"type":"profile","engine":"node","iterations":1})", "s.js", "s/a", false);
  ASSERT_FALSE(lacking.ok());
  EXPECT_EQ(lacking.error().kind, Error::Kind::kInput);
  EXPECT_THAT(lacking.error().message, HasSubstr("lacks iterations"));
  auto none = ReadRunnerOutput("Segmentation fault\n", "s.js", "s/a", false);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().kind, Error::Kind::kInput);
  EXPECT_THAT(none.error().message, HasSubstr("printed no profile line"));
}

TEST(EngineProfile, AnUnknownCaseIsAUsageErrorListingAtMostSixtyCases) {
  std::string cases;
  for (int i = 0; i < 70; ++i) cases += (i ? ",\"s/c" : "\"s/c") + std::to_string(i) + "\"";
  const std::string line = R"({"type":"profile_error","kind":"usage","cases":[)" + cases + "]}\n";
  auto said = ReadRunnerOutput(line + kProfileLine, "s.js", "s/nope", true);
  ASSERT_FALSE(said.ok());
  EXPECT_EQ(said.error().kind, Error::Kind::kUsage);
  EXPECT_THAT(said.error().message, HasSubstr("--case 's/nope': no such case in s.js (with --quick)"));
  EXPECT_THAT(said.error().message, HasSubstr("\n  s/c59\n"));
  EXPECT_THAT(said.error().message, Not(HasSubstr("s/c60")));
  EXPECT_THAT(said.error().message, HasSubstr("... and 10 more"));
  auto other = ReadRunnerOutput(R"({"type":"profile_error","message":"no inspector"})", "s.js", "s/a", false);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().message, "profile --engine: no inspector");
}

TEST(EngineProfile, WorkerdIsRefusedAndBunGetsNoV8Flags) {
  ASSERT_TRUE(EngineProfileRefusal(EngineKind::kWorkerd, "workerd").has_value());
  EXPECT_EQ(EngineProfileRefusal(EngineKind::kWorkerd, "workerd")->kind, Error::Kind::kUsage);
  EXPECT_FALSE(EngineProfileRefusal(EngineKind::kNode, "node").has_value());
  auto bun = EngineProfileFlags("bun", EngineKind::kBun, {}, {}, false);
  ASSERT_TRUE(bun.ok()) << bun.error().message;
  EXPECT_TRUE(bun->empty());
}

TEST(ProfileText, InliningFollowsTheLastFlagThatSaysSo) {
  EXPECT_TRUE(InliningOn({}));
  EXPECT_FALSE(InliningOn({"--no-turbo-inlining"}));
  EXPECT_FALSE(InliningOn({"--turbo-inlining", "--noturbo-inlining"}));
  EXPECT_TRUE(InliningOn({"--no-turbo-inlining", "--turbo-inlining"}));
}

TEST(ProfileText, AnEngineProfileSaysWhatItDoesNotCarry) {
  ProfileSummary summary;
  summary.batch_function = "numberBatch";
  summary.batch_loop_share = 0.5;
  const std::string jsc = EngineProfileBody(summary, true, true, "", "");
  EXPECT_THAT(jsc, HasSubstr("50.0% of the samples are in the harness's batch loop `numberBatch`"));
  EXPECT_THAT(jsc, HasSubstr("unknown on this engine (no V8 natives syntax)"));
  EXPECT_THAT(jsc, HasSubstr("Per-function JIT history, deopts and VM states: absent"));
  const std::string v8 = EngineProfileBody(summary, true, false, "batch loop TurboFan, bench TurboFan", "");
  EXPECT_THAT(v8, Not(HasSubstr("JavaScriptCore inlines")));
  EXPECT_THAT(v8, HasSubstr("batch loop TurboFan, bench TurboFan → unknown"));
}

TEST(ProfileText, SaysWhichProfilerSampledAndWhy) {
  EXPECT_THAT(ProfilerLine("instrument", "in-process instrument /b/x-108.node"),
              HasSubstr("V8's CPU profiler through v8bench's in-process instrument /b/x-108.node: tiers from JIT"));
  EXPECT_THAT(ProfilerLine("inspector", "JS-only: /b/x-108.node did not load (loading addons is disabled)"),
              HasSubstr("inspector's Profiler domain (node:inspector), not v8bench's in-process instrument: JS-only: "
                        "/b/x-108.node did not load (loading addons is disabled)"));
  EXPECT_EQ(ProfilerLine("", "x"), "");
}

TEST(ProfileText, TheHeaderNamesTheCaseTheEngineTheFlagsAndTheSampling) {
  ProfileHeading heading{"s/a", "s.js, realm v8", "V8 10.2", {}, " · by someone"};
  ProfileSummary summary;
  summary.samples = 1000;
  CpuProfileData data;
  data.start_us = 0;
  data.end_us = 200000;
  data.interval_us = 100;
  data.iterations = 1234567;
  data.batch_size = 300;
  data.profiled_s = 0.2;
  data.warmup_s = 0.5;
  EXPECT_EQ(ProfileHeader(heading, summary, data),
            "Profile of s/a (s.js, realm v8)\nV8 10.2 · flags: none\n"
            "1,000 samples in 0.20 s (asked for one per 100 µs, got one per 200 µs) · 1,234,567 iterations in "
            "batches of 300 · after 0.50 s of warm-up · by someone\n\n");
}

}  // namespace
}  // namespace v8bench::workers
