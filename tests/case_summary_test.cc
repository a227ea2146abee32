// The per-case summaries every reporter shows: here, where the repetitions' work ran (SummariseThreads).
#include "harness/report/case_summary.h"

#include <gtest/gtest.h>

#include "harness/measure/metrics.h"

namespace v8bench {
namespace {

// A repetition with main-thread and all-thread CPU per iteration, in ns.
Sample Repetition(double main_ns, double all_ns) {
  Sample s;
  s.iterations = 100;
  s.counters = {{metric::kCpu, main_ns, Unit::kNanoseconds}, {metric::kProcessCpu, all_ns, Unit::kNanoseconds}};
  return s;
}

CaseResult Case(std::vector<Sample> samples) {
  CaseResult r;
  r.info.name = "streams/web_byte_stream";
  r.samples = std::move(samples);
  return r;
}

TEST(ThreadShift, NamedWhenTheBackgroundWorkMoreThanDoublesBetweenRepetitions) {
  // As measured on streams/web_byte_stream: ArrayBuffer sweeping on the main thread in the first
  // repetition (about 80 us elsewhere), on a worker in the second (about 370 us).
  const auto shift = SummariseThreads(Case({Repetition(880e3, 957e3), Repetition(1601e3, 1970e3)}));
  ASSERT_TRUE(shift.has_value());
  EXPECT_DOUBLE_EQ(shift->least_ns, 77e3);
  EXPECT_DOUBLE_EQ(shift->most_ns, 369e3);
}

TEST(ThreadShift, NotNamedWhenTheBackgroundWorkVariesLessThanTwice) {
  EXPECT_FALSE(SummariseThreads(Case({Repetition(1500e3, 1800e3), Repetition(1600e3, 2000e3)})).has_value());
}

TEST(ThreadShift, NotNamedWhenBackgroundThreadsBarelyWork) {
  // 1 us against 20 us is twenty times more, but 20 us is 1% of the process's CPU.
  EXPECT_FALSE(SummariseThreads(Case({Repetition(2000e3, 2001e3), Repetition(2000e3, 2020e3)})).has_value());
}

TEST(ThreadShift, NeedsTwoRepetitionsWithBothClocks) {
  EXPECT_FALSE(SummariseThreads(Case({Repetition(880e3, 957e3)})).has_value());
  Sample main_only;
  main_only.counters = {{metric::kCpu, 1601e3, Unit::kNanoseconds}};  // an engine without all-thread CPU
  EXPECT_FALSE(SummariseThreads(Case({Repetition(880e3, 957e3), main_only})).has_value());
}

}  // namespace
}  // namespace v8bench
