// `v8bench cache`: what v8bench keeps in its cache directory (files/cache_inventory), part by part, and
// removing it: fetched Node releases and compiled instruments take gigabytes after a few bisections.
#include <fmt/format.h>

#include <cstdio>

#include "harness/cli/common.h"
#include "harness/files/cache_inventory.h"
#include "harness/model/units.h"
#include "harness/workers/external_engine.h"

namespace v8bench::cli {
namespace {

Expected<int> List() {
  fmt::print("v8bench's cache: {}\n", workers::CacheDirectory());
  std::uint64_t total = 0;
  for (const auto& part : files::ListCache()) {
    fmt::print("  {:<12} {:>10}  {:>5} entr{}  {}\n", part.name, FormatBytes(static_cast<double>(part.bytes)),
               part.entries.size(), part.entries.size() == 1 ? "y" : "ies", part.what);
    total += part.bytes;
  }
  fmt::print("  {:<12} {:>10}  (`v8bench cache clean PART...` or `clean all` removes them)\n", "total",
             FormatBytes(static_cast<double>(total)));
  return 0;
}

Expected<int> Cache(const ParsedArgs& args, const std::vector<std::string>&) {
  const std::vector<std::string>& words = args.positional;
  if (words.empty() || words.front() == "ls") {
    if (words.size() > 1) return Error::Usage("cache ls takes no argument (see `v8bench cache --help`)");
    return List();
  }
  if (words.front() != "clean") {
    return Error::Usage(fmt::format(
        "cache: unknown action '{}': use `v8bench cache ls` or `v8bench cache clean PART...`", words.front()));
  }
  if (words.size() == 1) {
    return Error::Usage(fmt::format("cache clean: name what to remove: {}, or all (`v8bench cache ls` shows them)",
                                    fmt::join(files::CachePartNames(), ", ")));
  }
  V8BENCH_TRY(const std::uint64_t freed, files::CleanCache({words.begin() + 1, words.end()}));
  fmt::print("removed {} from {}\n", FormatBytes(static_cast<double>(freed)), workers::CacheDirectory());
  return 0;
}

}  // namespace

CommandSpec CacheSpec() {
  CommandSpec spec;
  spec.name = "cache";
  spec.summary = "show or remove what v8bench keeps in its cache (fetched Nodes, compiled instruments, steps)";
  spec.synopsis = "v8bench cache [ls]\n       v8bench cache clean PART... | all";
  spec.description =
      "v8bench keeps in $XDG_CACHE_HOME/v8bench (else ~/.cache/v8bench): the Node releases `bisect` fetched from\n"
      "npm (engines), the in-process instrument compiled for a Node the build did not see (instruments), bisect's\n"
      "measured steps (steps) and the external runner's files (runners). `ls` (the default) shows each part's size\n"
      "and entries; `clean` removes the parts named, or all. Everything there is made again when next needed\n"
      "(a Node fetched, an instrument compiled, a step measured), so clean when no other v8bench is running.\n"
      "Exit: 0; 2 on an unknown action or part.";
  spec.examples =
      "  v8bench cache\n"
      "  v8bench cache clean engines instruments\n"
      "  v8bench cache clean all\n";
  spec.run = Cache;
  return spec;
}

}  // namespace v8bench::cli
