// The measurement method's rules (harness/measure/method_rules.h): the table, its overrides, and each rule
// at its defaults. The same functions run in the Node addon (tests/method_rules_test.sh sees them there).
#include "harness/measure/method_rules.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

namespace v8bench {
namespace {

const MethodRules kRules;

TEST(MethodRules, EveryRowHasANameAUnitAMeaningAndIsHandedOverAsJson) {
  std::set<std::string_view> names;
  const std::string json = kRules.Json();
  for (const auto& row : kMethodRules) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name << " twice";
    EXPECT_FALSE(row.unit.empty()) << row.name;
    EXPECT_FALSE(row.meaning.empty()) << row.name;
    EXPECT_EQ(kRules[row.rule], row.value) << row.name;
    const std::string key = fmt::format("\"{}\":", row.name);
    EXPECT_NE(json.find(key), std::string::npos) << json;
  }
}

TEST(MethodRules, AnOverrideChangesItsRowAndABadOneIsRefusedNamingTheRows) {
  auto changed = ReadMethodRuleOverrides("quiet_seconds=1.5, max_resettles=0");
  EXPECT_FALSE(changed) << "a space is not part of a name";
  changed = ReadMethodRuleOverrides("quiet_seconds=1.5,max_resettles=0");
  ASSERT_TRUE(changed) << changed.error().message;
  EXPECT_EQ(changed.value()[MethodRule::kQuietSeconds], 1.5);
  EXPECT_EQ(changed.value()[MethodRule::kMaxResettles], 0);
  EXPECT_EQ(changed.value()[MethodRule::kWarmupBatchSeconds], kRules[MethodRule::kWarmupBatchSeconds]);
  EXPECT_TRUE(QuietLongEnough(changed.value(), 0.02, 1.5, 0.01));
  EXPECT_FALSE(QuietLongEnough(changed.value(), 0.02, 1.4, 0.01));
  EXPECT_FALSE(MayResettle(changed.value(), 0));

  const auto unknown = ReadMethodRuleOverrides("quiet_second=1");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("unknown method rule 'quiet_second'"), std::string::npos);
  EXPECT_NE(unknown.error().message.find("quiet_seconds"), std::string::npos) << "the rows are named";
  EXPECT_NE(unknown.error().message.find(kMethodRulesVariable), std::string::npos);
  for (const char* bad : {"quiet_seconds", "quiet_seconds=", "quiet_seconds=x", "quiet_seconds=-1", "quiet_seconds=inf",
                          "max_resettles=1.5"}) {
    EXPECT_FALSE(ReadMethodRuleOverrides(bad)) << bad;
  }
  EXPECT_TRUE(ReadMethodRuleOverrides(""));
}

// The warm-up waits while the heaps grow (a falling fault rate) and accepts a steady one, high or low.
TEST(MethodRules, AFaultRateHasSettledWhenItStopsFallingWhateverItsLevel) {
  EXPECT_FALSE(FaultRateSettled(kRules, 103, 50));  // still growing to the working set
  EXPECT_FALSE(FaultRateSettled(kRules, 50, 0.6));
  EXPECT_FALSE(FaultRateSettled(kRules, 0.2, 8));  // a case that starts to fault is not steady either
  EXPECT_TRUE(FaultRateSettled(kRules, 0.6, 0.5));
  EXPECT_TRUE(FaultRateSettled(kRules, 0, 0.9));    // below a page per iteration: noise
  EXPECT_TRUE(FaultRateSettled(kRules, 65, 64.2));  // every iteration maps fresh memory: steady, and measured
  EXPECT_FALSE(FaultRateSettled(kRules, 65, 40));
}

