#include "harness/profile/cpuprofile_reader.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "harness/model/code_state.h"
#include "harness/profile/cpuprofile_writer.h"

namespace v8bench {
namespace {

using simdjson::SUCCESS;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// A time in microseconds: an integer (V8) or a fraction (Bun's JavaScriptCore profiler), rounded.
bool ReadMicros(element e, std::int64_t& out) {
  if (e.get(out) == SUCCESS) return true;
  double d = 0;
  if (e.get(d) != SUCCESS || !(d > -9e18 && d < 9e18)) return false;
  out = static_cast<std::int64_t>(std::llround(d));
  return true;
}

bool IsPseudoFrame(std::string_view name) {
  return name == "(root)" || name == "(program)" || name == "(idle)" || name == "(garbage collector)";
}

// A node's v8bench fields (cpuprofile_writer.h, ProfileFields::kWithV8bench): V8's frame kind and its deopts.
Status ReadNodeExtras(object extras, ProfileNode& n, const std::string& where) {
  const std::string bad = where + ": node " + std::to_string(n.id) + " has malformed v8bench fields";
  std::string_view kind;
  if (extras["kind"].get(kind) != SUCCESS || !FrameKindFromKey(kind)) return Error::Input(bad);
  n.kind = *FrameKindFromKey(kind);
  array deopts;
  if (extras["deopts"].get(deopts) != SUCCESS) return Error::Input(bad);
  for (element d : deopts) {
    ProfileDeopt deopt;
    std::string_view reason;
    array stack;
    if (d["reason"].get(reason) != SUCCESS || d["stack"].get(stack) != SUCCESS) return Error::Input(bad);
    deopt.reason = reason;
    for (element f : stack) {
      std::int64_t script_id = 0;
      std::uint64_t position = 0;
      if (f["scriptId"].get(script_id) != SUCCESS || f["position"].get(position) != SUCCESS) return Error::Input(bad);
      deopt.stack.push_back({static_cast<int>(script_id), static_cast<std::size_t>(position)});
    }
    n.deopts.push_back(std::move(deopt));
  }
  return OkStatus();
}

// The profile's v8bench fields: the samples' VM states and the code V8 compiled.
Status ReadProfileExtras(object extras, CpuProfileData& data, const std::string& where) {
  const std::string bad = where + ": the profile's v8bench fields are malformed";
  object states;
  array code;
  if (extras["states"].get(states) != SUCCESS || extras["code"].get(code) != SUCCESS) return Error::Input(bad);
  for (const VmStateField& f : kVmStateFields) {
    if (states[f.key].get(data.states.*f.member) != SUCCESS) return Error::Input(bad);
  }
  for (element e : code) {
    CompiledCode c;
    std::int64_t script_id = 0, line = 0;
    std::string_view name, tier;
    if (e["scriptId"].get(script_id) != SUCCESS || e["functionName"].get(name) != SUCCESS ||
        e["line"].get(line) != SUCCESS || e["tier"].get(tier) != SUCCESS || e["atS"].get(c.at_s) != SUCCESS) {
      return Error::Input(bad);
    }
    auto parsed = CodeTierFromKey(std::string(tier));
    if (!parsed) return Error::Input(bad + " (tier '" + std::string(tier) + "')");
    c.script_id = static_cast<int>(script_id);
    c.function_name = name;
    c.line = static_cast<int>(line);
    c.tier = *parsed;
    data.code.push_back(std::move(c));
  }
  return OkStatus();
}

// One node, without its place in the tree.
Expected<ProfileNode> ReadNode(element e, std::vector<unsigned>& children, const std::string& where) {
  ProfileNode n;
  object frame;
  std::uint64_t id = 0;
  if (e["id"].get(id) != SUCCESS || e["callFrame"].get(frame) != SUCCESS || id > 0xFFFFFFFFu) {
    return Error::Input(where + ": a profile node without an id or a callFrame");
  }
  n.id = static_cast<unsigned>(id);
  std::string_view name, script_id, url;
  std::int64_t line = -1, column = -1;
  if (frame["functionName"].get(name) != SUCCESS || frame["scriptId"].get(script_id) != SUCCESS ||
      frame["url"].get(url) != SUCCESS) {
    return Error::Input(where + ": node " + std::to_string(id) + " has no functionName, scriptId or url");
  }
  if (frame["lineNumber"].get(line) != SUCCESS) line = -1;  // optional: unknown
  if (frame["columnNumber"].get(column) != SUCCESS) column = -1;
  n.function_name = name;
  n.url = url;
  int sid = 0;
  std::from_chars(script_id.data(), script_id.data() + script_id.size(), sid);
  n.script_id = sid;
  n.line = line >= 0 ? static_cast<int>(line) + 1 : 0;
  n.column = column >= 0 ? static_cast<int>(column) + 1 : 0;
  n.kind = sid != 0 ? FrameKind::kScript : IsPseudoFrame(name) ? FrameKind::kInternal : FrameKind::kBuiltin;
  array kids;
  if (e["children"].get(kids) == SUCCESS) {
    for (element k : kids) {
      std::uint64_t child = 0;
      if (k.get(child) != SUCCESS) return Error::Input(where + ": node " + std::to_string(id) + " has a bad child");
      children.push_back(static_cast<unsigned>(child));
    }
  }
  array ticks;
  if (e["positionTicks"].get(ticks) == SUCCESS) {
    for (element t : ticks) {
      std::int64_t l = 0, count = 0;
      if (t["line"].get(l) == SUCCESS && t["ticks"].get(count) == SUCCESS && l > 0 && count >= 0) {
        n.line_ticks.push_back({static_cast<int>(l), static_cast<unsigned>(count)});
      }
    }
  }
  std::string_view reason;
  if (e["deoptReason"].get(reason) == SUCCESS) n.bailout_reason = reason;
  object extras;
  if (e["v8bench"].get(extras) == SUCCESS) {
    if (auto read = ReadNodeExtras(extras, n, where); !read) return read.error();
  }
  return n;
}

// The profile's nodes as read, by id, and which one is the root (the one no node names as a child).
struct NodeTable {
  std::vector<ProfileNode> nodes;
  std::unordered_map<unsigned, std::size_t> index_of;
  std::size_t root = 0;
};

Expected<NodeTable> ReadNodeTable(array nodes, const std::string& where) {
  NodeTable table;
  std::vector<ProfileNode>& read = table.nodes;
  std::unordered_map<unsigned, bool> is_child;
  for (element e : nodes) {
    std::vector<unsigned> children;
    auto n = ReadNode(e, children, where);
    if (!n) return n.error();
    n->children = children;
    for (unsigned c : children) is_child[c] = true;
    if (!table.index_of.emplace(n->id, read.size()).second) {
      return Error::Input(where + ": node id " + std::to_string(n->id) + " appears twice");
    }
    read.push_back(std::move(n.value()));
  }
  if (read.empty()) return Error::Input(where + ": the profile has no nodes");
  std::size_t root = read.size();
  for (std::size_t i = 0; i < read.size(); ++i) {
    if (!is_child.count(read[i].id)) {
      if (root != read.size()) return Error::Input(where + ": the profile has more than one root node");
      root = i;
    }
  }
  if (root == read.size()) return Error::Input(where + ": the profile's nodes form no tree (no root)");
  table.root = root;
  return table;
}

// The nodes in preorder from the root; a node reached twice (a cycle, or a shared child) is malformed.
Expected<std::vector<ProfileNode>> InPreorder(const NodeTable& table, const std::string& where) {
  const std::vector<ProfileNode>& read = table.nodes;
  std::vector<ProfileNode> ordered;
  std::vector<bool> placed(read.size(), false);
  std::vector<std::size_t> stack = {table.root};
  while (!stack.empty()) {
    const std::size_t i = stack.back();
    stack.pop_back();
    if (placed[i]) return Error::Input(where + ": node " + std::to_string(read[i].id) + " has two parents");
    placed[i] = true;
    for (auto c = read[i].children.rbegin(); c != read[i].children.rend(); ++c) {
      auto found = table.index_of.find(*c);
      if (found == table.index_of.end()) {
        return Error::Input(where + ": node " + std::to_string(read[i].id) + " names a child that is not there");
      }
      stack.push_back(found->second);
    }
    ordered.push_back(read[i]);
  }
  return ordered;
}

// The samples and their times (startTime plus the running sum of timeDeltas); each node's hit_count
// becomes the samples that name it.
Status ReadSamples(array samples, array deltas, std::int64_t start, CpuProfileData& data, const std::string& where) {
  std::unordered_map<unsigned, std::size_t> position;
  for (std::size_t i = 0; i < data.nodes.size(); ++i) {
    data.nodes[i].hit_count = 0;
    position[data.nodes[i].id] = i;
  }
  std::int64_t t = start;
  auto delta = deltas.begin();
  for (element s : samples) {
    std::uint64_t id = 0;
    std::int64_t d = 0;
    if (s.get(id) != SUCCESS || delta == deltas.end() || !ReadMicros(*delta, d)) {
      return Error::Input(where + ": samples and timeDeltas do not match");
    }
    ++delta;
    auto p = position.find(static_cast<unsigned>(id));
    if (p == position.end()) return Error::Input(where + ": a sample names node " + std::to_string(id) + ", not there");
    ++data.nodes[p->second].hit_count;
    t += d;
    data.samples.push_back(static_cast<unsigned>(id));
    data.timestamps_us.push_back(t);
  }
  return OkStatus();
}

}  // namespace

Expected<CpuProfileData> ParseCpuProfile(const std::string& json, const std::string& batch_function,
                                         const std::string& where) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(json).get(doc) != SUCCESS) return Error::Input(where + ": not JSON");
  array nodes, samples, deltas;
  std::int64_t start = 0, end = 0;
  element start_e, end_e;
  if (doc["nodes"].get(nodes) != SUCCESS || doc["samples"].get(samples) != SUCCESS ||
      doc["timeDeltas"].get(deltas) != SUCCESS || doc["startTime"].get(start_e) != SUCCESS ||
      doc["endTime"].get(end_e) != SUCCESS || !ReadMicros(start_e, start) || !ReadMicros(end_e, end)) {
    return Error::Input(where + ": not a CPU profile (it needs nodes, startTime, endTime, samples, timeDeltas)");
  }
  auto table = ReadNodeTable(nodes, where);
  if (!table) return table.error();
  auto ordered = InPreorder(table.value(), where);
  if (!ordered) return ordered.error();
  CpuProfileData data;
  data.nodes = std::move(ordered.value());
  if (auto read = ReadSamples(samples, deltas, start, data, where); !read) return read.error();
  data.start_us = start;
  data.end_us = end;
  object extras;
  if (doc["v8bench"].get(extras) == SUCCESS) {
    if (auto read = ReadProfileExtras(extras, data, where); !read) return read.error();
  }
  data.batch_function = batch_function;
  for (const ProfileNode& n : data.nodes) {
    if (!batch_function.empty() && n.function_name == batch_function && n.url.empty() && n.script_id != 0) {
      data.batch_script_id = n.script_id;
      break;
    }
  }
  return data;
}

}  // namespace v8bench
