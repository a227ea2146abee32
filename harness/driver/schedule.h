// The order in which variants are sampled: blocks of one sample per variant (block randomisation), so
// samples of every variant are spread evenly over the run, machine drift (thermal, other load) hits all
// of them alike, and no variant always runs right after another. The same seed gives the same order.
// Balanced: the blocks come in rounds of `variants` blocks; a round takes one random order and its
// cyclic shifts (for two variants: A B and B A), in a random sequence, so over every round each variant
// runs once in each position of a block. A position effect inside blocks (the second sample of a block
// slower than the first, say, because the first warmed a cache or the scheduler favours a new process)
// then adds as much to every variant instead of whatever a run of coin flips gave each; under "no change"
// the paired test stays valid (docs/paired.md), since which variant runs first is still random.
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
  std::vector<std::size_t> order_;   // the round's random order
  std::vector<std::size_t> shifts_;  // the round's cyclic shifts of order_, in the sequence they run
  std::size_t round_pos_ = 0;        // the next sample's index in the round (variants^2 per round)

  std::vector<int> skip_;
};

// A fresh seed from the clock and the process id, for when the user gives none.
std::uint64_t RandomSeed();

}  // namespace v8bench::driver