TEST(MethodRules, YoungGenerationFilledAfterTwoYoungCollectionsOrWhenItWouldNeverBeFilledInTime) {
  constexpr std::uint64_t kYoung = 32u << 20;
  EXPECT_TRUE(YoungGenerationFilled(kRules, 2, 0, 0.1, kYoung, 10));
  EXPECT_TRUE(YoungGenerationFilled(kRules, 7, 1e9, 0.1, kYoung, 10));
  // 100 MB/s fills 32 MB twice within the 9.9 s left: wait for it.
  EXPECT_FALSE(YoungGenerationFilled(kRules, 0, 10e6, 0.1, kYoung, 9.9));
  EXPECT_FALSE(YoungGenerationFilled(kRules, 1, 10e6, 0.1, kYoung, 9.9));
  // 10 kB/s never fills it before --max-warmup: its fresh pages cost nothing worth waiting for.
  EXPECT_TRUE(YoungGenerationFilled(kRules, 0, 1e3, 0.1, kYoung, 9.9));
  EXPECT_TRUE(YoungGenerationFilled(kRules, 0, 0, 0.1, kYoung, 9.9));   // allocates nothing (trig)
  EXPECT_TRUE(YoungGenerationFilled(kRules, 0, 10e6, 0.1, kYoung, 0));  // no warm-up time left
  EXPECT_FALSE(YoungGenerationFilled(kRules, 0, 0, 0, kYoung, 10));     // nothing seen yet
  // 5 MB/s would fill 4 MB twice within a minute, but its fresh pages cost about 0.5%: not waited for.
  EXPECT_TRUE(YoungGenerationFilled(kRules, 0, 5e6, 1, 4u << 20, 60));
  EXPECT_FALSE(YoungGenerationFilled(kRules, 0, 20e6, 1, 4u << 20, 60));
}

// Warm-up batches grow straight towards 1.2 x 10 ms, 2x to 10x at a time, and stop growing at 2^40.
TEST(MethodRules, WarmupBatchesGrowTowardsTheLongBatch) {
  EXPECT_FALSE(LongWarmupBatch(kRules, 0.0099));
  EXPECT_TRUE(LongWarmupBatch(kRules, 0.01));
  EXPECT_EQ(NextWarmupBatch(kRules, 1, 0), 11u);                                  // no time measured: 10x
  EXPECT_EQ(NextWarmupBatch(kRules, 100, 1e-6), 1001u);                           // far too short: 10x
  EXPECT_EQ(NextWarmupBatch(kRules, 100, 0.008), 201u);                           // nearly there: at least 2x
  EXPECT_NEAR(static_cast<double>(NextWarmupBatch(kRules, 100, 0.003)), 401, 1);  // 0.012 / 0.003: 4x
  EXPECT_EQ(NextWarmupBatch(kRules, std::uint64_t{1} << 40, 1e-9), std::uint64_t{1} << 40);
}

TEST(MethodRules, RerunsWithinTheirBudgetAndLongCallsWithinTheirs) {
  EXPECT_EQ(RerunBudget(kRules, 5), 10);
  EXPECT_TRUE(MayRerun(kRules, 9, 5, 1, 10));
  EXPECT_FALSE(MayRerun(kRules, 10, 5, 1, 10));
  EXPECT_FALSE(MayRerun(kRules, 0, 5, 10, 10));  // --max-warmup of re-running spent
  EXPECT_EQ(LongCallSeconds(kRules, 0.05), 0.25);
  EXPECT_EQ(LongCallSeconds(kRules, 0.5), 0.5);
  EXPECT_EQ(LongCallRepetitions(kRules, 5, 6), 5);
  EXPECT_EQ(LongCallRepetitions(kRules, 5, 10), 3);
  EXPECT_EQ(LongCallRepetitions(kRules, 5, 60), 1);
  EXPECT_EQ(LongCallRepetitions(kRules, 5, 0), 5);
}

TEST(MethodRules, ABatchLoopIsLeftUnoptimisedFromCallsOf100MicrosecondsAndNeverWithARowOf0) {
  EXPECT_FALSE(LoopLeftUnoptimised(kRules, 99e-6));
  EXPECT_TRUE(LoopLeftUnoptimised(kRules, 100e-6));
  EXPECT_TRUE(LoopLeftUnoptimised(kRules, 0.035));
  auto never = ReadMethodRuleOverrides("unoptimised_loop_call_seconds=0");
  ASSERT_TRUE(never.ok()) << never.error().message;
  EXPECT_FALSE(LoopLeftUnoptimised(never.value(), 0.035));
}

}  // namespace
}  // namespace v8bench
