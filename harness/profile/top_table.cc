#include "harness/profile/top_table.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace v8bench {

const char* FrameOwnerName(FrameOwner owner) {
  switch (owner) {
    case FrameOwner::kSuite:
      return "suite code";
    case FrameOwner::kBuiltin:
      return "builtins/VM";
    case FrameOwner::kNode:
      return "runtime internals";
    case FrameOwner::kHarness:
      return "harness";
    case FrameOwner::kGc:
      return "GC";
    case FrameOwner::kProgram:
      return "(program)";
    case FrameOwner::kIdle:
      return "(idle)";
  }
  return "?";
}

std::string WithThousands(std::uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

namespace {

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

FrameOwner OwnerOf(const ProfileNode& n, int batch_script_id) {
  if (n.url.empty() && (n.kind == FrameKind::kInternal || n.script_id == 0)) {
    if (n.function_name == "(garbage collector)") return FrameOwner::kGc;
    if (n.function_name == "(idle)") return FrameOwner::kIdle;
    if (n.function_name == "(program)" || n.function_name == "(root)") return FrameOwner::kProgram;
  }
  if (StartsWith(n.url, "v8bench:") || (batch_script_id > 0 && n.script_id == batch_script_id)) {
    return FrameOwner::kHarness;
  }
  // The runtime's own JS: Node's (node:...) and Deno's (ext:..., e.g. ext:core/01_core.js).
  if (StartsWith(n.url, "node:") || StartsWith(n.url, "ext:")) return FrameOwner::kNode;
  if (n.kind == FrameKind::kScript) return FrameOwner::kSuite;
  return FrameOwner::kBuiltin;
}

bool IsPseudoFrame(FrameOwner owner) {
  return owner == FrameOwner::kGc || owner == FrameOwner::kIdle || owner == FrameOwner::kProgram;
}

std::string Location(const ProfileNode& n, int batch_script_id) {
  if (batch_script_id > 0 && n.script_id == batch_script_id) return "(harness batch loop)";
  if (n.url.empty() && n.line == 0) return n.kind == FrameKind::kScript ? "(no script name)" : "(VM)";
  return fmt::format("{}:{}:{}", n.url.empty() ? "(no script name)" : n.url, n.line, n.column);
}

std::string DisplayName(const std::string& name) { return name.empty() ? "(anonymous)" : name; }

// Cuts a string to `width` code points, marking the cut with an ellipsis.
std::string Fit(const std::string& s, std::size_t width) {
  std::size_t points = 0, cut = s.size();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (points == width - 1) cut = i;
    if (++points > width) return s.substr(0, cut) + "…";
  }
  return s;
}

std::size_t Width(const std::string& s) {
  std::size_t points = 0;
  for (unsigned char c : s) points += (c & 0xC0) != 0x80 ? 1 : 0;
  return points;
}

std::string Pad(const std::string& s, std::size_t width) {
  const std::size_t w = Width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string Pct(double share) { return fmt::format("{:.1f}%", 100 * share); }

std::string Compiled(const std::vector<const CompiledCode*>& code) {
  if (code.empty()) return "none seen";
  std::string out;
  for (CodeTier tier : {CodeTier::kTurboFan, CodeTier::kMidTier, CodeTier::kSparkplug, CodeTier::kIgnition}) {
    const auto n = std::count_if(code.begin(), code.end(), [&](const CompiledCode* c) { return c->tier == tier; });
    if (n == 0) continue;
    if (!out.empty()) out += ", ";
    out += CodeTierName(tier);
    if (n > 1) out += " ×" + WithThousands(static_cast<std::uint64_t>(n));
  }
  return out;
}

}  // namespace

namespace {

// Total time: each sample counts once for every distinct function on its stack. Nodes come in
// preorder, so a reverse pass sums subtrees; a second pass charges a subtree to a function only
// where the function is not already on the path above (recursion).
void ChargeTotals(const std::vector<ProfileNode>& nodes, const std::vector<int>& row_of,
                  std::vector<FunctionRow>& rows) {
  const std::size_t count = nodes.size();
  if (count == 0) return;
  std::unordered_map<unsigned, std::size_t> index_of;
  for (std::size_t i = 0; i < count; ++i) index_of[nodes[i].id] = i;
  std::vector<std::uint64_t> subtree(count, 0);
  for (std::size_t i = count; i-- > 0;) {
    subtree[i] += nodes[i].hit_count;
    for (unsigned child : nodes[i].children) {
      auto c = index_of.find(child);
      if (c != index_of.end() && c->second > i) subtree[i] += subtree[c->second];
    }
  }
  std::vector<int> on_path(rows.size(), 0);
  std::vector<std::pair<std::size_t, bool>> stack = {{0, true}};  // (node, entering)
  while (!stack.empty()) {
    auto [i, entering] = stack.back();
    stack.pop_back();
    const int r = row_of[i];
    if (!entering) {
      if (r >= 0) --on_path[r];
      continue;
    }
    if (r >= 0) {
      if (on_path[r] == 0) rows[r].total_samples += subtree[i];
      ++on_path[r];
    }
    stack.push_back({i, false});
    for (unsigned child : nodes[i].children) {
      auto c = index_of.find(child);
      if (c != index_of.end() && c->second > i) stack.push_back({c->second, true});
    }
  }
}

// The hottest source line of a function, from its script nodes' line ticks.
void FindHotLine(FunctionRow& row, const std::vector<std::size_t>& node_indexes,
                 const std::vector<ProfileNode>& nodes) {
  std::map<int, std::uint64_t> line_ticks;
  std::uint64_t ticks = 0;
  for (std::size_t i : node_indexes) {
    if (nodes[i].kind != FrameKind::kScript || nodes[i].url.empty()) continue;  // lines of a script only
    for (const auto& t : nodes[i].line_ticks) {
      line_ticks[t.line] += t.ticks;
      ticks += t.ticks;
    }
  }
  for (const auto& [line, n] : line_ticks) {
    if (n > 0 && (row.hot_line == 0 || n > line_ticks[row.hot_line])) row.hot_line = line;
  }
  if (row.hot_line > 0) row.hot_line_share = static_cast<double>(line_ticks[row.hot_line]) / ticks;
}

// A hot suite function's tiers and deopts.
TierInsight InsightOf(const FunctionRow& row, const std::vector<std::size_t>& node_indexes,
                      const CpuProfileData& profile) {
  TierInsight in;
  in.name = row.name;
  in.location = row.location;
  in.self_share = row.self_share;
  std::vector<const CompiledCode*> code;
  for (const auto& c : profile.code) {
    if (c.script_id == row.script_id && c.line == row.line && c.function_name == row.name) code.push_back(&c);
  }
  in.compiled = Compiled(code);
  for (const auto* c : code) {
    if (c->tier == CodeTier::kTurboFan) ++(c->at_s < 0 ? in.turbofan_before : in.turbofan_during);
  }
  std::vector<std::pair<std::string, std::uint64_t>> reasons;
  for (std::size_t i : node_indexes) {
    const ProfileNode& n = profile.nodes[i];
    if (!n.bailout_reason.empty()) in.optimization_disabled = n.bailout_reason;
    for (const auto& d : n.deopts) {
      ++in.deopts;
      auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& p) { return p.first == d.reason; });
      if (it == reasons.end()) {
        reasons.emplace_back(d.reason, 1);
      } else {
        ++it->second;
      }
    }
  }
  for (const auto& [reason, n] : reasons) {
    if (!in.deopt_reasons.empty()) in.deopt_reasons += ", ";
    in.deopt_reasons += fmt::format("{} ×{}", reason.empty() ? "(no reason given)" : reason, WithThousands(n));
  }
  return in;
}

