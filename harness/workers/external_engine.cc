#include "harness/workers/external_engine.h"

#include <fmt/format.h>
#include <simdjson.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string_view>

#include "harness/measure/method_rules.h"
#include "harness/measure/metrics.h"
#include "harness/model/json_writer.h"
#include "harness/model/text_lines.h"
#include "harness/workers/launcher.h"
#include "harness/workers/node_instrument_build.h"
#include "js/js_sources.h"

namespace v8bench::workers {
namespace {

namespace fs = std::filesystem;

// Runs argv to its end and returns its stdout; failing to start or a non-zero exit is an error.
Expected<std::string> Capture(const std::vector<std::string>& argv) {
  LaunchRequest request;
  request.executable = argv.front();
  request.args.assign(argv.begin() + 1, argv.end());
  request.timeout_s = 60;
  const LaunchResult r = RunToEnd(request);
  if (r.interrupt_signal != 0) return InterruptedError(r.interrupt_signal);
  if (r.kind != ExitKind::kExited || r.exit_code != 0) {
    const std::string tail = LastLines(r.err, 4);
    return Error::Input(argv.front() + " failed (" +
                        (r.kind == ExitKind::kSpawnFailed ? r.spawn_error : DescribeExit(r)) + ")" +
                        (tail.empty() ? "" : ":\n" + tail));
  }
  return r.out;
}

std::string ReadFile(const fs::path& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A Cap'n Proto text literal: quotes, backslashes and control characters escaped; UTF-8 passes.
std::string CapnpText(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
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

std::string CacheDirectory() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "v8bench").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "v8bench").string();
  return (fs::temp_directory_path() / ("v8bench-" + std::to_string(getuid()))).string();
}

const char* EngineKindName(EngineKind kind) {
  switch (kind) {
    case EngineKind::kV8bench:
      return "v8bench";
    case EngineKind::kNode:
      return "node";
    case EngineKind::kDeno:
      return "deno";
    case EngineKind::kBun:
      return "bun";
    case EngineKind::kWorkerd:
      return "workerd";
  }
  return "?";
}

Expected<EngineKind> DetectEngineKind(const std::string& path) {
  const char* accepted = "an engine is a v8bench build or a node, deno, bun or workerd executable";
  auto out = Capture({path, "--version"});
  if (!out) return Error::Usage("--engine " + path + ": `" + path + " --version` failed; " + accepted);
  const std::string& v = out.value();
  const std::string first = v.substr(0, v.find('\n'));
  if (v.rfind("deno ", 0) == 0) return EngineKind::kDeno;
  if (v.rfind("workerd ", 0) == 0) return EngineKind::kWorkerd;
  if (v.rfind("v8bench", 0) == 0) return EngineKind::kV8bench;
  if (v.size() > 1 && v[0] == 'v' && std::isdigit(static_cast<unsigned char>(v[1]))) return EngineKind::kNode;
  // Bun prints a bare version ("1.3.0"); `bun --revision` adds the commit ("1.3.0+a7733435c").
  if (!first.empty() && std::isdigit(static_cast<unsigned char>(first[0])) &&
      first.find_first_not_of("0123456789.") == std::string::npos) {
    auto revision = Capture({path, "--revision"});
    if (revision && revision->rfind(first + "+", 0) == 0) return EngineKind::kBun;
  }
  return Error::Usage("--engine " + path + ": not a recognised engine (its --version printed '" + first + "'); " +
                      accepted);
}

LaunchResult RunOtherV8bench(const std::string& path, const std::string& command, const std::vector<std::string>& argv,
                             bool inherit_stderr) {
  LaunchRequest request;
  request.executable = path;
  request.args = {command};
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--engine") {
      ++i;
    } else if (!argv[i].starts_with("--engine=")) {
      request.args.push_back(argv[i]);
    }
  }
  request.inherit_stderr = inherit_stderr;
  return RunToEnd(request);
}

Expected<bool> EngineHasV8Flag(const std::string& path, EngineKind kind, const std::string& name) {
  switch (kind) {
    case EngineKind::kBun:
    case EngineKind::kV8bench:  // asks its own V8 (V8Process validates every flag)
      return false;
    case EngineKind::kNode:
    case EngineKind::kDeno: {
      auto help = kind == EngineKind::kNode ? Capture({path, "--v8-options"}) : Capture({path, "--v8-flags=--help"});
      if (!help) return help.error();
      return help->find("--" + name + " ") != std::string::npos || help->find("--" + name + "\n") != std::string::npos;
    }
    case EngineKind::kWorkerd: {
      auto runner = MaterializeRunner();
      if (!runner) return runner.error();
      std::vector<std::string> argv = {path};
      for (auto& a : ExternalEngineArgs(path, kind, runner.value(), {"--" + name}, {"info"})) argv.push_back(a);
      auto out = Capture(argv);
      if (out) return true;
      if (out.error().message.find("unrecognized V8 flag") != std::string::npos) return false;
      return out.error();
    }
  }
  return false;
}

