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
  std::map<std::string, std::vector<std::optional<std::vector<std::string>>>> values;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    for (const auto& [name, value] : variants[i].variant.knobs.params) {
      values.try_emplace(name, variants.size()).first->second[i] = value;
    }
  }
  std::vector<std::string> ignore;
  for (const auto& [name, per_variant] : values) {
    if (std::ranges::adjacent_find(per_variant, std::not_equal_to<>()) != per_variant.end()) ignore.push_back(name);
  }
  return ignore;
}

Expected<ShardInfo> ParseShard(std::string_view text) {
  const auto whole = [](std::string_view t, int& n) {
    return !t.empty() && std::from_chars(t.data(), t.data() + t.size(), n).ptr == t.data() + t.size();
  };
  const auto slash = text.find('/');
  ShardInfo s;
  const bool ok = slash != std::string_view::npos && whole(text.substr(0, slash), s.index) &&
                  whole(text.substr(slash + 1), s.count);
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
  const auto step = static_cast<std::size_t>(count);  // count < 1 or index < 1: none
  for (auto i = static_cast<std::size_t>(index - 1); count > 0 && i < sorted.size(); i += step) mine.insert(sorted[i]);
  std::vector<std::string> out;
  for (const auto& k : keys) {
    if (mine.erase(k) != 0) out.push_back(k);  // erase: a duplicate in `keys` comes out once
  }
  return out;
}

}  // namespace v8bench::driver
