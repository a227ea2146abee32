#include "harness/workers/node_instrument_build.h"

#include <fmt/format.h>
#include <simdjson.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <set>

#include "harness/model/text_lines.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"

namespace v8bench::workers {
namespace {

namespace fs = std::filesystem;

// The addon's file name in its directory, as js/external_runner/ looks for it.
std::string AddonName(const std::string& modules) { return "v8bench_instrument-" + modules + ".node"; }

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A compiler's first error lines (those that say "error:"), or its first lines when none does.
std::string FirstErrorLines(std::string_view err) {
  std::vector<std::string> errors, first;
  ForEachLine(err, [&](std::string_view line) {
    if (first.size() < 6) first.emplace_back(line);
    if (errors.size() < 6 && line.find("error:") != std::string_view::npos) errors.emplace_back(line);
  });
  std::string text;
  for (const auto& line : errors.empty() ? first : errors) text += (text.empty() ? "" : "\n") + line;
  return text;
}

bool WriteText(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

// Whether a process.config variable is on: 1, true or "true" (Node's config mixes them).
bool ConfigOn(simdjson::dom::element variables, const std::string& name) {
  simdjson::dom::element v;
  if (variables[name].get(v) != simdjson::SUCCESS) return false;
  int64_t n = 0;
  bool b = false;
  std::string_view s;
  if (v.get(n) == simdjson::SUCCESS) return n == 1;
  if (v.get(b) == simdjson::SUCCESS) return b;
  return v.get(s) == simdjson::SUCCESS && (s == "true" || s == "1");
}

// The digest of what the addon is compiled from: the recipe, its sources and the headers of their
// directories (the layers they may include: engine, measure, profile, model; tools/check_layers.py), so
// an edited instrument compiles a new addon, while an edit elsewhere in v8bench keeps the cached ones.
std::size_t SourceDigest(const InstrumentRecipe& recipe) {
  std::string all = recipe.compiler;
  for (const auto& f : recipe.flags) all.append("\n").append(f);
  std::set<fs::path> dirs = {fs::path(recipe.source_dir) / "js"};
  for (const auto& s : recipe.sources) {
    all.append("\n").append(s).append("\n").append(ReadText(s));
    dirs.insert(fs::path(s).parent_path());
  }
  std::vector<fs::path> headers;
  std::error_code ec;
  for (const auto& dir : dirs) {
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".h") headers.push_back(entry.path());
    }
  }
  std::sort(headers.begin(), headers.end());
  for (const auto& h : headers) all.append("\n").append(h.string()).append("\n").append(ReadText(h));
  return std::hash<std::string>{}(all);
}

// The build's own addon for this Node, when the build compiled one against exactly these headers.
std::string BuildAddonDir(const NodeBuildFacts& facts, const std::string& include_dir) {
  std::error_code ec;
  const auto self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const fs::path dir = self.parent_path() / "node_instrument";
  for (const auto& entry : TheInstrumentRecipe().built_for) {
    const auto eq = entry.find('=');
    if (eq == std::string::npos || entry.substr(0, eq) != facts.modules) continue;
    if (fs::equivalent(entry.substr(eq + 1), include_dir, ec) && fs::exists(dir / AddonName(facts.modules), ec)) {
      return dir.string();
    }
  }
  return "";
}

// Compiles the addon into `dir` (objects in a private directory, the addon renamed into place).
// The error is the compiler's first lines.
Status CompileAddon(const NodeBuildFacts& facts, const std::vector<std::string>& includes, const fs::path& dir) {
  const InstrumentRecipe& recipe = TheInstrumentRecipe();
  const fs::path objects = dir / ("obj-" + std::to_string(getpid()));
  std::error_code ec;
  fs::create_directories(objects, ec);
  if (ec) return Error::Input("cannot create " + objects.string() + ": " + ec.message());
  const auto run = [&](std::vector<std::string> argv) -> Status {
    LaunchRequest request;
    request.executable = argv.front();
    request.args.assign(argv.begin() + 1, argv.end());
    const LaunchResult r = RunToEnd(request);
    if (r.interrupt_signal != 0) return InterruptedError(r.interrupt_signal);
    if (r.kind == ExitKind::kExited && r.exit_code == 0) return OkStatus();
    WriteText(dir / "compile.log", r.err);
    return Error::Input(fmt::format("{} failed ({}){}", recipe.compiler,
                                    r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r),
                                    r.err.empty() ? "" : ":\n" + FirstErrorLines(r.err)));
  };
  std::vector<std::string> link = {recipe.compiler, "-shared", "-fPIC", "-o"};
  const fs::path tmp = dir / (AddonName(facts.modules) + ".tmp" + std::to_string(getpid()));
  link.push_back(tmp.string());
  for (std::size_t i = 0; i < recipe.sources.size(); ++i) {
    std::vector<std::string> argv = recipe.launcher;
    argv.push_back(recipe.compiler);
    argv.insert(argv.end(), recipe.flags.begin(), recipe.flags.end());
    for (const auto& inc : includes) argv.insert(argv.end(), {"-isystem", inc});
    for (const auto& d : facts.defines) argv.push_back("-D" + d);
    const std::string object = (objects / (std::to_string(i) + ".o")).string();
    argv.insert(argv.end(), {"-c", recipe.sources[i], "-o", object});
    V8BENCH_OK(run(argv));
    link.push_back(object);
  }
  V8BENCH_OK(run(link));
  fs::rename(tmp, dir / AddonName(facts.modules), ec);
  fs::remove_all(objects, ec);
  return OkStatus();
}

}  // namespace

