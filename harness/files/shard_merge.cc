#include "harness/files/shard_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "harness/driver/comparison.h"
#include "harness/driver/settings.h"

namespace v8bench::files {
namespace {

using driver::CompareSettings;
using driver::CompareState;
using driver::RunRecord;
using driver::SettingKind;
using driver::SettingSpec;
using driver::ShardCases;
using driver::ShardInfo;
using driver::SuiteDigest;
using driver::Variant;

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

std::uint64_t Fnv(std::uint64_t h, std::string_view bytes) {
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * kFnvPrime;
  return h;
}

std::string Quoted(const std::string& v) { return v.empty() ? "(empty)" : "'" + v + "'"; }

// "what: X in a.json, Y in b.json" — the one shape of every refusal.
Error Differs(const std::string& what, const std::string& a, const ShardFile& fa, const std::string& b,
              const ShardFile& fb, const std::string& hint = "") {
  return Error::Usage(fmt::format("the shards do not belong together: {}: {} in {}, {} in {}{}", what, a, fa.path, b,
                                  fb.path, hint.empty() ? "" : "; " + hint));
}

std::string SettingText(const CompareSettings& s, const SettingSpec& spec) {
  if (spec.kind == SettingKind::kMetric) return TextOf(s, spec);
  const auto v = NumberOf(s, spec);
  return v ? fmt::format("{}", *v) : std::string("(unset)");
}

Status SameSettings(const ShardFile& a, const ShardFile& b) {
  const CompareSettings& x = a.state.settings;
  const CompareSettings& y = b.state.settings;
  if (x.seed != y.seed) {
    return Differs("settings.seed (--seed)", std::to_string(x.seed), a, std::to_string(y.seed), b,
                   "give every shard the same --seed (without one, shards derive theirs from the suites and variants)");
  }
  if (x.suites != y.suites) {
    return Differs("settings.suites", fmt::format("[{}]", fmt::join(x.suites, ", ")), a,
                   fmt::format("[{}]", fmt::join(y.suites, ", ")), b);
  }
  if (x.filter != y.filter) return Differs("settings.filter", Quoted(x.filter), a, Quoted(y.filter), b);
  for (const SettingSpec& spec : driver::SettingSpecs()) {
    const std::string u = SettingText(x, spec);
    const std::string v = SettingText(y, spec);
    if (u != v) return Differs(fmt::format("settings.{} (--{})", spec.key, spec.option), u, a, v, b);
  }
  return OkStatus();
}

Status SameSuites(const ShardFile& a, const ShardFile& b) {
  const auto& x = a.state.suite_digests;
  const auto& y = b.state.suite_digests;
  if (x.empty() || y.empty()) {
    const ShardFile& none = x.empty() ? a : b;
    return Error::Usage(
        fmt::format("'{}' records no suite digests (written by an older v8bench?); run the shard again", none.path));
  }
  for (const SuiteDigest& d : x) {
    const auto other = std::find_if(y.begin(), y.end(), [&](const SuiteDigest& e) { return e.path == d.path; });
    if (other == y.end()) return Differs("suite file " + d.path, "present", a, "absent", b);
    if (!(*other == d)) {
      return Differs("contents of suite file " + d.path, fmt::format("FNV-1a {} ({} bytes)", d.fnv1a64, d.bytes), a,
                     fmt::format("FNV-1a {} ({} bytes)", other->fnv1a64, other->bytes), b);
    }
  }
  if (y.size() != x.size()) return Differs("suite files", std::to_string(x.size()), a, std::to_string(y.size()), b);
  return OkStatus();
}

Status SameVariants(const ShardFile& a, const ShardFile& b) {
  const auto& x = a.state.variants;
  const auto& y = b.state.variants;
  std::vector<std::string> xn, yn;
  for (const auto& v : x) xn.push_back(v.variant.name);
  for (const auto& v : y) yn.push_back(v.variant.name);
  if (xn != yn) {
    return Differs("variants", fmt::format("[{}]", fmt::join(xn, ", ")), a, fmt::format("[{}]", fmt::join(yn, ", ")),
                   b);
  }
  for (std::size_t i = 0; i < x.size(); ++i) {
    const Variant& u = x[i].variant;
    const Variant& v = y[i].variant;
    const std::string what = "variant '" + u.name + "': ";
    if (u.flags_text != v.flags_text) return Differs(what + "flags", Quoted(u.flags_text), a, Quoted(v.flags_text), b);
    if (u.engine != v.engine) {
      return Differs(what + "engine", u.engine.empty() ? "this v8bench" : Quoted(u.engine), a,
                     v.engine.empty() ? "this v8bench" : Quoted(v.engine), b);
    }
    if (!x[i].context || !y[i].context) continue;  // a shard none of whose workers started: nothing to compare
    const RunContext& c = *x[i].context;
    const RunContext& d = *y[i].context;
    const std::pair<const char*, std::pair<const std::string*, const std::string*>> facts[] = {
        {"V8 version", {&c.v8_version, &d.v8_version}}, {"Node version", {&c.node_version, &d.node_version}},
        {"V8 flags", {&c.v8_flags, &d.v8_flags}},       {"trig path", {&c.trig_path, &d.trig_path}},
        {"build type", {&c.build_type, &d.build_type}},
    };
    for (const auto& [name, values] : facts) {
      if (*values.first != *values.second) {
        return Differs(what + "engine's " + name, Quoted(*values.first), a, Quoted(*values.second), b);
      }
    }
  }
  return OkStatus();
}

// The keys some sample of `state` measured, failed or found unsupported.
std::set<std::string> KeysTouched(const CompareState& state) {
  std::set<std::string> keys(state.case_keys.begin(), state.case_keys.end());
  for (const RunRecord& r : state.runs) {
    for (const auto& [key, _] : r.values) keys.insert(key);
    for (const auto& f : r.failures) keys.insert(f.key);
  }
  return keys;
}

}  // namespace

Expected<std::vector<SuiteDigest>> DigestSuites(const std::vector<std::string>& paths) {
  std::vector<SuiteDigest> out;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error::Input("cannot read suite file '" + path + "' to record its digest");
    SuiteDigest d;
    d.path = path;
    std::uint64_t h = kFnvOffset;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
      h = Fnv(h, std::string_view(buf, static_cast<std::size_t>(in.gcount())));
      d.bytes += static_cast<std::uint64_t>(in.gcount());
    }
    d.fnv1a64 = fmt::format("{:016x}", h);
    out.push_back(std::move(d));
  }
  return out;
}

