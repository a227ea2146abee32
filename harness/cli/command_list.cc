#include <fmt/format.h>

#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/model/json_writer.h"
#include "harness/report/results_stream.h"
#include "harness/runner/suite_loader.h"

namespace v8bench::cli {
namespace {

CommandSpec ListSpec() {
  CommandSpec spec;
  spec.name = "list";
  spec.synopsis = "v8bench list [SUITE_FILE|DIR ...] [options]";
  spec.description =
      "Lists suites with their realm, description, benches and parameter grid, and the cases they expand to.\n"
      "Without a path, lists the suites shipped with v8bench.";
  spec.options = {
      {"quick", "", "Lists the cases of the quick grids (what `run --quick` runs)."},
      {"format", "console|json", "Output format. Default: console."},
      {"timeout", "S",
       "Stops loading a suite file whose top level (or description) takes longer than S seconds, e.g. an endless "
       "loop, and reports it (exit code 2). Default: 60."},
  };
  return spec;
}

}  // namespace

int ListCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = ListSpec();
  ParsedArgs parsed;
  if (auto stop = ParseCommand(spec, argv, parsed)) return *stop;
  const ParsedArgs* args = &parsed;
  auto format = args->GetChoice("format", {"console", "json"});
  if (!format) return Fail(format.error());
  auto timeout = args->GetDouble("timeout", 0.01, 86400);
  if (!timeout) return Fail(timeout.error());
  ReserveStdoutForResults();  // before any JS runs: a suite's top-level output goes to stderr
  auto process = V8Process::Start({});
  if (!process) return Fail(process.error());
  const bool quick = args->Has("quick");
  auto files = LoadSuites(*process.value(), SuitePathsOrDefault(args->positional), quick, {},
                          timeout.value().value_or(kDefaultLoadTimeoutS));
  if (!files) return Fail(files.error());

  if (format.value().value_or("console") == "json") {
    JsonWriter w;
    w.BeginArray();
    for (const auto& f : files.value()) {
      for (const auto& s : f.description.suites) {
        w.BeginObject().Key("file").String(f.path).Key("name").String(s.name).Key("realm").String(RealmName(s.realm));
        w.Key("description").String(s.description).Key("cases").BeginArray();
        for (const auto& c : f.description.cases) {
          if (c.suite == s.name) w.String(c.name);
        }
        w.EndArray().EndObject();
      }
    }
    w.EndArray();
    std::fprintf(ResultsStream(), "%s\n", w.str().c_str());
    return 0;
  }
  for (const auto& f : files.value()) {
    for (const auto& s : f.description.suites) {
      std::size_t n = 0;
      for (const auto& c : f.description.cases) n += c.suite == s.name ? 1 : 0;
      fmt::print(ResultsStream(), "{}  (realm {}, {} case{}{}, {})\n", s.name, RealmName(s.realm), n, n == 1 ? "" : "s",
                 quick ? " in quick mode" : "", f.path);
      if (!s.description.empty()) fmt::print(ResultsStream(), "  {}\n", s.description);
      for (const auto& b : s.benches) {
        std::string grid;
        for (const auto& [k, vs] : b.grid) grid += fmt::format("  {}: [{}]", k, fmt::join(vs, ", "));
        fmt::print(ResultsStream(), "    {:<28}{}\n", b.name, grid);
      }
      fmt::print(ResultsStream(), "\n");
    }
  }
  return 0;
}

}  // namespace v8bench::cli
