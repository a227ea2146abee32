#include "harness/driver/shard.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>

namespace v8bench::driver {
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
