#include "harness/driver/schedule.h"

#include <unistd.h>

#include <chrono>
#include <numeric>

namespace v8bench::driver {

Schedule::Schedule(std::size_t variants, std::uint64_t seed)
    : variants_(variants), rng_(seed), round_pos_(variants * variants) {}  // draw a round on the first Next()

namespace {

void Shuffle(std::vector<std::size_t>& xs, stats::Rng& rng) {
  std::iota(xs.begin(), xs.end(), 0);
  for (std::size_t i = xs.size(); i > 1; --i) std::swap(xs[i - 1], xs[rng.Below(i)]);  // Fisher-Yates
}

}  // namespace

std::size_t Schedule::Next() {
  for (;;) {
    if (round_pos_ >= variants_ * variants_) {
      order_.resize(variants_);
      shifts_.resize(variants_);
      Shuffle(order_, rng_);
      Shuffle(shifts_, rng_);
      round_pos_ = 0;
    }
    const std::size_t block = round_pos_ / variants_, slot = round_pos_ % variants_;
    ++round_pos_;
    const std::size_t v = order_[(slot + shifts_[block]) % variants_];
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
