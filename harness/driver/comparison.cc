#include "harness/driver/comparison.h"

#include <algorithm>
#include <functional>

namespace v8bench::driver {

std::vector<std::string> ParamsToIgnore(const std::vector<Variant>& variants) {
  // Each parameter some variant sets -> the value each variant gives it (its last --param of that name;
  // nullopt where it sets none).
  std::map<std::string, std::vector<std::optional<std::string>>> values;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    for (const auto& [name, value] : variants[i].params) {
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

}  // namespace v8bench::driver
