#include "harness/runner/suite_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "harness/engine/suite_host.h"

namespace v8bench {

namespace fs = std::filesystem;

namespace {

// What a directory's suite files are named: JS and TypeScript, as their engines load them (a module or
// TypeScript file goes through the engine's module loader: js/bench_api/04_loading.js load()).
bool IsSuiteFileName(const fs::path& path) {
  static const char* const kExtensions[] = {".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"};
  const std::string ext = path.extension().string();
  return std::find(std::begin(kExtensions), std::end(kExtensions), ext) != std::end(kExtensions);
}

}  // namespace

Expected<std::vector<std::string>> ExpandSuitePaths(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::directory_iterator(p, ec)) {
        if (entry.is_regular_file() && IsSuiteFileName(entry.path())) found.push_back(entry.path().string());
      }
      if (found.empty()) {
        return Error::Input(p + ": directory has no .js suite files (nor .mjs, .cjs, .ts, .mts, .cts)");
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(p, ec)) {
      out.push_back(p);
    } else {
      return Error::Input(p +
                          ": no such suite file or directory (give a .js suite file or a directory of them; "
                          "`v8bench list` shows the default suites)");
    }
  }
  return out;
}

Expected<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error::Input(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool AnySizedForOneCallPerProcess(const std::vector<std::string>& paths) {
  const auto files = ExpandSuitePaths(paths);
  if (!files) return false;
  return std::ranges::any_of(files.value(), [](const std::string& path) {
    const auto source = ReadFile(path);
    return source && SizedForOneCallPerProcess(source.value());
  });
}

Expected<std::vector<LoadedSuiteFile>> LoadSuites(V8Process& process, const std::vector<std::string>& paths, bool quick,
                                                  const ParamOverrides& overrides, double timeout_s) {
  auto files = ExpandSuitePaths(paths);
  if (!files) return files.error();
  std::vector<LoadedSuiteFile> out;
  for (const auto& path : files.value()) {
    auto source = ReadFile(path);
    if (!source) return source.error();
    auto describe = [&](RealmKind realm) -> Expected<SuiteFile> {
      auto host = SuiteHost::Open(process, realm, path, source.value(), overrides, timeout_s);
      if (!host) return host.error();
      const SuiteHost::Deadline deadline(*host.value(), timeout_s);
      return host.value()->Describe(quick);
    };
    auto description = describe(RealmKind::kV8);
    const bool bounded = !description && (description.error().kind == Error::Kind::kTimeout ||
                                          description.error().kind == Error::Kind::kOutOfMemory);
    if (!description && !bounded && process.facts().node_realm_available) {
      // Failing in both realms, the file's error is the node realm's: it ran further (with require(); the
      // bare realm's "require is not defined" or "runs in the node realm" says nothing of the file).
      description = describe(RealmKind::kNode);
    }
    // A suite that cannot even be described (syntax error, a throw at top level) is bad input.
    if (!description) return Error::Input(description.error().message);
    if (description->cases.empty() && description->all_left_out) {
      // Like `deno bench` for a file whose benches are all ignored: said, and not an error.
      std::fprintf(stderr, "v8bench: %s: %s\n", path.c_str(), description->no_case_reason.c_str());
      continue;
    }
    if (description->cases.empty()) return Error::Input(path + ": " + description->no_case_reason);
    out.push_back({path, std::move(source.value()), std::move(description.value())});
  }
  // Suite names are global: compare runs match cases by name.
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (const auto& a : out[i].description.suites) {
      for (std::size_t j = i + 1; j < out.size(); ++j) {
        for (const auto& b : out[j].description.suites) {
          if (a.name == b.name) {
            return Error::Input("suite '" + a.name + "' is defined in both " + out[i].path + " and " + out[j].path);
          }
        }
      }
    }
  }
  return out;
}

namespace {

// Every parameter name of the files' grids.
std::set<std::string> GridParameters(const std::vector<LoadedSuiteFile>& files) {
  std::set<std::string> known;
  for (const auto& file : files) {
    for (const auto& suite : file.description.suites) {
      for (const auto& bench : suite.benches) {
        for (const auto& [name, values] : bench.grid) known.insert(name);
      }
    }
  }
  return known;
}

// What the suites' parameters are, for a message about one they lack.
std::string KnownParameters(const std::set<std::string>& known) {
  return known.empty() ? std::string("these suites have no parameters")
                       : fmt::format("their parameters are: {}", fmt::join(known, ", "));
}

}  // namespace

Expected<std::vector<LoadedSuiteFile>> LoadSuitesWithParams(V8Process& process, const std::vector<std::string>& paths,
                                                            bool quick, const ParamOverrides& params,
                                                            double timeout_s) {
  auto files = LoadSuites(process, paths, quick, params, timeout_s);
  if (!files || params.empty()) return files;
  const std::set<std::string> known = GridParameters(files.value());
  for (const auto& [name, values] : params) {
    if (known.count(name) != 0) continue;
    return Error::Usage(
        fmt::format("--param {}: no suite has a parameter '{}'; {}", name, name, KnownParameters(known)));
  }
  return files;
}

Status CheckAlternated(const std::vector<LoadedSuiteFile>& files, const std::vector<std::string>& alternate) {
  const std::set<std::string> known = GridParameters(files);
  for (const auto& name : alternate) {
    if (known.count(name) != 0) continue;
    return Error::Usage(fmt::format("--alternate {}: no suite has a parameter '{}', so no cases would take turns; {}",
                                    name, name, KnownParameters(known)));
  }
  return OkStatus();
}

}  // namespace v8bench
