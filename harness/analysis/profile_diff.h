// Two CPU profiles of the same case, side by side: the profile before a change (an older engine, a build
// without a patch) and after it. Which functions' self time moved, which changed the tier V8 compiled them
// to, and the two call trees merged path by path for a differential flame graph. Functions are matched by
// what stays the same across processes and versions (a script id does not): the suite's functions by
// file, line, column and name; the runtime's by file and name (its lines move between releases); builtins
// by name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "harness/model/cpu_profile_data.h"
#include "harness/profile/top_table.h"

namespace v8bench::analysis {

// One function on both sides. `self_*`/`total_*` are costs in the diff's unit (ProfileDiff::per_iteration:
// seconds per iteration, else shares of the side's samples); the shares are always there.
struct FunctionChange {
  std::string name;      // as V8 reports it; empty for an anonymous function
  std::string location;  // the newer side's, when the function ran there
  FrameOwner owner = FrameOwner::kSuite;
  double self_share_before = 0, self_share_after = 0;
  double self_before = 0, self_after = 0;
  double total_before = 0, total_after = 0;
  // The highest tier V8 built the function to while the profile was taken (warm-up included), e.g.
  // "TurboFan"; empty when no code event named it (a builtin, or a profile without code events).
  std::string tier_before, tier_after;
  std::uint64_t deopts_before = 0, deopts_after = 0;

  double SelfChange() const { return self_after - self_before; }
  // Both sides name a tier and they differ (a function one side did not run has no tier there to compare).
  bool TierChanged() const { return !tier_before.empty() && !tier_after.empty() && tier_before != tier_after; }
};

// A frame of the merged call tree: one call path, with its costs on each side (the diff's unit).
struct DiffFrame {
  std::string name;  // "(root)" for frames[0]
  std::string location;
  FrameOwner owner = FrameOwner::kProgram;
  double total_before = 0, total_after = 0;  // this path and everything it called
  double self_before = 0, self_after = 0;
  std::vector<std::size_t> children;  // indexes into ProfileDiff::frames, the costliest (after) first
  std::string key;                    // the function, as matched across the two profiles
};

struct ProfileDiff {
  std::uint64_t samples_before = 0, samples_after = 0;
  // Costs per iteration when both profiles counted their iterations (the profiled wall time spread over
  // them by samples); else shares of each side's samples.
  bool per_iteration = false;
  double seconds_per_iteration_before = 0, seconds_per_iteration_after = 0;  // 0 when not counted
  std::vector<FunctionChange> functions;  // every function sampled on either side, the largest self change first
  std::vector<DiffFrame> frames;          // the merged call tree; frames[0] is the root
};

ProfileDiff DiffProfiles(const CpuProfileData& before, const CpuProfileData& after);

// The rows a person reads first: the `top_n` largest self changes (of functions with self time on a side),
// then any other function whose tier changed and that held at least 1% of the samples on either side, in
// the diff's order.
std::vector<FunctionChange> TopChanges(const ProfileDiff& diff, std::size_t top_n);

// The differential table as text: each row's self cost before and after, the change, the shares, the tiers
// (before -> after) and deopts, the function and where it is; `before`/`after` label the sides.
std::string RenderProfileDiff(const ProfileDiff& diff, std::size_t top_n, const std::string& before,
                              const std::string& after);

// A cost in the diff's unit for people: "1.23 µs" per iteration, or "12.5%" of the samples.
std::string DiffCostText(const ProfileDiff& diff, double cost);
std::string DiffChangeText(const ProfileDiff& diff, double change);  // with its sign: "+0.41 µs", "+3.2 pts"

}  // namespace v8bench::analysis
