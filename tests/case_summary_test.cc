// The per-case summaries every reporter shows: here, where the repetitions' work ran (SummariseThreads)
// and on which CPU (SummariseCpus).
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

// A repetition of `cpu_ns` main-thread CPU per iteration whose main thread ended on `cpu`.
Sample OnCpu(double cpu_ns, int cpu, bool moved = false) {
  Sample s = Repetition(cpu_ns, cpu_ns);
  s.main_cpu = cpu;
  s.main_cpu_moved = moved;
  return s;
}

TEST(CpuSpread, MediansPerCpuWhenTheRepetitionsRanOnTwo) {
  // As measured on trig/cos/range:medium on a VM whose two vCPUs differ: 2.0 us on CPU 0, 3.4 on CPU 1.
  const auto spread =
      SummariseCpus(Case({OnCpu(3.4e3, 1), OnCpu(2.0e3, 0), OnCpu(2.1e3, 0), OnCpu(3.5e3, 1), OnCpu(3.3e3, 1)}));
  ASSERT_TRUE(spread.has_value());
  EXPECT_EQ(spread->cpus, (std::vector<int>{0, 1}));
  EXPECT_EQ(spread->median_cpu_ns, (std::vector<double>{2.05e3, 3.4e3}));
  EXPECT_NEAR(spread->spread, 3.4 / 2.05 - 1, 1e-12);
  EXPECT_GT(spread->spread, kCpuSpreadNoted);
  EXPECT_TRUE(CpusNoted(*spread));
}

TEST(CpuSpread, AbsentOnOneCpuOrWhereTheCpuIsUnknown) {
  EXPECT_FALSE(SummariseCpus(Case({OnCpu(2.0e3, 1), OnCpu(3.4e3, 1)})).has_value());
  // External engines cannot tell: no main_cpu.
  EXPECT_FALSE(SummariseCpus(Case({Repetition(2.0e3, 2.0e3), Repetition(3.4e3, 3.4e3)})).has_value());
}

TEST(CpuSpread, LeavesOutRepetitionsWhoseMainThreadMoved) {
  // The second ended on CPU 0 but started elsewhere: it belongs to neither CPU.
  EXPECT_FALSE(SummariseCpus(Case({OnCpu(3.4e3, 1), OnCpu(2.7e3, 0, /*moved=*/true)})).has_value());
}

}  // namespace
}  // namespace v8bench