std::uint64_t DerivedShardSeed(const CompareState& state) {
  std::uint64_t h = kFnvOffset;
  for (const auto& d : state.suite_digests) h = Fnv(h, d.path + "\x1f" + d.fnv1a64 + "\x1e");
  h = Fnv(h, state.settings.filter + "\x1e");
  for (const auto& v : state.variants) {
    h = Fnv(h, v.variant.name + "\x1f" + v.variant.flags_text + "\x1f" + v.variant.engine + "\x1e");
  }
  return h & ((std::uint64_t{1} << 53) - 1);
}

namespace {

using ShardsByIndex = std::map<int, const ShardFile*>;

// Each file is a shard's own results, not a merge and not an unsharded run.
Status EachIsAShard(const std::vector<ShardFile>& files) {
  for (const ShardFile& f : files) {
    if (f.state.merged_count > 0) {
      return Error::Usage("'" + f.path + "' is already a merge of shards; merge the shard files themselves");
    }
    if (!f.state.shard) {
      return Error::Usage("'" + f.path + "' is not a shard: it was run without `compare --shard K/N`");
    }
  }
  return OkStatus();
}

// The shards split the same case list, in the same order; names the first case one has and the other lacks.
Status SameCaseList(const ShardFile& first, const ShardFile& f) {
  const std::vector<std::string>& ours = first.state.shard->all_cases;
  const std::vector<std::string>& theirs = f.state.shard->all_cases;
  if (theirs == ours) return OkStatus();
  for (const auto& k : ours) {
    if (std::find(theirs.begin(), theirs.end(), k) == theirs.end()) {
      return Differs("the case list", "'" + k + "' present", first, "absent", f);
    }
  }
  for (const auto& k : theirs) {
    if (std::find(ours.begin(), ours.end(), k) == ours.end()) {
      return Differs("the case list", "'" + k + "' absent", first, "present", f);
    }
  }
  return Differs("the case list's order", "one order", first, "another", f);
}

// The shard's cases are its share of the case list, and it has samples of no other case.
Status HoldsItsShare(const ShardFile& f, int count) {
  const ShardInfo& s = *f.state.shard;
  if (s.cases != ShardCases(s.all_cases, s.index, s.count)) {
    return Error::Input(
        fmt::format("'{}': its cases are not shard {}/{}'s share of the case list (edited?)", f.path, s.index, count));
  }
  for (const auto& key : KeysTouched(f.state)) {
    if (std::find(s.cases.begin(), s.cases.end(), key) == s.cases.end()) {
      return Error::Input(
          fmt::format("'{}': it has samples of case '{}', which is not in shard {}/{}", f.path, key, s.index, count));
    }
  }
  return OkStatus();
}

// The shards by index, once each checked to be a share of the same comparison as the first.
Expected<ShardsByIndex> IndexMatchingShards(const std::vector<ShardFile>& files) {
  const ShardFile& first = files.front();
  const int count = first.state.shard->count;
  ShardsByIndex by_index;
  for (const ShardFile& f : files) {
    const ShardInfo& s = *f.state.shard;
    if (s.count != count) {
      return Differs("shard count", fmt::format("{}", count), first, fmt::format("{}", s.count), f);
    }
    // What was compared first (a derived seed follows from these), then how.
    if (auto suites = SameSuites(first, f); !suites) return suites.error();
    if (auto variants = SameVariants(first, f); !variants) return variants.error();
    if (auto settings = SameSettings(first, f); !settings) return settings.error();
    if (auto cases = SameCaseList(first, f); !cases) return cases.error();
    if (const auto [it, fresh] = by_index.emplace(s.index, &f); !fresh) {
      return Error::Usage(
          fmt::format("shard {}/{} is given twice: {} and {}", s.index, count, it->second->path, f.path));
    }
    if (auto share = HoldsItsShare(f, count); !share) return share.error();
  }
  return by_index;
}

// Shards 1..count as "k/count": those given (given = true) or those missing.
std::vector<std::string> ShardNames(const ShardsByIndex& by_index, int count, bool given) {
  std::vector<std::string> names;
  for (int k = 1; k <= count; ++k) {
    if ((by_index.count(k) != 0) == given) names.push_back(fmt::format("{}/{}", k, count));
  }
  return names;
}

// Every shard is given and finished, unless --allow-partial says to analyse what there is.
Status AllShardsGivenAndFinished(const ShardsByIndex& by_index, int count, bool allow_partial) {
  if (allow_partial) return OkStatus();
  const std::vector<std::string> missing = ShardNames(by_index, count, false);
  if (!missing.empty()) {
    return Error::Usage(fmt::format(
        "shard{} {} {} missing (given: {}); give {} file{}, or --allow-partial to analyse the cases of the shards "
        "given",
        missing.size() == 1 ? "" : "s", fmt::join(missing, ", "), missing.size() == 1 ? "is" : "are",
        fmt::join(ShardNames(by_index, count, true), ", "), missing.size() == 1 ? "its" : "their",
        missing.size() == 1 ? "" : "s"));
  }
  for (const auto& [index, f] : by_index) {
    if (!f->state.complete) {
      return Error::Usage(
          fmt::format("shard {}/{} ('{}') did not finish{}: continue it with `v8bench compare --resume {}`, or give "
                      "--allow-partial",
                      index, count, f->path, f->state.interrupted ? " (interrupted)" : "", f->path));
    }
  }
  return OkStatus();
}

// One comparison from the checked shards: the first's settings, every shard's runs, the cases present.
CompareState MergeStates(const ShardFile& first, const ShardsByIndex& by_index, int count) {
  CompareState merged;
  merged.settings = first.state.settings;
  merged.variants = first.state.variants;
  merged.suite_digests = first.state.suite_digests;
  merged.date = first.state.date;
  merged.num_cpus = first.state.num_cpus;
  merged.driver = first.state.driver;
  merged.merged_count = count;
  merged.complete = ShardNames(by_index, count, false).empty();
  std::set<std::string> hosts;
  std::set<std::string> present;
  for (const auto& [index, f] : by_index) {
    const CompareState& s = f->state;
    for (std::size_t v = 0; v < merged.variants.size(); ++v) {
      if (!merged.variants[v].context) merged.variants[v].context = s.variants[v].context;
    }
    for (const RunRecord& r : s.runs) merged.runs.push_back(r);
    present.insert(s.shard->cases.begin(), s.shard->cases.end());
    merged.elapsed_s += s.elapsed_s;
    merged.complete = merged.complete && s.complete;
    merged.interrupted = merged.interrupted || s.interrupted;
    if (hosts.insert(s.host_name).second) {
      merged.host_name += (merged.host_name.empty() ? "" : ", ") + s.host_name;
    }
    merged.merged.push_back({f->path, index, s.host_name, s.date, s.elapsed_s, s.runs.size(), s.complete});
  }
  for (const auto& key : first.state.shard->all_cases) {
    if (present.count(key) != 0) merged.case_keys.push_back(key);
  }
  return merged;
}

}  // namespace

Expected<CompareState> MergeShards(const std::vector<ShardFile>& files, bool allow_partial) {
  if (files.empty()) return Error::Usage("merge: give the shards' results files");
  if (auto shards = EachIsAShard(files); !shards) return shards.error();
  auto by_index = IndexMatchingShards(files);
  if (!by_index) return by_index.error();
  const int count = files.front().state.shard->count;
  if (auto all = AllShardsGivenAndFinished(by_index.value(), count, allow_partial); !all) return all.error();
  return MergeStates(files.front(), by_index.value(), count);
}

}  // namespace v8bench::files