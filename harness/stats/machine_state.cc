#include "harness/stats/machine_state.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "harness/stats/modality.h"

namespace v8bench::stats {
namespace {

// Per block: the state of its first sample, and whether a later one differed; blocks of one sample
// are not counted.
void CountSplitBlocks(const std::vector<BlockSample>& samples, MachineStates& out) {
  struct Seen {
    int first_state = 0;
    std::size_t count = 0;
    bool split = false;
  };
  std::map<std::size_t, Seen> blocks;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    Seen& seen = blocks[samples[i].block];
    if (seen.count == 0) seen.first_state = out.state[i];
    seen.split = seen.split || out.state[i] != seen.first_state;
    ++seen.count;
  }
  for (const auto& [block, seen] : blocks) {
    if (seen.count < 2) continue;
    ++out.blocks;
    if (seen.split) ++out.split_blocks;
  }
  out.split_share = out.blocks > 0 ? static_cast<double>(out.split_blocks) / static_cast<double>(out.blocks) : 0;
}

}  // namespace

MachineStates ClassifyMachineStates(const std::vector<BlockSample>& samples) {
  MachineStates out;
  out.state.assign(samples.size(), 0);
  std::vector<double> pooled;
  pooled.reserve(samples.size());
  for (const auto& s : samples) pooled.push_back(s.value);
  const Modality m = DetectModality(pooled);
  out.detected = m.multimodal;
  if (out.detected) {
    out.boundary = m.boundary;
    for (std::size_t i = 0; i < samples.size(); ++i) out.state[i] = samples[i].value > out.boundary ? 1 : 0;
  }
  CountSplitBlocks(samples, out);
  return out;
}

PairedBlocks PairBlocks(const std::vector<BlockSample>& samples, const MachineStates& states, std::size_t base,
                        std::size_t variant) {
  struct Pair {
    const BlockSample* base = nullptr;
    const BlockSample* next = nullptr;
    int base_state = 0, next_state = 0;
  };
  std::map<std::size_t, Pair> by_block;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const BlockSample& s = samples[i];
    const int state = i < states.state.size() ? states.state[i] : 0;
    Pair& p = by_block[s.block];
    if (s.variant == base && p.base == nullptr) {
      p.base = &s;
      p.base_state = state;
    } else if (s.variant == variant && p.next == nullptr) {
      p.next = &s;
      p.next_state = state;
    }
  }
  PairedBlocks out;
  for (const auto& [block, p] : by_block) {
    if (p.base == nullptr || p.next == nullptr) continue;
    const double r = std::log(p.next->value / p.base->value);
    if (!(p.base->value > 0) || !(p.next->value > 0) || !std::isfinite(r)) continue;
    out.block.push_back(block);
    out.log_ratio.push_back(r);
    out.same_state.push_back(p.base_state == p.next_state);
    const bool long_lived = p.base->process > 0 && p.next->process > 0;
    out.cluster.push_back(long_lived ? (static_cast<std::size_t>(p.base->process) << 32) |
                                           static_cast<std::size_t>(p.next->process)
                                     : ~block);  // process numbers are below 2^32; ~block has its top bit set
  }
  return out;
}

std::vector<double> SameStateLogRatios(const PairedBlocks& pairs) {
  std::vector<double> out;
  for (std::size_t i = 0; i < pairs.log_ratio.size(); ++i) {
    if (pairs.same_state[i]) out.push_back(pairs.log_ratio[i]);
  }
  return out;
}

}  // namespace v8bench::stats