std::string InstrumentCacheDir() { return (fs::path(CacheDirectory()) / "instrument").string(); }

namespace {

// The cached addon for this Node's build, compiled now when absent (said on stderr).
Expected<std::string> CachedAddonDir(const std::string& node, const NodeBuildFacts& facts,
                                     const std::vector<std::string>& includes) {
  const std::size_t key = std::hash<std::string>{}(fmt::format(
      "{}\n{}\n{}\n{}\n{}", facts.version, facts.v8, facts.modules, facts.config, SourceDigest(TheInstrumentRecipe())));
  const fs::path dir = fs::path(InstrumentCacheDir()) / fmt::format("{}-{:016x}", facts.version, key);
  std::error_code ec;
  if (fs::exists(dir / AddonName(facts.modules), ec)) return dir.string();
  if (fs::exists(dir / "failed.txt", ec)) {
    return Error::Input(ReadText(dir / "failed.txt") + " (kept from an earlier attempt; remove " + dir.string() +
                        " to try again)");
  }
  fs::create_directories(dir, ec);
  if (ec) return Error::Input("cannot create " + dir.string() + ": " + ec.message());
  fmt::print(stderr,
             "v8bench: compiling the in-process instrument for node {} (V8 {}, module version {}) from its headers "
             "in {} into {} (once per Node build)\n",
             facts.version, facts.v8, facts.modules, includes.front(), dir.string());
  std::fflush(stderr);
  const auto start = std::chrono::steady_clock::now();
  const Status built = CompileAddon(facts, includes, dir);
  if (!built) {
    if (built.error().kind != Error::Kind::kInterrupted) {
      WriteText(dir / "failed.txt", "compiling it for " + node + " failed: " + built.error().message);
    }
    return built.error();
  }
  WriteText(dir / "node.txt",
            fmt::format("{}\nnode {}\nV8 {}\nmodule version {}\n", node, facts.version, facts.v8, facts.modules));
  fmt::print(stderr, "v8bench: the in-process instrument for node {} is ready ({:.0f} s)\n", facts.version,
             std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return dir.string();
}

InstrumentChoice ChooseInstrument(const std::string& node) {
  auto facts = AskNodeBuild(node);
  if (!facts) return {"", "cannot ask " + node + " for its build: " + facts.error().message};
  auto includes = FindNodeHeaders(node);
  if (!includes)
    return {"", "no addon for this Node's build and no headers to compile one: " + includes.error().message};
  if (auto dir = BuildAddonDir(*facts, includes->front()); !dir.empty()) return {dir, "built with v8bench"};
  auto cached = CachedAddonDir(node, *facts, *includes);
  if (!cached) return {"", cached.error().message};
  return {*cached, "compiled by v8bench for this Node's build, cached"};
}

}  // namespace

Expected<NodeBuildFacts> AskNodeBuild(const std::string& node) {
  LaunchRequest request;
  request.executable = node;
  request.args = {"-p",
                  "[process.version, process.versions.v8, process.versions.modules, "
                  "JSON.stringify(process.config)].join('\\n')"};
  request.timeout_s = 60;
  const LaunchResult r = RunToEnd(request);
  if (r.interrupt_signal != 0) return InterruptedError(r.interrupt_signal);
  if (r.kind != ExitKind::kExited || r.exit_code != 0) {
    return Error::Input(node + " -p process.config failed (" +
                        (r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r)) + ")");
  }
  std::vector<std::string> lines;
  ForEachLine(r.out, [&](std::string_view line) { lines.emplace_back(line); });
  if (lines.size() < 4) return Error::Input(node + " did not print its versions and process.config");
  NodeBuildFacts facts{lines[0], lines[1], lines[2], lines[3], {}};
  simdjson::dom::parser parser;
  simdjson::dom::element variables;
  if (parser.parse(facts.config).at_pointer("/variables").get(variables) != simdjson::SUCCESS) {
    return Error::Input(node + ": process.config has no variables");
  }
  for (const auto& entry : TheInstrumentRecipe().config_defines) {
    const auto eq = entry.find('=');
    if (eq != std::string::npos && ConfigOn(variables, entry.substr(0, eq)))
      facts.defines.push_back(entry.substr(eq + 1));
  }
  return facts;
}

