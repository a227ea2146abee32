#include "harness/driver/external_engine.h"

#include <simdjson.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "harness/driver/launcher.h"
#include "harness/engine/js_sources.h"
#include "harness/report/json_writer.h"

namespace v8bench::driver {
namespace {

namespace fs = std::filesystem;

// Runs argv to its end and returns its stdout; failing to start or a non-zero exit is an error.
Expected<std::string> Capture(const std::vector<std::string>& argv) {
  LaunchRequest request;
  request.executable = argv.front();
  request.args.assign(argv.begin() + 1, argv.end());
  request.timeout_s = 60;
  const LaunchResult r = RunToEnd(request);
  if (r.kind != ExitKind::kExited || r.exit_code != 0) {
    return Error::Input(argv.front() + " failed (" +
                        (r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r)) + ")");
  }
  return r.out;
}

fs::path CacheDir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "v8bench";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "v8bench";
  return fs::temp_directory_path() / ("v8bench-" + std::to_string(getuid()));
}

bool WriteIfDifferent(const fs::path& path, const std::string& content) {
  {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::string existing((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (existing == content) return true;
    }
  }
  const fs::path tmp = path.string() + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    out << content;
    if (!out) return false;
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  return !ec;
}

}  // namespace

const char* EngineKindName(EngineKind kind) {
  switch (kind) {
    case EngineKind::kV8bench:
      return "v8bench";
    case EngineKind::kNode:
      return "node";
    case EngineKind::kDeno:
      return "deno";
  }
  return "?";
}

Expected<EngineKind> DetectEngineKind(const std::string& path) {
  auto out = Capture({path, "--version"});
  if (!out) {
    return Error::Usage("--engine " + path + ": `" + path +
                        " --version` failed; an engine is a v8bench build, a node or a deno executable");
  }
  const std::string& v = out.value();
  if (v.rfind("deno ", 0) == 0) return EngineKind::kDeno;
  if (v.rfind("v8bench", 0) == 0) return EngineKind::kV8bench;
  if (v.size() > 1 && v[0] == 'v' && std::isdigit(static_cast<unsigned char>(v[1]))) return EngineKind::kNode;
  return Error::Usage("--engine " + path + ": not a v8bench, node or deno executable (its --version printed '" +
                      v.substr(0, v.find('\n')) + "')");
}

Expected<std::string> MaterializeRunner() {
  const std::string runner = kExternalRunnerJs;
  const std::string api = kBenchApiJs;
  const std::size_t hash = std::hash<std::string>{}(runner + api);
  const fs::path dir = CacheDir() / ("runner-" + std::to_string(hash));
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error::Input("cannot create " + dir.string() + ": " + ec.message());
  if (!WriteIfDifferent(dir / "bench_api.js", api) || !WriteIfDifferent(dir / "external_runner.mjs", runner)) {
    return Error::Input("cannot write the external-engine runner into " + dir.string());
  }
  return (dir / "external_runner.mjs").string();
}

std::vector<std::string> ExternalEngineArgs(EngineKind kind, const std::string& runner,
                                            const std::vector<std::string>& v8_flags,
                                            const std::vector<std::string>& runner_args) {
  std::vector<std::string> args;
  if (kind == EngineKind::kDeno) {
    args = {"run", "--allow-all", "--quiet"};
    if (!v8_flags.empty()) {
      std::string joined;
      for (const auto& f : v8_flags) joined += (joined.empty() ? "" : ",") + f;
      args.push_back("--v8-flags=" + joined);
    }
  } else {
    args = v8_flags;  // node takes V8 flags as its own options
  }
  args.push_back(runner);
  args.insert(args.end(), runner_args.begin(), runner_args.end());
  return args;
}

Expected<ExternalEngineInfo> ProbeExternalEngine(const std::string& path, EngineKind kind) {
  auto runner = MaterializeRunner();
  if (!runner) return runner.error();
  ExternalEngineInfo info;
  info.kind = kind;
  auto facts = Capture([&] {
    std::vector<std::string> argv = {path};
    for (auto& a : ExternalEngineArgs(kind, runner.value(), {}, {"info"})) argv.push_back(a);
    return argv;
  }());
  if (!facts) return facts.error();
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(facts.value()).get(doc) != simdjson::SUCCESS) {
    return Error::Input(path + ": the runner's info line is not JSON");
  }
  std::string_view engine_version, v8_version;
  if (doc["engine_version"].get(engine_version) != simdjson::SUCCESS ||
      doc["v8_version"].get(v8_version) != simdjson::SUCCESS ||
      doc["has_thread_cpu"].get(info.thread_cpu) != simdjson::SUCCESS ||
      doc["has_total_allocated"].get(info.allocation) != simdjson::SUCCESS) {
    return Error::Input(path +
                        ": the runner's info line lacks engine_version, v8_version, has_thread_cpu or "
                        "has_total_allocated");
  }
  info.engine_version = engine_version;
  info.v8_version = v8_version;

  // Trig: the engine computes Math.sin/cos of the fixed inputs; the host compares with its libm.
  const std::vector<double> xs = TrigProbeInputs();
  JsonWriter w;
  w.BeginArray();
  for (double x : xs) w.Number(x);
  w.EndArray();
  const fs::path inputs =
      fs::path(runner.value()).parent_path() / ("trig-inputs-" + std::to_string(getpid()) + ".json");
  if (!WriteIfDifferent(inputs, w.str())) return Error::Input("cannot write " + inputs.string());
  auto trig = Capture([&] {
    std::vector<std::string> argv = {path};
    for (auto& a : ExternalEngineArgs(kind, runner.value(), {}, {"trig", inputs.string()})) argv.push_back(a);
    return argv;
  }());
  std::error_code ec;
  fs::remove(inputs, ec);
  if (!trig) return trig.error();
  simdjson::dom::array arr;
  if (parser.parse(trig.value()).get(arr) != simdjson::SUCCESS || arr.size() != 2 * xs.size()) {
    return Error::Input(path + ": the trig probe's output is not a JSON array of " + std::to_string(2 * xs.size()) +
                        " numbers (sin and cos of each input)");
  }
  std::vector<double> results;
  for (simdjson::dom::element v : arr) {
    double y = 0;
    if (v.get(y) != simdjson::SUCCESS) return Error::Input(path + ": the trig probe printed a value that is no number");
    results.push_back(y);
  }
  info.trig = ClassifyTrig(xs, results);
  return info;
}

}  // namespace v8bench::driver
