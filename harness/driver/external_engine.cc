#include "harness/driver/external_engine.h"

#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "harness/engine/js_sources.h"
#include "harness/report/json_writer.h"

namespace v8bench::driver {
namespace {

namespace fs = std::filesystem;

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.push_back(c);
    }
  }
  return out + "'";
}

// Runs a command (argv quoted for the shell) and returns its stdout; a non-zero exit is an error.
Expected<std::string> Capture(const std::vector<std::string>& argv) {
  std::string cmd;
  for (const auto& a : argv) cmd += ShellQuote(a) + " ";
  cmd += "2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return Error::Input("cannot run " + argv.front());
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  if (status != 0) {
    return Error::Input(argv.front() + " failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")");
  }
  return out;
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
  info.engine_version = std::string(doc["engine_version"].get_string().value_unsafe());
  info.v8_version = std::string(doc["v8_version"].get_string().value_unsafe());
  info.thread_cpu = doc["has_thread_cpu"].get_bool().value_unsafe();
  info.allocation = doc["has_total_allocated"].get_bool().value_unsafe();

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
  simdjson::dom::element arr;
  if (parser.parse(trig.value()).get(arr) != simdjson::SUCCESS)
    return Error::Input(path + ": trig probe output is not JSON");
  std::vector<double> results;
  for (simdjson::dom::element v : arr.get_array()) results.push_back(v.get_double().value_unsafe());
  info.trig = ClassifyTrig(xs, results);
  return info;
}

}  // namespace v8bench::driver