namespace {

// Math.sin/cos of the fixed probe inputs (TrigProbeInputs), computed by the engine with `v8_flags`,
// sin and cos interleaved. A run that fails with flags is the flags' fault (Error::Usage).
Expected<std::vector<double>> RunTrigProbe(const std::string& path, EngineKind kind, const std::string& runner,
                                           const std::vector<std::string>& v8_flags) {
  const std::vector<double> xs = TrigProbeInputs();
  JsonWriter w;
  w.BeginArray();
  for (double x : xs) w.Number(x);
  w.EndArray();
  // The inputs are fixed, so one file serves every probe (and workerd's config, which embeds it, is
  // the same for every probe with the same flags).
  const fs::path inputs = fs::path(runner).parent_path() / "trig-inputs.json";
  if (!WriteIfDifferent(inputs, w.str())) return Error::Input("cannot write " + inputs.string());
  std::vector<std::string> argv = {path};
  for (auto& a : ExternalEngineArgs(path, kind, runner, v8_flags, {"trig", inputs.string()})) argv.push_back(a);
  auto trig = Capture(argv);
  if (!trig) {
    if (v8_flags.empty() || trig.error().kind == Error::Kind::kInterrupted) return trig.error();
    std::string flags;
    for (const auto& f : v8_flags) flags += (flags.empty() ? "" : " ") + f;
    return Error::Usage(path + " does not take the V8 flags given (" + flags + "): " + trig.error().message);
  }
  simdjson::dom::parser parser;
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
  return results;
}

// The engine's trig path with `v8_flags`. An engine whose V8 has the runtime switch also computes
// both paths, forced (the flag after the variant's: V8's last flag wins), as references
// (ClassifyTrigBySwitch); otherwise the rate against the host libm decides (ClassifyTrig).
Expected<TrigInfo> ProbeTrig(const std::string& path, EngineKind kind, const std::string& runner,
                             const std::vector<std::string>& v8_flags) {
  auto results = RunTrigProbe(path, kind, runner, v8_flags);
  if (!results) return results.error();
  auto has_switch = EngineHasV8Flag(path, kind, kLibmTrigFlag);
  if (!has_switch) return has_switch.error();
  if (!has_switch.value()) return ClassifyTrig(TrigProbeInputs(), results.value());
  std::vector<std::string> forced = v8_flags;
  forced.push_back(TrigV8Flag(TrigRequest::kFast));
  auto libm = RunTrigProbe(path, kind, runner, forced);
  if (!libm) return libm.error();
  forced.back() = TrigV8Flag(TrigRequest::kSlow);
  auto fdlibm = RunTrigProbe(path, kind, runner, forced);
  if (!fdlibm) return fdlibm.error();
  return ClassifyTrigBySwitch(TrigProbeInputs(), results.value(), libm.value(), fdlibm.value());
}

}  // namespace

