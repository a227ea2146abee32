// A Google Benchmark reporter that only collects: each repetition's run becomes a Sample of the
// counters the benchmark set (formatting is the reporters' job, in report/).
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include "harness/model/result.h"

namespace v8bench {

// A repetition's code state travels from the benchmark body to the collector as Google Benchmark
// counters under reserved names (GB carries numbers only): tier + 1 (0 = unknown), compiles (-1 =
// unknown), changed (0/1). The collector turns them back into Sample::code.
namespace code_counter {
inline constexpr const char* kBatch = "__code_batch";
inline constexpr const char* kBench = "__code_bench";
inline constexpr const char* kCompiles = "__code_compiles";
inline constexpr const char* kChanged = "__code_changed";
}  // namespace code_counter

// The main thread's CPU travels the same way: the CPU at the end (-1 = unknown) and whether it moved.
namespace cpu_counter {
inline constexpr const char* kCpu = "__main_cpu";
inline constexpr const char* kMoved = "__main_cpu_moved";
}  // namespace cpu_counter

inline void PublishMainCpu(benchmark::State& state, int at_start, int at_end) {
  state.counters[cpu_counter::kCpu] = benchmark::Counter(at_end);
  state.counters[cpu_counter::kMoved] = benchmark::Counter(at_start >= 0 && at_end >= 0 && at_start != at_end);
}

inline void PublishCodeState(benchmark::State& state, const CodeState& code) {
  auto tier = [](const std::optional<CodeTier>& t) { return t ? static_cast<double>(*t) + 1 : 0.0; };
  state.counters[code_counter::kBatch] = benchmark::Counter(tier(code.batch));
  state.counters[code_counter::kBench] = benchmark::Counter(tier(code.bench));
  state.counters[code_counter::kCompiles] = benchmark::Counter(code.compiles ? *code.compiles : -1);
  state.counters[code_counter::kChanged] = benchmark::Counter(code.changed ? 1 : 0);
}

class SampleCollector final : public benchmark::BenchmarkReporter {
 public:
  explicit SampleCollector(const std::map<std::string, Unit>& units) : units_(units) {}

  bool ReportContext(const Context&) override { return true; }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
      Sample sample;
      sample.iterations = static_cast<std::uint64_t>(run.iterations);
      CodeState code;
      bool has_code = false;
      auto tier = [](double v) {
        return v >= 1 ? std::optional<CodeTier>(static_cast<CodeTier>(v - 1)) : std::nullopt;
      };
      for (const auto& [name, counter] : run.counters) {
        if (name.rfind("__code_", 0) == 0) {
          has_code = true;
          if (name == code_counter::kBatch) code.batch = tier(counter.value);
          if (name == code_counter::kBench) code.bench = tier(counter.value);
          if (name == code_counter::kCompiles && counter.value >= 0) code.compiles = static_cast<int>(counter.value);
          if (name == code_counter::kChanged) code.changed = counter.value != 0;
          continue;
        }
        if (name == cpu_counter::kCpu) {
          if (counter.value >= 0) sample.main_cpu = static_cast<int>(counter.value);
          continue;
        }
        if (name == cpu_counter::kMoved) {
          sample.main_cpu_moved = counter.value != 0;
          continue;
        }
        auto unit = units_.find(name);
        sample.counters.push_back({name, counter.value, unit == units_.end() ? Unit::kCount : unit->second});
      }
      if (has_code) sample.code = code;
      samples.push_back(std::move(sample));
    }
  }

  std::vector<Sample> samples;

 private:
  const std::map<std::string, Unit>& units_;
};

}  // namespace v8bench
