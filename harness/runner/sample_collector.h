// A Google Benchmark reporter that only collects: each repetition's run becomes a Sample of the
// counters the benchmark set and the repetition's tags (formatting is the reporters' job, in report/).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/model/result.h"

namespace v8bench {

// The tags (model/result.h RepetitionTags) of each call of a benchmark body, in call order, with the
// iterations the call ran: Google Benchmark carries numbers only, so the tags stay beside it and the
// collector pairs them with the runs it reports. It reports one run per repetition, the repetition's
// last call: within a repetition the iterations only grow (Google Benchmark grows them until a batch
// lasts MinTime), so a call ends its repetition when it is the last or the next runs no more iterations.
class RepetitionLog {
 public:
  void Record(std::uint64_t iterations, const RepetitionTags& tags) { calls_.push_back({iterations, tags}); }
  void Clear() { calls_.clear(); }

  // The tags of the `k`th repetition (from 0) if it ran `iterations`; nullopt otherwise (no tags).
  std::optional<RepetitionTags> Repetition(std::size_t k, std::uint64_t iterations) const {
    for (std::size_t i = 0; i < calls_.size(); ++i) {
      const bool ends = i + 1 == calls_.size() || calls_[i + 1].iterations <= calls_[i].iterations;
      if (!ends) continue;
      if (k-- == 0) return calls_[i].iterations == iterations ? std::optional(calls_[i].tags) : std::nullopt;
    }
    return std::nullopt;
  }

 private:
  struct Call {
    std::uint64_t iterations = 0;
    RepetitionTags tags;
  };
  std::vector<Call> calls_;
};

class SampleCollector final : public benchmark::BenchmarkReporter {
 public:
  // `log`: the tags of the body's calls (none for a body without tags).
  explicit SampleCollector(const std::map<std::string, Unit>& units, const RepetitionLog* log = nullptr)
      : units_(units), log_(log) {}

  bool ReportContext(const Context&) override { return true; }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      const std::size_t repetition = repetitions_++;
      if (run.error_occurred) continue;
      Sample sample;
      if (log_) {
        if (auto tags = log_->Repetition(repetition, static_cast<std::uint64_t>(run.iterations))) {
          static_cast<RepetitionTags&>(sample) = *tags;
        }
      }
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
  const RepetitionLog* log_;
  std::size_t repetitions_ = 0;  // the iteration runs reported so far
};

}  // namespace v8bench
