#include "harness/model/suite.h"

namespace v8bench {

const char* RealmName(RealmKind realm) { return realm == RealmKind::kNode ? "node" : "v8"; }

Expected<ParamOverrides> ParseParamOverrides(const std::vector<std::string>& texts) {
  ParamOverrides out;
  for (const auto& p : texts) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == p.size()) {
      return Error::Usage("--param '" + p + "': write NAME=VALUE or NAME=V1,V2 (e.g. --param size=1000)");
    }
    std::vector<std::string> values;
    const std::string rest = p.substr(eq + 1);
    for (std::size_t start = 0;;) {
      const auto comma = rest.find(',', start);
      values.push_back(rest.substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    out.emplace_back(p.substr(0, eq), std::move(values));
  }
  return out;
}

}  // namespace v8bench
