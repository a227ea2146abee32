#include "harness/analysis/profile_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <utility>

#include "harness/model/units.h"

namespace v8bench::analysis {
namespace {

// The frames without a function (not rows of the top table): GC, (idle), (program), (root).
FrameOwner PseudoOwner(const ProfileNode& n) {
  if (n.function_name == "(garbage collector)") return FrameOwner::kGc;
  if (n.function_name == "(idle)") return FrameOwner::kIdle;
  return FrameOwner::kProgram;
}

// "url:line:col" -> "url": runtime code is matched by file and name, its lines move between releases.
std::string WithoutPosition(const std::string& location) {
  std::string out = location;
  for (int part = 0; part < 2; ++part) {
    const auto colon = out.rfind(':');
    if (colon == std::string::npos || out.find_first_not_of("0123456789", colon + 1) != std::string::npos) break;
    out.resize(colon);
  }
  return out;
}

// What names a function in both profiles (script ids differ between processes).
std::string FunctionKey(const FunctionRow& r) {
  switch (r.owner) {
    case FrameOwner::kSuite:
    case FrameOwner::kHarness:
      return fmt::format("{}\x1f{}\x1f{}", static_cast<int>(r.owner), r.location, r.name);
    default:
      return fmt::format("{}\x1f{}\x1f{}", static_cast<int>(r.owner), WithoutPosition(r.location), r.name);
  }
}

std::string NodeRowKey(int script_id, int line, int column, const std::string& name) {
  return fmt::format("{}\x1f{}\x1f{}\x1f{}", script_id, line, column, name);
}

// A profile's nodes with what the diff needs of each: the function (the top table's row: owner and
// location, classified once there), its key across profiles, its subtree's samples.
struct Side {
  const CpuProfileData* data = nullptr;
  std::vector<FunctionRow> function;  // per node; a pseudo frame's has only name and owner
  std::vector<std::string> key;
  std::vector<std::uint64_t> subtree;
  std::unordered_map<unsigned, std::size_t> index_of;
  std::uint64_t samples = 0;
  double cost_per_sample = 0;  // the diff's unit per sample
};

Side Index(const CpuProfileData& p) {
  Side s;
  s.data = &p;
  const ProfileSummary summary = Summarize(p, static_cast<std::size_t>(-1));
  std::map<std::string, const FunctionRow*> rows;
  for (const auto* list : {&summary.by_self, &summary.by_total}) {
    for (const FunctionRow& r : *list) rows.emplace(NodeRowKey(r.script_id, r.line, r.column, r.name), &r);
  }
  const std::size_t count = p.nodes.size();
  s.function.resize(count);
  s.key.resize(count);
  s.subtree.assign(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    const ProfileNode& n = p.nodes[i];
    s.index_of[n.id] = i;
    auto row = rows.find(NodeRowKey(n.script_id, n.line, n.column, n.function_name));
    if (row != rows.end()) {
      s.function[i] = *row->second;
    } else {
      s.function[i].name = n.function_name;
      s.function[i].owner = PseudoOwner(n);
      s.function[i].location = "";
    }
    s.key[i] = FunctionKey(s.function[i]);
    s.samples += n.hit_count;
  }
  for (std::size_t i = count; i-- > 0;) {  // preorder: children come after their parent
    s.subtree[i] += p.nodes[i].hit_count;
    for (unsigned child : p.nodes[i].children) {
      auto c = s.index_of.find(child);
      if (c != s.index_of.end() && c->second > i) s.subtree[i] += s.subtree[c->second];
    }
  }
  return s;
}

// Seconds of profiled wall time per iteration, or 0 when the profile did not count them.
double SecondsPerIteration(const CpuProfileData& p) {
  return p.iterations > 0 && p.profiled_s > 0 ? p.profiled_s / static_cast<double>(p.iterations) : 0;
}

// The highest tier of each function V8 built code for, by script id, line and name (as the top table's).
std::map<std::string, CodeTier> HighestTiers(const CpuProfileData& p) {
  std::map<std::string, CodeTier> tiers;
  for (const auto& c : p.code) {
    const std::string k = fmt::format("{}\x1f{}\x1f{}", c.script_id, c.line, c.function_name);
    auto [it, inserted] = tiers.emplace(k, c.tier);
    if (!inserted) it->second = std::max(it->second, c.tier);
  }
  return tiers;
}

// Every function's self and total cost and tier on one side, into `rows` (by key; `after` says which side).
void AddFunctions(const Side& s, bool after, std::map<std::string, FunctionChange>& rows) {
  const CpuProfileData& p = *s.data;
  const auto tiers = HighestTiers(p);
  const double denom = s.samples > 0 ? static_cast<double>(s.samples) : 1.0;
  // Total: a subtree counts once per function on its path (recursion), as the top table's totals.
  std::map<std::string, int> on_path;
  std::vector<std::pair<std::size_t, bool>> stack = {{0, true}};
  while (!p.nodes.empty() && !stack.empty()) {
    auto [i, entering] = stack.back();
    stack.pop_back();
    const ProfileNode& n = p.nodes[i];
    const bool counted = i > 0;  // the root is no function
    if (!entering) {
      if (counted) --on_path[s.key[i]];
      continue;
    }
    if (counted) {
      FunctionChange& row = rows[s.key[i]];
      if (row.location.empty() || after) {
        row.name = n.function_name;
        row.location = s.function[i].location;
        row.owner = s.function[i].owner;
      }
      (after ? row.self_share_after : row.self_share_before) += n.hit_count / denom;
      (after ? row.self_after : row.self_before) += n.hit_count * s.cost_per_sample;
      if (on_path[s.key[i]]++ == 0) (after ? row.total_after : row.total_before) += s.subtree[i] * s.cost_per_sample;
      auto t = tiers.find(fmt::format("{}\x1f{}\x1f{}", n.script_id, n.line, n.function_name));
      std::string& tier = after ? row.tier_after : row.tier_before;
      if (t != tiers.end()) tier = CodeTierName(t->second);
      (after ? row.deopts_after : row.deopts_before) += n.deopts.size();
    }
    stack.push_back({i, false});
    for (unsigned child : n.children) {
      auto c = s.index_of.find(child);
      if (c != s.index_of.end() && c->second > i) stack.push_back({c->second, true});
    }
  }
}

// Adds one side's call tree to the merged tree `frames`, path by path.
void MergeTree(const Side& s, bool after, std::vector<DiffFrame>& frames) {
  const CpuProfileData& p = *s.data;
  if (p.nodes.empty()) return;
  std::map<std::pair<std::size_t, std::string>, std::size_t> child_of;  // (frame, function key) -> frame
  for (std::size_t f = 0; f < frames.size(); ++f) {
    for (std::size_t c : frames[f].children) child_of[{f, frames[c].key}] = c;
  }
  std::vector<std::pair<std::size_t, std::size_t>> stack = {{0, 0}};  // (node, frame)
  while (!stack.empty()) {
    auto [i, f] = stack.back();
    stack.pop_back();
    const ProfileNode& n = p.nodes[i];
    (after ? frames[f].total_after : frames[f].total_before) += s.subtree[i] * s.cost_per_sample;
    (after ? frames[f].self_after : frames[f].self_before) += n.hit_count * s.cost_per_sample;
    for (unsigned child : n.children) {
      auto c = s.index_of.find(child);
      // A path without samples adds nothing (and a node the top table has no row for is a pseudo frame).
      if (c == s.index_of.end() || c->second <= i || s.subtree[c->second] == 0) continue;
      const FunctionRow& fn = s.function[c->second];
      auto [it, inserted] = child_of.emplace(std::pair{f, s.key[c->second]}, frames.size());
      if (inserted) {
        DiffFrame frame;
        frame.name = fn.name;
        // Runtime frames by file alone: their lines move between releases.
        frame.location = fn.owner == FrameOwner::kNode ? WithoutPosition(fn.location) : fn.location;
        frame.owner = fn.owner;
        frame.key = s.key[c->second];
        frames.push_back(std::move(frame));
        frames[f].children.push_back(it->second);
      }
      stack.push_back({c->second, it->second});
    }
  }
}

}  // namespace

ProfileDiff DiffProfiles(const CpuProfileData& before, const CpuProfileData& after) {
  ProfileDiff diff;
  Side b = Index(before), a = Index(after);
  diff.samples_before = b.samples;
  diff.samples_after = a.samples;
  diff.seconds_per_iteration_before = SecondsPerIteration(before);
  diff.seconds_per_iteration_after = SecondsPerIteration(after);
  diff.per_iteration = diff.seconds_per_iteration_before > 0 && diff.seconds_per_iteration_after > 0;
  for (Side* s : {&b, &a}) {
    const double share = s->samples > 0 ? 1.0 / static_cast<double>(s->samples) : 0;
    const double per_iteration = s == &b ? diff.seconds_per_iteration_before : diff.seconds_per_iteration_after;
    s->cost_per_sample = diff.per_iteration ? share * per_iteration : share;
  }
  std::map<std::string, FunctionChange> rows;
  AddFunctions(b, false, rows);
  AddFunctions(a, true, rows);
  for (auto& [key, row] : rows) {
    if (row.total_before > 0 || row.total_after > 0) diff.functions.push_back(row);  // sampled on a side
  }
  std::stable_sort(diff.functions.begin(), diff.functions.end(), [](const FunctionChange& x, const FunctionChange& y) {
    return std::abs(x.SelfChange()) > std::abs(y.SelfChange());
  });
  diff.frames.emplace_back();
  diff.frames.front().name = "(root)";
  MergeTree(b, false, diff.frames);
  MergeTree(a, true, diff.frames);
  for (DiffFrame& f : diff.frames) {
    std::stable_sort(f.children.begin(), f.children.end(), [&](std::size_t x, std::size_t y) {
      return diff.frames[x].total_after > diff.frames[y].total_after;
    });
  }
  return diff;
}

std::vector<FunctionChange> TopChanges(const ProfileDiff& diff, std::size_t top_n) {
  std::vector<FunctionChange> top;
  for (std::size_t i = 0; i < diff.functions.size(); ++i) {
    const FunctionChange& f = diff.functions[i];
    const bool notable_tier = f.TierChanged() && std::max(f.self_share_before, f.self_share_after) >= 0.01;
    const bool self_time = f.self_share_before > 0 || f.self_share_after > 0;
    if ((i < top_n && self_time) || notable_tier) top.push_back(f);
  }
  return top;
}

std::string DiffCostText(const ProfileDiff& diff, double cost) {
  return diff.per_iteration ? FormatDuration(cost * 1e9) : fmt::format("{:.1f}%", 100 * cost);
}

std::string DiffChangeText(const ProfileDiff& diff, double change) {
  const char* sign = change > 0 ? "+" : change < 0 ? "-" : "±";
  return diff.per_iteration ? sign + FormatDuration(std::abs(change) * 1e9)
                            : fmt::format("{}{:.1f} pts", sign, 100 * std::abs(change));
}

namespace {

// `text` cut to `width` bytes (names and locations are mostly ASCII; a cut never splits a UTF-8 sequence).
std::string Cut(const std::string& text, std::size_t width) {
  if (text.size() <= width) return text;
  std::size_t cut = width - 3;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}

std::string TierText(const FunctionChange& f) {
  if (f.tier_before.empty() && f.tier_after.empty()) return "";
  if (!f.TierChanged()) return f.tier_after;
  return (f.tier_before.empty() ? "-" : f.tier_before) + " -> " + (f.tier_after.empty() ? "-" : f.tier_after);
}

}  // namespace

std::string RenderProfileDiff(const ProfileDiff& diff, std::size_t top_n, const std::string& before,
                              const std::string& after) {
  if (diff.samples_before == 0 || diff.samples_after == 0) {
    return fmt::format("No differential profile: the profile of {} has no samples.\n",
                       diff.samples_before == 0 ? before : after);
  }
  std::string out = fmt::format("Why: self time {}, {} -> {} ({} and {} samples), the largest changes first\n",
                                diff.per_iteration ? "per iteration" : "as a share of the samples", before, after,
                                diff.samples_before, diff.samples_after);
  out += fmt::format("  {:>10} {:>10} {:>11}  {:>13}  {:<22} {:<6} {}\n", "before", "after", "change", "share", "tier",
                     "deopts", "function  location");
  for (const FunctionChange& f : TopChanges(diff, top_n)) {
    std::string where = f.location;
    if (f.owner != FrameOwner::kSuite) where += fmt::format(" [{}]", FrameOwnerName(f.owner));
    const std::string deopts =
        f.deopts_before + f.deopts_after == 0 ? "" : fmt::format("{}->{}", f.deopts_before, f.deopts_after);
    out += fmt::format("  {:>10} {:>10} {:>11}  {:>13}  {:<22} {:<6} {}  {}\n", DiffCostText(diff, f.self_before),
                       DiffCostText(diff, f.self_after), DiffChangeText(diff, f.SelfChange()),
                       fmt::format("{:.1f}->{:.1f}%", 100 * f.self_share_before, 100 * f.self_share_after),
                       Cut(TierText(f), 22), deopts, Cut(f.name.empty() ? "(anonymous)" : f.name, 40), Cut(where, 70));
  }
  if (diff.per_iteration) {
    out += fmt::format("  (profiled wall time per iteration: {} -> {}, spread over the functions by samples)\n",
                       FormatDuration(diff.seconds_per_iteration_before * 1e9),
                       FormatDuration(diff.seconds_per_iteration_after * 1e9));
  }
  return out;
}

}  // namespace v8bench::analysis