void ShareVmStates(const VmStateCounts& s, ProfileSummary& summary) {
  const std::uint64_t states =
      s.js + s.gc + s.parser + s.bytecode_compiler + s.compiler + s.other + s.external + s.atomics_wait + s.idle;
  if (states == 0) return;
  const double d = static_cast<double>(states);
  summary.vm_js = s.js / d;
  summary.vm_gc = s.gc / d;
  summary.vm_compiler = (s.parser + s.bytecode_compiler + s.compiler) / d;
  summary.vm_other = (s.other + s.external + s.atomics_wait) / d;
  summary.vm_idle = s.idle / d;
}

}  // namespace

ProfileSummary Summarize(const CpuProfileData& profile, std::size_t top_n) {
  ProfileSummary summary;
  summary.batch_function = profile.batch_function;
  summary.iterations = profile.iterations;
  summary.profiled_s = profile.profiled_s;
  const auto& nodes = profile.nodes;
  std::uint64_t total = 0;
  for (const auto& n : nodes) total += n.hit_count;
  summary.samples = total;
  const double denom = total > 0 ? static_cast<double>(total) : 1.0;

  // One row per function (script, position, name); pseudo frames only count towards the shares.
  std::vector<int> row_of(nodes.size(), -1);
  std::map<std::string, int> key_row;
  std::vector<FunctionRow> rows;
  std::vector<std::vector<std::size_t>> row_nodes;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const ProfileNode& n = nodes[i];
    const FrameOwner owner = OwnerOf(n, profile.batch_script_id);
    summary.shares[static_cast<int>(owner)] += n.hit_count / denom;
    if (profile.batch_script_id > 0 && n.script_id == profile.batch_script_id) {
      summary.batch_loop_share += n.hit_count / denom;
    }
    if (IsPseudoFrame(owner)) continue;
    const std::string key = fmt::format("{}\x1f{}\x1f{}\x1f{}", n.script_id, n.line, n.column, n.function_name);
    auto [it, inserted] = key_row.emplace(key, static_cast<int>(rows.size()));
    if (inserted) {
      rows.push_back({.name = n.function_name, .location = Location(n, profile.batch_script_id)});
      rows.back().script_id = n.script_id;
      rows.back().line = n.line;
      rows.back().column = n.column;
      rows.back().owner = owner;
      row_nodes.emplace_back();
    }
    row_of[i] = it->second;
    rows[it->second].self_samples += n.hit_count;
    row_nodes[it->second].push_back(i);
  }
  ChargeTotals(nodes, row_of, rows);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    rows[r].self_share = rows[r].self_samples / denom;
    rows[r].total_share = rows[r].total_samples / denom;
    FindHotLine(rows[r], row_nodes[r], nodes);
  }

  std::vector<std::size_t> order(rows.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rows[a].self_samples > rows[b].self_samples; });
  for (std::size_t k = 0; k < order.size() && summary.by_self.size() < top_n; ++k) {
    if (rows[order[k]].self_samples > 0) summary.by_self.push_back(rows[order[k]]);
  }
  // Hot functions of the suite: tiers and deopts.
  for (std::size_t k = 0; k < order.size() && k < top_n && summary.hot.size() < 8; ++k) {
    const FunctionRow& row = rows[order[k]];
    if (row.owner == FrameOwner::kSuite && row.self_samples > 0) {
      summary.hot.push_back(InsightOf(row, row_nodes[order[k]], profile));
    }
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return rows[a].total_samples > rows[b].total_samples; });
  for (std::size_t k = 0; k < order.size() && summary.by_total.size() < top_n; ++k) {
    if (rows[order[k]].total_samples > 0) summary.by_total.push_back(rows[order[k]]);
  }
  ShareVmStates(profile.states, summary);
  return summary;
}

