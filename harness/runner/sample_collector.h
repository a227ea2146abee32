// A Google Benchmark reporter that only collects: each repetition's run becomes a Sample of the
// counters the benchmark set (formatting is the reporters' job, in report/).
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include "harness/model/result.h"

namespace v8bench {

class SampleCollector final : public benchmark::BenchmarkReporter {
 public:
  explicit SampleCollector(const std::map<std::string, Unit>& units) : units_(units) {}

  bool ReportContext(const Context&) override { return true; }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
      Sample sample;
      sample.iterations = static_cast<std::uint64_t>(run.iterations);
      for (const auto& [name, counter] : run.counters) {
        auto unit = units_.find(name);
        sample.counters.push_back({name, counter.value, unit == units_.end() ? Unit::kCount : unit->second});
      }
      samples.push_back(std::move(sample));
    }
  }

  std::vector<Sample> samples;

 private:
  const std::map<std::string, Unit>& units_;
};

}  // namespace v8bench
