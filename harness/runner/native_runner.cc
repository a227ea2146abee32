#include "harness/runner/native_runner.h"

#include <benchmark/benchmark.h>

#include <algorithm>

#include "harness/engine/suite_host.h"
#include "harness/measure/clocks.h"
#include "harness/measure/method_rules.h"
#include "harness/measure/metrics.h"
#include "harness/runner/sample_collector.h"
#include "harness/runner/suite_runner.h"

namespace v8bench {

NativeFloor MeasureFloor(const std::string& case_name, const NativeWork& work, const FloorKernel& kernel,
                         const RunSettings& settings) {
  benchmark::RegisterBenchmark(("native:" + case_name).c_str(),
                               [&kernel](benchmark::State& state) {
                                 const auto n = static_cast<std::uint64_t>(state.max_iterations);
                                 std::uint64_t wall = 0;
                                 while (state.KeepRunningBatch(state.max_iterations)) {
                                   const auto t0 = WallNowNs();
                                   kernel(n);
                                   wall = WallNowNs() - t0;
                                 }
                                 state.counters[metric::kWall] =
                                     benchmark::Counter(static_cast<double>(wall) / static_cast<double>(n));
                               })
      ->UseRealTime()
      ->MinTime(settings.min_time_s)
      // The same floor as the JS side's warm-up, so a short --warmup cannot time a cold kernel (first
      // touches of its buffers, cold caches).
      ->MinWarmUpTime(std::max(settings.warmup_s, TheMethodRules()[MethodRule::kQuietSeconds]))
      ->Repetitions(settings.repetitions);
  const std::map<std::string, Unit> units = {{metric::kWall, Unit::kNanoseconds}};
  SampleCollector collector(units);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();
  NativeFloor floor;
  floor.kind = work.kind;
  floor.bytes_per_iteration = work.kind == "json_parse" ? static_cast<double>(work.text.size())
                              : work.kind == "memcpy"   ? static_cast<double>(work.bytes)
                                                        : 0;
  floor.calls_per_iteration = work.inputs.empty() ? 0 : static_cast<double>(work.inputs.size());
  for (const Sample& s : collector.samples) floor.ns_per_iteration.push_back(s.Get(metric::kWall).value_or(0));
  return floor;
}

Expected<std::optional<NativeFloor>> MeasureCaseFloor(V8Process& process, const PlannedCase& planned,
                                                      const RunSettings& settings) {
  auto host = SuiteHost::Open(process, planned.info.realm, planned.file->path, planned.file->source, settings.params,
                              settings.timeout_s);
  if (!host) return host.error();
  auto work = [&]() -> Expected<std::optional<NativeWork>> {
    const SuiteHost::Deadline deadline(*host.value(), settings.timeout_s);
    if (auto prepared = host.value()->Prepare(planned.info.index, settings.quick); !prepared) return prepared.error();
    auto found = host.value()->NativeFloorWork();
    (void)host.value()->Teardown();
    return found;
  }();
  if (!work) return work.error();
  if (!work.value()) return std::optional<NativeFloor>{};
  auto kernel = MakeFloorKernel(*work.value());
  if (!kernel) return kernel.error();
  return std::optional<NativeFloor>(MeasureFloor(planned.info.name, *work.value(), kernel.value(), settings));
}

}  // namespace v8bench