namespace {

void RenderRows(std::string& out, const std::string& title, const std::vector<FunctionRow>& rows, bool hot_lines) {
  std::size_t name_width = 8, where_width = 8;
  std::vector<std::string> wheres;
  for (const auto& r : rows) {
    name_width = std::max(name_width, std::min<std::size_t>(40, Width(DisplayName(r.name))));
    std::string where = r.location;
    if (r.owner != FrameOwner::kSuite) where += fmt::format(" [{}]", FrameOwnerName(r.owner));
    where_width = std::max(where_width, Width(where));
    wheres.push_back(std::move(where));
  }
  out += fmt::format("\n{}\n", title);
  out +=
      fmt::format("  {:>6}  {:>6}  {}  {}{}\n", "self", "total", Pad("function", name_width),
                  hot_lines ? Pad("location", where_width) : "location", hot_lines ? "  hottest line (of self)" : "");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const FunctionRow& r = rows[i];
    std::string line;
    if (hot_lines && r.hot_line > 0) {
      line = fmt::format("  line {} ({})", r.hot_line, Pct(r.hot_line_share));
    }
    out += fmt::format("  {:>6}  {:>6}  {}  {}{}\n", Pct(r.self_share), Pct(r.total_share),
                       Pad(Fit(DisplayName(r.name), name_width), name_width),
                       line.empty() ? wheres[i] : Pad(wheres[i], where_width), line);
  }
}

// Where the samples went by owner of the frame, the VM states when known, and what the owners mean.
void RenderShares(std::string& out, const ProfileSummary& s) {
  out += "Where the samples went:";
  const FrameOwner order[] = {FrameOwner::kSuite, FrameOwner::kBuiltin, FrameOwner::kNode, FrameOwner::kHarness,
                              FrameOwner::kGc,    FrameOwner::kProgram, FrameOwner::kIdle};
  for (std::size_t i = 0; i < std::size(order); ++i) {
    out += fmt::format("{} {} {}", i == 0 ? "" : " ·", FrameOwnerName(order[i]),
                       Pct(s.shares[static_cast<int>(order[i])]));
  }
  out += "\n";
  if (s.vm_js + s.vm_gc + s.vm_compiler + s.vm_other + s.vm_idle > 0) {  // unknown in an engine's own profile
    out += fmt::format("VM state when sampled: JS {} · GC {} · compiling {} · other/external {} · idle {}\n",
                       Pct(s.vm_js), Pct(s.vm_gc), Pct(s.vm_compiler), Pct(s.vm_other), Pct(s.vm_idle));
  }
  out += fmt::format(
      "(harness = the bench API and the compiled batch loop `{}`; builtins/VM = V8 builtins, API callbacks and "
      "frames V8 could not attribute to a script. C++ builtins such as JSON.parse have no frame of their own in "
      "V8 10.2: their time, including the cost of calling back into JS but not the JS called, counts as self time "
      "of the JS function that called them, on the line of the call)\n",
      s.batch_function.empty() ? "?" : s.batch_function);
}

