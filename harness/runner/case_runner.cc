#include "harness/runner/case_runner.h"

#include <benchmark/benchmark.h>

#include <map>
#include <optional>

#include "harness/measure/batch_timer.h"
#include "harness/runner/native_runner.h"
#include "harness/runner/sample_collector.h"

namespace v8bench {
namespace {

CaseStatus StatusFor(const Error& e) {
  switch (e.kind) {
    case Error::Kind::kTimeout:
      return CaseStatus::kTimedOut;
    case Error::Kind::kOutOfMemory:
      return CaseStatus::kOutOfMemory;
    case Error::Kind::kUnsupported:
      return CaseStatus::kUnsupported;
    default:
      return CaseStatus::kFailed;
  }
}

// Standard metrics first, in the order metrics.h defines them, then the case's own counters.
void OrderCounters(Sample& sample, const std::vector<std::string>& order) {
  std::vector<Counter> ordered;
  for (const auto& name : order) {
    for (auto& c : sample.counters) {
      if (c.name == name) ordered.push_back(c);
    }
  }
  sample.counters = std::move(ordered);
}

// The body Google Benchmark times: one JS batch of state.max_iterations iterations, read with every
// clock and the heap probe; per-iteration counters are set on the state for the reporter.
class CaseBenchmark {
 public:
  explicit CaseBenchmark(SuiteHost& host) : host_(host), timer_(host.heap()) {}

  void operator()(benchmark::State& state) {
    if (failure_) {
      // An earlier batch failed (threw, timed out, ran out of heap): never call into JS again.
      state.SkipWithError(failure_->message.c_str());
      return;
    }
    const auto n = static_cast<std::uint64_t>(state.max_iterations);
    BatchCost cost;
    while (state.KeepRunningBatch(state.max_iterations)) {
      timer_.Start();
      auto ran = host_.RunBatch(n);
      cost = timer_.Stop();
      if (!ran) {
        failure_ = ran.error();
        state.SkipWithError(failure_->message.c_str());
        return;
      }
    }
    for (const Counter& c : PerIteration(cost, n)) Publish(state, c);
    auto own = host_.CaseCounters();
    if (!own) {
      failure_ = own.error();
      state.SkipWithError(failure_->message.c_str());
      return;
    }
    for (const Counter& c : own.value()) Publish(state, c);
  }

  const std::optional<Error>& failure() const { return failure_; }
  const std::map<std::string, Unit>& units() const { return units_; }
  const std::vector<std::string>& order() const { return order_; }

 private:
  void Publish(benchmark::State& state, const Counter& c) {
    if (units_.emplace(c.name, c.unit).second) order_.push_back(c.name);
    state.counters[c.name] = benchmark::Counter(c.value);
  }

  SuiteHost& host_;
  BatchTimer timer_;
  std::optional<Error> failure_;
  std::map<std::string, Unit> units_;
  std::vector<std::string> order_;
};

}  // namespace

CaseResult RunCase(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings) {
  CaseResult result;
  result.file = file;
  result.info = info;
  auto fail = [&](const Error& e) {
    result.status = StatusFor(e);
    result.error = e.message;
  };

  host.ArmDeadline(settings.timeout_s);
  if (auto prepared = host.Prepare(info.index, settings.quick); !prepared) {
    fail(prepared.error());
    // The case's deadline may be what stopped setup; the teardown gets one of its own.
    host.ArmDeadline(settings.timeout_s);
    (void)host.Teardown();
    host.Disarm();
    return result;
  }

  CaseBenchmark body(host);
  benchmark::RegisterBenchmark(info.name.c_str(), [&body](benchmark::State& state) { body(state); })
      ->UseRealTime()
      ->MinTime(settings.min_time_s)
      ->MinWarmUpTime(settings.warmup_s)
      ->Repetitions(settings.repetitions)
      ->Unit(benchmark::kNanosecond);
  SampleCollector collector(body.units());
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();

  if (!body.failure() && settings.native_floors) {
    // The same work done natively, measured while the case's state (its inputs) is alive.
    auto work = host.NativeFloorWork();
    if (!work) {
      fail(work.error());
    } else if (work.value()) {
      auto kernel = MakeFloorKernel(*work.value());
      if (!kernel) {
        fail(kernel.error());
      } else {
        result.native = MeasureFloor(info.name, *work.value(), kernel.value(), settings);
      }
    }
  }
  if (body.failure()) {
    fail(*body.failure());
  } else if (result.status != CaseStatus::kOk) {
    (void)host.Teardown();
  } else if (auto torn = host.Teardown(); !torn) {
    fail(torn.error());
  }
  host.Disarm();
  result.samples = std::move(collector.samples);
  for (auto& s : result.samples) OrderCounters(s, body.order());
  result.young_generation_bytes = host.YoungGenerationBytes();
  return result;
}

}  // namespace v8bench
