#include "harness/driver/comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <set>

namespace v8bench::driver {

std::vector<std::string> ParamsToIgnore(const std::vector<VariantState>& variants) {
  // Each parameter some variant sets -> the value each variant gives it (its last --param of that name;
  // nullopt where it sets none).
  std::map<std::string, std::vector<std::optional<std::string>>> values;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    for (const auto& [name, value] : variants[i].variant.params) {
      auto& per_variant = values[name];
      per_variant.resize(variants.size());
      per_variant[i] = value;
    }
  }
  std::vector<std::string> ignore;
  for (const auto& [name, per_variant] : values) {
    const bool differ =
        std::adjacent_find(per_variant.begin(), per_variant.end(), std::not_equal_to<>()) != per_variant.end();
    if (differ) ignore.push_back(name);
  }
  return ignore;
}

std::string CaseKey(const CaseInfo& c, const std::vector<std::string>& ignore) {
  if (c.suite.empty()) return c.name;
  std::string key = c.suite + "/" + c.bench;
  for (const auto& [k, v] : c.params) {
    if (std::find(ignore.begin(), ignore.end(), k) == ignore.end()) key += "/" + k + ":" + v;
  }
  return key;
}

Expected<ShardInfo> ParseShard(std::string_view text) {
  const auto slash = text.find('/');
  ShardInfo s;
  bool ok = slash != std::string_view::npos;
  if (ok) {
    const std::string_view k = text.substr(0, slash);
    const std::string_view n = text.substr(slash + 1);
    ok = !k.empty() && !n.empty() &&
         std::from_chars(k.data(), k.data() + k.size(), s.index).ptr == k.data() + k.size() &&
         std::from_chars(n.data(), n.data() + n.size(), s.count).ptr == n.data() + n.size();
  }
  if (!ok || s.count < 1 || s.count > 10000 || s.index < 1 || s.index > s.count) {
    return Error::Usage(
        fmt::format("--shard {}: give K/N, shard K of N, with 1 <= K <= N <= 10000 (shards are numbered from 1; from a "
                    "0-based index such as Kubernetes' JOB_COMPLETION_INDEX: --shard $((JOB_COMPLETION_INDEX + 1))/N)",
                    text));
  }
  return s;
}

std::vector<std::string> ShardCases(const std::vector<std::string>& keys, int index, int count) {
  std::vector<std::string> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::set<std::string> mine;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (count > 0 && static_cast<int>(i % static_cast<std::size_t>(count)) == index - 1) mine.insert(sorted[i]);
  }
  std::vector<std::string> out;
  for (const auto& k : keys) {
    if (mine.erase(k) != 0) out.push_back(k);  // erase: a duplicate in `keys` comes out once
  }
  return out;
}

}  // namespace v8bench::driver
