// Machine-state awareness for paired (blocked) samples. On a shared or thermally throttled machine
// the speed has state: every sample falls into one of two clusters tens of percent apart, and the
// state persists from one sample to the next. A block (one sample of every variant, back to back)
// usually runs inside one state, so its log ratios cancel the state; a block whose samples straddle
// a state change carries the state's jump instead of the variants' difference.
//
// Method: the values of all variants of a case, pooled, are tested for two modes with the modality
// detector (modality.h: Sarle's bimodality coefficient and Ashman's D of the best two-group split); when
// they are bimodal, a sample's state is its side of that one boundary. A block is "split" when its
// samples are not all in one state; the stratified comparison keeps only the pairs whose two samples
// share one.
// Why pooled: the classification, and so which blocks are kept, must not change when the samples of a
// block are swapped between variants. Under "no change" the random order inside a block makes each
// block's log ratio as likely to be +d as -d, and the signed-rank test is exact only if the choice of
// blocks depends on nothing that tells +d from -d: the pooled values and the block's unordered pair are
// such things. A split at each variant's own best boundary is not (the two boundaries differ by
// chance, a block whose values lie between them is kept with one sign and dropped with the other), and
// on a machine whose state changes in the middle of samples it called identical variants faster or
// slower far more often than alpha (tests/paired_stats_test.cc, Simulation.AA*).
// A real difference between variants that is as large as the gap between states is split as a state:
// most pairs are then split, and CompareBlocks falls back to all blocks (paired.h).
// Limits: two states at most; when the pooled values are not bimodal no state is assigned at all
// (detected = false) and the stratified figures equal the unstratified ones. The detector needs 10 values.
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
  int process = 0;  // the long-lived worker process that took it (driver::RunRecord::worker_process); 0: a fresh one
};

struct MachineStates {
  bool detected = false;         // the pooled values split into two modes
  std::vector<int> state;        // per input sample: 0 = the low (fast) mode, 1 = high
  double boundary = 0;           // values above it are in the high mode (when detected)
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
// cluster: the pair of long-lived processes that took the block's two samples (blocks of one pair share its
// offset: clustered.h), or a cluster of the block's own when either sample had a fresh worker.
struct PairedBlocks {
  std::vector<std::size_t> block;
  std::vector<double> log_ratio;
  std::vector<bool> same_state;
  std::vector<std::size_t> cluster;
};
PairedBlocks PairBlocks(const std::vector<BlockSample>& samples, const MachineStates& states, std::size_t base,
                        std::size_t variant);

// The stratified sample: the log ratios of the pairs whose samples were in one state.
std::vector<double> SameStateLogRatios(const PairedBlocks& pairs);

}  // namespace v8bench::stats