Expected<std::vector<std::string>> FindNodeHeaders(const std::string& node) {
  std::error_code ec;
  const fs::path exe = fs::canonical(node, ec);
  if (ec) return Error::Input("cannot resolve " + node + ": " + ec.message());
  const fs::path prefix_include = exe.parent_path().parent_path() / "include" / "node";
  if (fs::exists(prefix_include / "node_version.h", ec) && fs::exists(prefix_include / "v8.h", ec)) {
    return std::vector<std::string>{prefix_include.string()};
  }
  fs::path dir = exe.parent_path();
  for (int up = 0; up < 4 && !dir.empty(); ++up, dir = dir.parent_path()) {
    if (fs::exists(dir / "src" / "node_version.h", ec) && fs::exists(dir / "deps" / "v8" / "include" / "v8.h", ec) &&
        fs::exists(dir / "deps" / "uv" / "include" / "uv.h", ec)) {
      return std::vector<std::string>{(dir / "src").string(), (dir / "deps" / "v8" / "include").string(),
                                      (dir / "deps" / "uv" / "include").string()};
    }
    if (dir == dir.root_path()) break;
  }
  return Error::Input(fmt::format(
      "found neither {} (an npm package or `make install` prefix) nor a Node source tree (src/node_version.h, "
      "deps/v8/include, deps/uv/include) in the four directories above {}",
      prefix_include.string(), exe.string()));
}

InstrumentChoice InstrumentFor(const std::string& node) {
  static std::mutex mutex;
  static std::map<std::string, InstrumentChoice> chosen;
  const std::lock_guard lock(mutex);
  if (auto it = chosen.find(node); it != chosen.end()) return it->second;
  InstrumentChoice choice = ChooseInstrument(node);
  if (choice.dir.empty())
    fmt::print(stderr, "v8bench: {} runs JS-only (no in-process instrument): {}\n", node, choice.note);
  chosen[node] = choice;
  return choice;
}

}  // namespace v8bench::workers
