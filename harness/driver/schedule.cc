#include "harness/driver/schedule.h"

#include <unistd.h>

#include <chrono>
#include <numeric>

namespace v8bench::driver {

Schedule::Schedule(std::size_t variants, std::uint64_t seed) : variants_(variants), rng_(seed) {
  block_.resize(variants);
  pos_ = variants;  // draw a block on the first Next()
}

std::size_t Schedule::Next() {
  for (;;) {
    if (pos_ >= block_.size()) {
      std::iota(block_.begin(), block_.end(), 0);
      for (std::size_t i = block_.size(); i > 1; --i) std::swap(block_[i - 1], block_[rng_.Below(i)]);  // Fisher-Yates
      pos_ = 0;
    }
    const std::size_t v = block_[pos_++];
    if (v < skip_.size() && skip_[v] > 0) {
      --skip_[v];
      continue;
    }
    return v;
  }
}

void Schedule::SkipCompleted(std::vector<int> done) {
  done.resize(variants_, 0);
  skip_ = std::move(done);
}

std::uint64_t RandomSeed() {
  const auto t = static_cast<std::uint64_t>(std::chrono::high_resolution_clock::now().time_since_epoch().count());
  stats::Rng mix(t ^ (static_cast<std::uint64_t>(getpid()) << 32));
  return mix.Next() % 1000000000ULL;  // short enough to read and type
}

}  // namespace v8bench::driver