Expected<std::vector<std::string>> EngineV8Flags(const std::string& path, EngineKind kind, const std::string& who,
                                                 const EngineKnobs& knobs, const std::vector<std::string>& v8_flags) {
  if (kind == EngineKind::kBun) {
    std::vector<std::string> v8_only = v8_flags;
    if (knobs.semi_space_mb) v8_only.insert(v8_only.begin(), KnobOptionName(Knob::kSemiSpace));
    if (knobs.trig != TrigRequest::kEngineDefault) v8_only.insert(v8_only.begin(), TrigKnobName(knobs.trig));
    if (v8_only.empty()) return std::vector<std::string>{};
    std::string list;
    for (const auto& f : v8_only) list += (list.empty() ? "" : " ") + f;
    return Error::Usage(who + ": " + path +
                        " is Bun, which runs JavaScriptCore, not V8: it takes no V8 flags or V8 knobs (" + list +
                        "). Remove them, or compare them on a V8 engine (node, deno, workerd, v8bench).");
  }
  EngineKnobs rest = knobs;
  if (knobs.trig != TrigRequest::kEngineDefault) {
    auto has = EngineHasV8Flag(path, kind, kLibmTrigFlag);
    if (!has) return has.error();
    if (!has.value()) {
      rest.trig = TrigRequest::kEngineDefault;  // no flag to give; what the engine does is checked below
      const std::string lacks =
          fmt::format("{} ({}) has no runtime switch between its sin/cos paths: its V8 has no --{}",
                      EngineKindName(kind), path, kLibmTrigFlag);
      if (knobs.trig == TrigRequest::kFast) {
        return Error::Usage(fmt::format(
            "{}: --fast-trig: {} (it exists only in V8 builds made with v8_use_libm_trig_functions, e.g. Deno's). "
            "`v8bench info --engine {}` shows the path it uses; drop --fast-trig, or compare the paths on an engine "
            "that has the switch.",
            who, lacks, path));
      }
      auto runner = MaterializeRunner();
      if (!runner) return runner.error();
      auto trig = ProbeTrig(path, kind, runner.value(), {});
      if (!trig) return trig.error();
      if (trig->path != "fdlibm") {
        return Error::Usage(fmt::format(
            "{}: --no-fast-trig: {}, and it computes Math.sin/cos with {}, not fdlibm. Drop --no-fast-trig, or "
            "compare the paths on an engine that has the switch (e.g. Deno).",
            who, lacks, trig->path));
      }
    }
  }
  std::vector<std::string> flags = KnobV8Flags(rest);
  flags.insert(flags.end(), v8_flags.begin(), v8_flags.end());
  return flags;
}

Expected<std::string> MaterializeRunner() {
  const std::string runner = kExternalRunnerJs;
  const std::string api = kBenchApiJs;
  const std::string worker_cases = kWorkerCasesJs;
  const std::size_t hash = std::hash<std::string>{}(runner + api + worker_cases);
  const fs::path dir = fs::path(CacheDirectory()) / (kRunnerCachePrefix + std::to_string(hash));
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error::Input("cannot create " + dir.string() + ": " + ec.message());
  // Deno's import map (ExternalEngineArgs): the harnesses' module names (js/bench_api/04_loading.js HARNESS_NAMES)
  // mapped to the files the runner writes beside itself before it loads a suite file.
  const std::string import_map =
      R"({"imports": {"mitata": "./harness/mitata.mjs", "tinybench": "./harness/tinybench.mjs", )"
      R"("bench-node": "./harness/bench-node.mjs", "benchmark": "./harness/benchmark.mjs", )"
      R"("vitest": "./harness/vitest.mjs"}})";
  if (!WriteIfDifferent(dir / "bench_api.js", api) || !WriteIfDifferent(dir / "external_runner.mjs", runner) ||
      !WriteIfDifferent(dir / "worker_cases.mjs", worker_cases) ||
      !WriteIfDifferent(dir / "import-map.json", import_map)) {
    return Error::Input("cannot write the external-engine runner into " + dir.string());
  }
  return (dir / "external_runner.mjs").string();
}