// The suite's hot functions: the code V8 built for each, its TurboFan builds and deopts (none in an engine's own
// profile, which has no code events).
void RenderHotFunctions(std::string& out, const ProfileSummary& s) {
  if (s.hot.empty()) return;
  out += "\nHot functions of the suite: what V8 compiled them to, and the deopts it recorded while sampling\n";
  std::size_t name_width = 8, compiled_width = 8, turbofan_width = 8;
  std::vector<std::string> turbofan;
  for (const auto& h : s.hot) {
    name_width = std::max(name_width, std::min<std::size_t>(30, Width(DisplayName(h.name))));
    compiled_width = std::max(compiled_width, Width(h.compiled));
    std::string t = "never";
    if (h.turbofan_during > 0) {
      t = fmt::format("{} before, {} while sampling", WithThousands(h.turbofan_before),
                      WithThousands(h.turbofan_during));
    } else if (h.turbofan_before > 0) {
      t = fmt::format("{} before sampling", WithThousands(h.turbofan_before));
    }
    turbofan_width = std::max(turbofan_width, Width(t));
    turbofan.push_back(std::move(t));
  }
  out += fmt::format("  {}  {:>6}  {}  {}  {}\n", Pad("function", name_width), "self",
                     Pad("code V8 built for it", compiled_width), Pad("TurboFan builds", turbofan_width),
                     "deopts while sampling");
  for (std::size_t i = 0; i < s.hot.size(); ++i) {
    const auto& h = s.hot[i];
    std::string deopts = "none";
    if (h.deopts > 0) {
      deopts = fmt::format("{} ({:.3g} per iteration): {}", WithThousands(h.deopts),
                           s.iterations > 0 ? static_cast<double>(h.deopts) / s.iterations : 0.0, h.deopt_reasons);
    }
    out += fmt::format("  {}  {:>6}  {}  {}  {}\n", Pad(Fit(DisplayName(h.name), name_width), name_width),
                       Pct(h.self_share), Pad(h.compiled, compiled_width), Pad(turbofan[i], turbofan_width), deopts);
    if (!h.optimization_disabled.empty()) {
      out += fmt::format("  {}  V8 disabled its optimisation: {}\n", std::string(name_width + 8, ' '),
                         h.optimization_disabled);
    }
  }
  out +=
      "  (from V8's code events per function, not per sample: V8 10.2 cannot say which tier a sample ran in. "
      "TurboFan builds while sampling mean V8 re-optimised, usually after deopts; \"never\" means the function "
      "ran in the tiers listed, unless V8 inlined it into an optimised caller.)\n";
}

// How inlining shapes the tables: off, or on with much of the time charged to the batch loop.
void RenderInliningNote(std::string& out, const ProfileSummary& s, bool inlining) {
  if (!inlining) {
    out +=
        "\nTurboFan inlining was off (--no-turbo-inlining) so that each function's time is its own: V8 10.2's "
        "sampler charges an inlined function to the function it was inlined into. Absolute speed differs from "
        "`run`; --inlining profiles the code exactly as `run` runs it.\n";
  } else if (s.batch_loop_share > 0.2) {
    out += fmt::format(
        "\nNote: {} of the samples are in the harness's batch loop `{}` itself. With inlining on, V8 10.2 charges "
        "the bench function (and what V8 inlined into it) to the loop it was inlined into; drop --inlining to see "
        "them separately.\n",
        Pct(s.batch_loop_share), s.batch_function);
  }
}

}  // namespace

std::string RenderSummary(const ProfileSummary& s, bool inlining) {
  std::string out;
  if (s.samples == 0) {
    return "No samples were taken: the profile is empty. Give a longer --duration or a shorter --interval.\n";
  }
  RenderShares(out, s);
  RenderRows(out, fmt::format("Top {} by self time", s.by_self.size()), s.by_self, true);
  RenderRows(out, fmt::format("Top {} by total time", s.by_total.size()), s.by_total, false);
  RenderHotFunctions(out, s);
  RenderInliningNote(out, s, inlining);
  return out;
}

}  // namespace v8bench
