// The order in which variants are sampled: blocks of one sample per variant, each block in a random
// order drawn from a seeded generator (block randomisation), so samples of every variant are spread
// evenly over the run and machine drift (thermal, other load) hits all of them alike, and no variant
// always runs right after another. The same seed gives the same order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/stats/rng.h"

namespace v8bench::driver {

class Schedule {
 public:
  Schedule(std::size_t variants, std::uint64_t seed);
  // The variant of the next sample.
  std::size_t Next();
  // For a resumed comparison: skips the first done[v] slots of each variant v, so the remaining
  // order is the one the original run would have followed.
  void SkipCompleted(std::vector<int> done);

 private:
  std::size_t variants_;
  stats::Rng rng_;
  std::vector<std::size_t> block_;
  std::size_t pos_ = 0;
  std::vector<int> skip_;
};

// A fresh seed from the clock and the process id, for when the user gives none.
std::uint64_t RandomSeed();

}  // namespace v8bench::driver
