// Machine-state awareness for paired (blocked) samples. On a shared or thermally throttled machine
// the speed has state: every sample falls into one of two clusters tens of percent apart, and the
// state persists from one sample to the next. A block (one sample of every variant, back to back)
// usually runs inside one state, so its log ratios cancel the state; a block whose samples straddle
// a state change carries the state's jump instead of the variants' difference.
//
// Method: each variant's values are tested for two modes with the modality detector (modality.h:
// Sarle's bimodality coefficient and Ashman's D of the best two-group split). When every variant
// is bimodal, a sample's state is its side of its own variant's split, so a real difference between
// variants, however large, is never mistaken for a state. A block is "split" when its samples are
// not all in one state; the stratified comparison keeps only the pairs whose two samples share one.
// Limits: two states at most; a variant whose samples were (almost) all in one state is not bimodal,
// and then no state is assigned at all (detected = false): the stratified figures equal the
// unstratified ones. The detector needs 10 samples per variant.
#pragma once

#include <cstddef>
#include <vector>

namespace v8bench::stats {

// One measured sample, as the driver records it: the block (round) it ran in, the variant, and the
// value (lower is better; > 0 for log ratios).
struct BlockSample {
  std::size_t block = 0;
  std::size_t variant = 0;
  double value = 0;
};

struct MachineStates {
  bool detected = false;         // every variant's values split into two modes
  std::vector<int> state;        // per input sample: 0 = its variant's low (fast) mode, 1 = high
  std::vector<double> boundary;  // per variant: values above it are in the high mode
  std::size_t blocks = 0;        // blocks holding two or more samples
  std::size_t split_blocks = 0;  // of those, the ones whose samples are not all in one state
  double split_share = 0;        // split_blocks / blocks (0 without blocks)
};

// States of `samples` (any order; the variants are 0 .. max variant). All states are 0, and no
// block is split, when detected is false.
MachineStates ClassifyMachineStates(const std::vector<BlockSample>& samples);

// The pairs of one comparison: per block holding a sample of both variants (ascending block order),
// log(value of `variant` / value of `base`), and whether the two samples were in one state. A block
// with several samples of a variant uses the first; pairs with a value <= 0 or not finite are skipped.
struct PairedBlocks {
  std::vector<std::size_t> block;
  std::vector<double> log_ratio;
  std::vector<bool> same_state;
};
PairedBlocks PairBlocks(const std::vector<BlockSample>& samples, const MachineStates& states, std::size_t base,
                        std::size_t variant);

// The stratified sample: the log ratios of the pairs whose samples were in one state.
std::vector<double> SameStateLogRatios(const PairedBlocks& pairs);

}  // namespace v8bench::stats
