#include "harness/report/suite_listing.h"

#include <fmt/format.h>

#include "harness/model/json_writer.h"

namespace v8bench {
namespace {

std::string ListJson(const std::vector<SuiteFile>& files) {
  JsonWriter w;
  w.BeginArray();
  for (const auto& f : files) {
    for (const auto& s : f.suites) {
      w.BeginObject().Key("file").String(f.path).Key("name").String(s.name).Key("realm").String(RealmName(s.realm));
      w.Key("description").String(s.description).Key("cases").BeginArray();
      for (const auto& c : f.cases) {
        if (c.suite == s.name) w.String(c.name);
      }
      w.EndArray().EndObject();
    }
  }
  w.EndArray();
  return w.str() + "\n";
}

}  // namespace

std::string RenderSuiteList(const std::vector<SuiteFile>& files, bool quick, bool json) {
  if (json) return ListJson(files);
  std::string out;
  for (const auto& f : files) {
    for (const auto& s : f.suites) {
      std::size_t n = 0;
      for (const auto& c : f.cases) n += c.suite == s.name ? 1 : 0;
      out += fmt::format("{}  (realm {}, {} case{}{}, {})\n", s.name, RealmName(s.realm), n, n == 1 ? "" : "s",
                         quick ? " in quick mode" : "", f.path);
      if (!s.description.empty()) out += fmt::format("  {}\n", s.description);
      for (const auto& b : s.benches) {
        std::string grid;
        for (const auto& [k, vs] : b.grid) grid += fmt::format("  {}: [{}]", k, fmt::join(vs, ", "));
        out += fmt::format("    {:<28}{}\n", b.name, grid);
      }
      // The names as --filter, `profile --case` and the results take them.
      out += "  cases:\n";
      for (const auto& c : f.cases) {
        if (c.suite == s.name) out += fmt::format("    {}\n", c.name);
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace v8bench
