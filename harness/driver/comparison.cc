#include "harness/driver/comparison.h"

#include <algorithm>
#include <set>

namespace v8bench::driver {

const MetricInfo& ComparedMetric(std::string_view option) {
  const MetricInfo* m = FindMetricOption(option);
  return m != nullptr ? *m : *FindMetricOption(kDefaultCompareMetric);
}

std::vector<std::string> ParamsToIgnore(const std::vector<Variant>& variants) {
  std::set<std::string> names;
  for (const auto& v : variants) {
    for (const auto& [k, _] : v.params) names.insert(k);
  }
  std::vector<std::string> ignore;
  for (const auto& name : names) {
    std::optional<std::string> first;
    bool differ = false;
    for (std::size_t i = 0; i < variants.size(); ++i) {
      std::string value = "\x01(none)";
      for (const auto& [k, val] : variants[i].params) {
        if (k == name) value = val;
      }
      if (i == 0) {
        first = value;
      } else if (value != *first) {
        differ = true;
      }
    }
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

int CountRuns(const CompareState& state, int variant) {
  return static_cast<int>(
      std::count_if(state.runs.begin(), state.runs.end(), [&](const RunRecord& r) { return r.variant == variant; }));
}

}  // namespace v8bench::driver
