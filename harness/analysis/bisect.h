// `v8bench bisect`: which release moved a case's figure. The plan (which releases to measure, from the
// published list: the latest of each even major between the endpoints, then the culprit major's minors)
// and the search (a bisection over an ordered list of releases, each step a paired comparison of the
// case on the baseline release and one other), apart from how a step is measured (the command drives a
// comparison per step; the tests give a function).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/analysis/analysis.h"
#include "harness/model/expected.h"

namespace v8bench::analysis {

struct NodeVersion {
  int major = 0, minor = 0, patch = 0;
  std::string Text() const;  // "18.20.8"
  auto operator<=>(const NodeVersion&) const = default;
};
// "18.20.8" or "v18.20.8"; nullopt for anything else.
std::optional<NodeVersion> ParseNodeVersion(std::string_view text);

// --from/--to: node@MAJOR, node@MAJOR.MINOR or node@MAJOR.MINOR.PATCH, resolved to the newest published
// release it names (an Error::Usage says what is accepted, or that npm has no such release).
Expected<NodeVersion> ResolveNodeSpec(const std::string& spec, const std::vector<NodeVersion>& published,
                                      const std::string& option);

// The majors stage: `from`, the latest release of each even major strictly between (the release lines
// people upgrade along), `to`.
std::vector<NodeVersion> MajorsBetween(const std::vector<NodeVersion>& published, NodeVersion from, NodeVersion to);
// The minors stage, after the majors stage named (lo, hi): lo, then the latest patch of each minor of
// hi's major up to hi, then hi. When hi's first release already moved, the culprit is the major step.
std::vector<NodeVersion> MinorsBetween(const std::vector<NodeVersion>& published, NodeVersion lo, NodeVersion hi);

// One measured step: the case on `candidate` against `base`, the same paired comparison as `compare`.
struct BisectStep {
  std::string stage;            // "majors", "minors", "list" (--engine-list), "confirm" (the culprit pair re-measured)
  std::string base, candidate;  // release labels ("18.20.8") or the engines' paths
  std::string base_v8, candidate_v8;    // V8 versions
  std::string metric, unit;             // --metric name, and the figures' unit
  double base_figure = 0, figure = 0;   // medians per iteration
  double ratio = 1, low = 1, high = 1;  // candidate / base with its 95% CI
  std::string verdict;                  // the comparison's verdict, in words
  bool changed = false;                 // the verdict is a change (higher, lower; faster, slower)
  bool moved = false;                   // judged changed, and by more than the threshold
  bool cached = false;                  // read back from the step cache, not measured now (not saved)
};

// Whether a step moved: its verdict is a change, by more than `threshold` (a fraction), in `direction`
// (+1 higher, -1 lower, 0 either): the endpoints' direction, so a release that moved the other way reads as
// like the baseline for the question asked.
bool StepMoved(const BisectStep& step, double threshold, int direction);

// The step of a comparison's analysis: case `key`'s figures on variant 1 against variant 0, moved when
// its verdict is a change and |ratio - 1| > threshold. An Error::Input when the case was not measured.
Expected<BisectStep> StepFromAnalysis(const Analysis& analysed, const std::string& key, const std::string& metric,
                                      double threshold);

// Measures `candidate` against `base` (each a label), or fails (the bisection stops with the error).
using MeasureStep = std::function<Expected<BisectStep>(const std::string& base, const std::string& candidate,
                                                       const std::string& stage)>;

// Bisects `labels` (in order; the first known unmoved, the last known moved against `base`): each step
// measures the middle one against `base` (`measure` keeps the steps). Returns the culprit pair's indexes
// (adjacent).
Expected<std::pair<std::size_t, std::size_t>> BisectLabels(const std::string& base,
                                                           const std::vector<std::string>& labels,
                                                           const std::string& stage, const MeasureStep& measure);

}  // namespace v8bench::analysis
