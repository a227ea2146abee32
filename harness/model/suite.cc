#include "harness/model/suite.h"

#include <algorithm>

namespace v8bench {

const char* RealmName(RealmKind realm) { return realm == RealmKind::kNode ? "node" : "v8"; }

namespace {

// `'../common.js'`, `"../../common"` and the like at `at` (after any spaces): a quoted path of one or more
// `../` then `common`, with or without `.js`.
bool CommonPathAt(std::string_view text, std::size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  if (at >= text.size() || (text[at] != '\'' && text[at] != '"')) return false;
  const char quote = text[at++];
  std::size_t ups = 0;
  while (text.substr(at, 3) == "../") {
    at += 3;
    ++ups;
  }
  if (ups == 0 || text.substr(at, 6) != "common") return false;
  at += 6;
  if (text.substr(at, 3) == ".js") at += 3;
  return at < text.size() && text[at] == quote;
}

}  // namespace

bool SizedForOneCallPerProcess(std::string_view source) {
  for (const std::string_view lead : {std::string_view("require("), std::string_view("from")}) {
    for (std::size_t at = source.find(lead); at != std::string_view::npos; at = source.find(lead, at + 1)) {
      if (CommonPathAt(source, at + lead.size())) return true;
    }
  }
  return false;
}

std::string CaseKey(const CaseInfo& c, const std::vector<std::string>& ignore) {
  if (c.suite.empty()) return c.name;
  std::string key = c.suite + "/" + c.bench;
  for (const auto& [k, v] : c.params) {
    if (std::find(ignore.begin(), ignore.end(), k) == ignore.end()) key += "/" + k + ":" + v;
  }
  return key;
}

Expected<ParamOverrides> ParseParamOverrides(const std::vector<std::string>& texts) {
  ParamOverrides out;
  for (const auto& p : texts) {
    const auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == p.size()) {
      return Error::Usage("--param '" + p + "': " + kParamSyntax);
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

namespace {

// Whether a match ending at `end` stops inside a parameter's value: it is followed by more of the value
// (neither '/' nor the end of the name), and the name segment it ends in is a `param:value`.
bool EndsInsideAValue(const std::string& name, std::size_t end) {
  if (end == 0 || end >= name.size() || name[end] == '/') return false;
  const std::size_t segment = name.rfind('/', end - 1);
  const std::size_t start = segment == std::string::npos ? 0 : segment + 1;
  return name.find(':', start) < end;
}

}  // namespace

Expected<CaseFilter> CaseFilter::Parse(const std::string& text) {
  CaseFilter f;
  try {
    f.anywhere_ = std::regex(text, std::regex::ECMAScript);
    f.at_boundary_ = std::regex("(?:" + text + ")(?=/|$)", std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    return Error::Usage("--filter: '" + text + "' is not a valid regular expression (" + e.what() + ")");
  }
  return f;
}

bool CaseFilter::Matches(const std::string& name) const {
  std::smatch m;
  if (!std::regex_search(name, m, anywhere_)) return false;
  if (!EndsInsideAValue(name, static_cast<std::size_t>(m.position(0) + m.length(0)))) return true;
  // The first match stopped inside a value: another may end where a value ends, or outside every value.
  if (std::regex_search(name, at_boundary_)) return true;
  for (auto it = std::sregex_iterator(name.begin(), name.end(), anywhere_); it != std::sregex_iterator(); ++it) {
    if (!EndsInsideAValue(name, static_cast<std::size_t>(it->position(0) + it->length(0)))) return true;
  }
  return false;
}

}  // namespace v8bench