std::vector<std::string> ExternalEngineArgs(const std::string& engine, EngineKind kind, const std::string& runner,
                                            const std::vector<std::string>& v8_flags,
                                            const std::vector<std::string>& command_args) {
  // The method's rules (measure/method_rules.h), which the runner has no copy of: run by the instrument's
  // own C++ where it loads, else by the runner's JS with these numbers.
  std::vector<std::string> runner_args = command_args;
  runner_args.insert(runner_args.end(), {"--method-rules", TheMethodRules().Json()});
  std::vector<std::string> args;
  if (kind == EngineKind::kWorkerd) {
    // A config that cannot be written leaves workerd to report the missing file (MaterializeRunner
    // checked already that the directory is writable).
    auto config = WorkerdConfig(runner, v8_flags, runner_args);
    return {"test", "--experimental", config ? config.value() : runner + ".workerd-config-missing.capnp"};
  }
  if (kind == EngineKind::kBun) {
    // JavaScriptCore: EngineV8Flags refused V8 flags; the harness's own (natives syntax) do not apply.
    args.push_back(runner);
    args.insert(args.end(), runner_args.begin(), runner_args.end());
    return args;
  }
  if (kind == EngineKind::kDeno) {
    // The import map answers the harnesses' names (mitata, ...) with v8bench's implementations wherever a
    // suite file's module graph imports them (MaterializeRunner writes it beside the runner).
    const std::string import_map = (fs::path(runner).parent_path() / "import-map.json").string();
    args = {"run", "--allow-all", "--quiet", "--import-map=" + import_map};
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
  if (kind == EngineKind::kNode) {
    // The in-process instrument for this Node (node_instrument_build.h): the build's, or one compiled for
    // it; the runner loads it, or says why there is none.
    const InstrumentChoice instrument = InstrumentFor(engine);
    if (instrument.dir.empty()) {
      std::string why = instrument.note;  // one line for the runner's `instrument` line
      std::replace(why.begin(), why.end(), '\n', ' ');
      args.insert(args.end(), {"--no-instrument", why});
    } else {
      args.insert(args.end(), {"--instrument-dir", instrument.dir});
    }
  }
  return args;
}

namespace {

// Whether `a` is one of the runner's options that take a value (its settings, and the knobs it takes as `run`
// does: model/knobs.h KnobRoute::kRunnerOption), whose value is no suite file.
bool RunnerOptionTakesValue(const std::string& a) {
  static const char* kWithValue[] = {"--filter",   "--repetitions", "--min-time",       "--min-young-gcs",
                                     "--warmup",   "--max-warmup",  "--left-callbacks", "--method-rules"};
  if (std::find(std::begin(kWithValue), std::end(kWithValue), a) != std::end(kWithValue)) return true;
  const KnobSpec* knob = a.starts_with("--") ? FindKnob(std::string_view(a).substr(2)) : nullptr;
  return knob != nullptr && knob->route == KnobRoute::kRunnerOption && knob->metavar[0] != '\0';
}

}  // namespace

Expected<std::string> WorkerdConfig(const std::string& runner, const std::vector<std::string>& v8_flags,
                                    const std::vector<std::string>& runner_args) {
  const fs::path dir = fs::path(runner).parent_path();
  bool ok = false;
  const std::string runner_text = ReadFile(runner, ok);
  if (!ok) return Error::Input("cannot read " + runner);
  const std::string api = ReadFile(dir / "bench_api.js", ok);
  if (!ok) return Error::Input("cannot read " + (dir / "bench_api.js").string());
  // The runner's arguments, with each directory replaced by its *.js files, and the text of every file.
  std::vector<std::string> argv;
  std::vector<std::pair<std::string, std::string>> files;
  auto add_file = [&](const std::string& name) -> Status {
    bool read = false;
    std::string text = ReadFile(name, read);
    if (!read) return Error::Input("cannot read " + name);
    files.emplace_back(name, std::move(text));
    argv.push_back(name);
    return OkStatus();
  };
  for (std::size_t i = 0; i < runner_args.size(); ++i) {
    const std::string& a = runner_args[i];
    const bool takes_value = RunnerOptionTakesValue(a);
    if (takes_value && i + 1 < runner_args.size()) {
      argv.push_back(a);
      argv.push_back(runner_args[++i]);
      continue;
    }
    std::error_code ec;
    if (i > 0 && a.rfind("--", 0) != 0 && fs::is_directory(a, ec)) {
      std::vector<std::string> js;
      for (const auto& e : fs::directory_iterator(a, ec)) {
        if (e.is_regular_file() && e.path().extension() == ".js") js.push_back(e.path().string());
      }
      std::sort(js.begin(), js.end());
      for (const auto& f : js) {
        if (auto st = add_file(f); !st) return st.error();
      }
    } else if (i > 0 && a.rfind("--", 0) != 0 && fs::is_regular_file(a, ec)) {
      if (auto st = add_file(a); !st) return st.error();
    } else {
      argv.push_back(a);
    }
  }
  JsonWriter w;
  w.BeginObject().Key("argv").BeginArray();
  for (const auto& a : argv) w.String(a);
  w.EndArray().Key("v8_flags").BeginArray();
  for (const auto& f : v8_flags) w.String(f);
  w.EndArray().Key("api").String(api).Key("files").BeginObject();
  for (const auto& [name, text] : files) w.Key(name).String(text);
  w.EndObject().EndObject();

  std::string flags;
  for (const auto& f : v8_flags) flags += (flags.empty() ? "" : ", ") + CapnpText(f);
  // compatibilityDate: fixed, so results do not move with the workerd release; nodejs_compat gives
  // node:stream and Buffer to the node-realm suites.
  const std::string config =
      "# Written by v8bench for `workerd test` (harness/workers/external_engine.cc). No sockets.\n"
      "using Workerd = import \"/workerd/workerd.capnp\";\n"
      "const config :Workerd.Config = (\n"
      "  services = [(name = \"v8bench\", worker = (\n"
      "    modules = [(name = \"external_runner.mjs\", esModule = " +
      CapnpText(runner_text) +
      ")],\n"
      "    compatibilityDate = \"2025-09-01\",\n"
      "    compatibilityFlags = [\"nodejs_compat\"],\n"
      "    bindings = [(name = \"V8BENCH\", json = " +
      CapnpText(w.str()) +
      "),\n"
      "                (name = \"UNSAFE_EVAL\", unsafeEval = void)],\n"
      "  ))],\n"
      "  v8Flags = [" +
      flags + "],\n);\n";
  const fs::path path = dir / ("workerd-" + std::to_string(std::hash<std::string>{}(config)) + ".capnp");
  if (!WriteIfDifferent(path, config)) return Error::Input("cannot write " + path.string());
  return path.string();
}

Expected<ExternalEngineInfo> ProbeExternalEngine(const std::string& path, EngineKind kind,
                                                 const std::vector<std::string>& v8_flags) {
  auto runner = MaterializeRunner();
  if (!runner) return runner.error();
  ExternalEngineInfo info;
  info.kind = kind;
  auto facts = Capture([&] {
    std::vector<std::string> argv = {path};
    for (auto& a : ExternalEngineArgs(path, kind, runner.value(), {}, {"info"})) argv.push_back(a);
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
  std::string_view js_engine;
  info.js_engine = doc["js_engine"].get_string().get(js_engine) == simdjson::SUCCESS ? std::string(js_engine) : "V8";
  simdjson::dom::object by;
  if (doc["measured_by"].get_object().get(by) == simdjson::SUCCESS) {
    for (auto field : by) {
      std::string_view how;
      if (field.value.get_string().get(how) == simdjson::SUCCESS) info.measured_by.emplace_back(field.key, how);
    }
  }
  // Counted only where the worker makes callgrind's client requests (or reads the hardware counter)
  // around each batch: Node with the in-process instrument, whose runner says so (docs/instructions.md).
  // A runner that does not say cannot count.
  const bool says = std::any_of(info.measured_by.begin(), info.measured_by.end(),
                                [](const auto& by) { return by.first == metric::kInstructions; });
  if (!says) {
    info.measured_by.emplace_back(metric::kInstructions,
                                  "absent (counted where the worker marks each batch for callgrind: v8bench's own "
                                  "engine, or node with v8bench's in-process instrument)");
  }
  if (kind == EngineKind::kWorkerd) {
    // A worker cannot see workerd's version (nor V8's): `workerd --version` says the release date.
    auto version = Capture({path, "--version"});
    if (version) {
      std::string v = version.value().substr(0, version.value().find('\n'));
      info.engine_version = v.rfind("workerd ", 0) == 0 ? v.substr(8) : v;
    }
  }

  // Trig: the engine computes Math.sin/cos of the fixed inputs with the flags; the host compares.
  auto trig = ProbeTrig(path, kind, runner.value(), v8_flags);
  if (!trig) return trig.error();
  info.trig = trig.value();
  return info;
}

std::string MeasuredFigureOf(const std::string& counter) { return counter == metric::kGc ? "gc" : counter; }

std::vector<std::string> MeasuredFigures() {
  std::vector<std::string> figures;
  for (const MetricInfo& m : kMetrics) {
    if (m.option != nullptr && std::string_view(m.counter) != metric::kPageFaults) {
      figures.push_back(MeasuredFigureOf(m.counter));
    }
  }
  return figures;
}

Status CheckEngineMeasures(const ExternalEngineInfo& info, const std::string& counter, const std::string& variant) {
  auto how = [&](const std::string& c) -> std::string {
    const std::string figure = MeasuredFigureOf(c);
    for (const auto& [f, by] : info.measured_by) {
      if (f == figure) return by;
    }
    return "";
  };
  const std::string by = how(counter);
  if (by.rfind("absent", 0) != 0) return OkStatus();
  std::string metric = counter;
  std::string others;
  for (const MetricInfo& m : kMetrics) {
    if (m.option == nullptr) continue;
    if (m.counter == counter) metric = m.option;
    const std::string h = how(m.counter);
    if (!h.empty() && h.rfind("absent", 0) != 0) others += std::string(others.empty() ? "" : ", ") + m.option;
  }
  return Error::Usage("variant " + variant + ": --metric " + metric + " needs " + counter + ", which " +
                      EngineKindName(info.kind) + " " + info.engine_version + " cannot give: " + by +
                      ". Choose a metric it gives (--metric " + others + ").");
}

}  // namespace v8bench::workers
