// `v8bench profile`: one case under a CPU profiler, in this process (runner/case_profiler) or inside another
// engine (workers/engine_profile: the in-process instrument's profiler on Node, else the engine's inspector);
// the text around the tables is profile/profile_text's.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/profile/cpuprofile_writer.h"
#include "harness/profile/profile_text.h"
#include "harness/runner/case_profiler.h"
#include "harness/runner/suite_loader.h"
#include "harness/workers/engine_profile.h"

namespace v8bench::cli {
namespace {

// What to profile and how, from the command line: the same for this process and --engine.
Expected<CaseProfileRequest> RequestFrom(const ParsedArgs& args) {
  if (args.positional.size() != 1) {
    return Error::Usage(
        fmt::format("profile takes one suite file ({} given): v8bench profile SUITE_FILE --case NAME (see `v8bench "
                    "profile --help`)",
                    args.positional.size()));
  }
  CaseProfileRequest r;
  // A suite folder (suites/request_path) is its one suite file, for the embedded V8 and --engine alike (an
  // external engine's runner reads files, not directories).
  V8BENCH_TRY(const auto files, ExpandSuitePaths(args.positional));
  if (files.size() != 1) {
    return Error::Usage(
        fmt::format("profile takes one suite file; {} holds {}: give one of them", args.positional[0], files.size()));
  }
  r.suite_path = files[0];
  r.case_name = args.Get("case");
  V8BENCH_TRY(const Knobs knobs, KnobsFrom(args));
  r.params = knobs.params;
  r.options.quick = args.Has("quick");
  if (auto v = args.Number("duration")) r.options.duration_s = *v;
  if (auto v = args.Whole("interval")) r.options.interval_us = *v;
  if (auto v = args.Number("warmup")) r.options.warmup_s = *v;
  r.options.timeout_s =
      args.Number("timeout").value_or(r.options.timeout_s) + r.options.warmup_s + r.options.duration_s;
  r.inlining = args.Has("inlining");
  r.perf = args.Has("perf");
  V8BENCH_OK(WritableOut(args));
  V8BENCH_TRY(r.engine, EngineOptionsFrom(args));
  return r;
}

constexpr int kDefaultTop = 15;  // functions per table
std::size_t TopN(const ParsedArgs& args) { return args.Whole("top").value_or(kDefaultTop); }

// The engine's profile request from the command line's request; --perf is the embedded V8's.
Expected<workers::EngineProfileRequest> EngineRequestFrom(const CaseProfileRequest& r, const std::string& path,
                                                          workers::EngineKind kind) {
  if (r.perf) {
    return Error::Usage(
        "--perf is for the embedded V8; with --engine, run the engine under perf yourself (node --perf-basic-prof)");
  }
  if (!r.case_name) {
    return Error::Usage("give the case to profile with --case NAME (`v8bench list " + r.suite_path + "` lists them)");
  }
  workers::EngineProfileRequest e;
  V8BENCH_TRY(e.v8_flags, workers::EngineProfileFlags(path, kind, r.engine.Knobs(), r.engine.v8_flags, r.inlining));
  e.engine = path;
  e.kind = kind;
  e.suite_path = r.suite_path;
  e.case_name = *r.case_name;
  e.params = r.params;
  e.options = r.options;
  return e;
}

// Runs the case under a profiler inside the engine (workers::ProfileOnEngine), then writes the same .cpuprofile
// (CpuProfileJson) and prints the same tables as the embedded profile. Another v8bench build profiles
// with its own V8: it gets the same command line, less --engine PATH.
Expected<int> ExternalProfile(const ParsedArgs& args, const std::vector<std::string>& argv, const std::string& path) {
  V8BENCH_TRY(const workers::EngineKind kind, workers::DetectEngineKind(path));
  if (kind == workers::EngineKind::kV8bench) {
    const workers::LaunchResult r = workers::RunOtherV8bench(path, "profile", argv, true);
    std::fwrite(r.out.data(), 1, r.out.size(), stdout);
    if (r.interrupt_signal != 0) return workers::InterruptedError(r.interrupt_signal);
    if (r.kind == workers::ExitKind::kSpawnFailed) return Error::Input(path + ": " + r.spawn_error);
    return r.kind == workers::ExitKind::kExited ? r.exit_code : 1;
  }
  if (auto refusal = workers::EngineProfileRefusal(kind, path)) return *refusal;
  V8BENCH_TRY(const CaseProfileRequest request, RequestFrom(args));
  V8BENCH_TRY(workers::EngineProfileRequest e, EngineRequestFrom(request, path, kind));
  const std::string out_path = args.Get("out").value_or(DefaultProfilePath(e.case_name));
  V8BENCH_OK(CheckWritable("--out", out_path));
  e.scratch_path = out_path + fmt::format(".engine-{}.tmp", getpid());
  std::fprintf(stderr, "profiling %s on %s: warm-up %.2f s, then %.2f s under the profiler...\n", e.case_name.c_str(),
               path.c_str(), e.options.warmup_s, e.options.duration_s);
  V8BENCH_TRY(const auto profile, workers::ProfileOnEngine(e));
  V8BENCH_OK(WriteFileAtomically(out_path, CpuProfileJson(profile.data)));
  std::fputs(workers::EngineProfileText(e, profile, TopN(args), out_path).c_str(), stdout);
  return 0;
}

Expected<int> Profile(const ParsedArgs& args, const std::vector<std::string>& argv) {
  StopAtOnceOnInterrupt();
  if (auto engine = args.Get("engine")) return ExternalProfile(args, argv, *engine);
  V8BENCH_TRY(const CaseProfileRequest request, RequestFrom(args));
  const ProfileOptions& options = request.options;
  V8BENCH_TRY(const auto profile, ProfileCaseInProcess(request, [&](const CaseInfo& info) {
                std::fprintf(stderr, "profiling %s: warm-up %.2f s, then %.2f s under the profiler...\n",
                             info.name.c_str(), options.warmup_s, options.duration_s);
              }));
  const std::string out_path = args.Get("out").value_or(DefaultProfilePath(profile.info.name));
  V8BENCH_OK(WriteFileAtomically(out_path, CpuProfileJson(profile.data)));
  ProfileHeading heading;
  heading.case_name = profile.info.name;
  heading.where = fmt::format("{}, realm {}", request.suite_path, RealmName(profile.info.realm));
  heading.engine = profile.engine;
  heading.flags = profile.v8_flags;
  std::fputs(ProfileReport(heading, profile.data, TopN(args), out_path).c_str(), stdout);
  if (request.perf) std::fputs(PerfHintText(getpid(), profile.interpreted_frames, argv).c_str(), stdout);
  return 0;
}

}  // namespace

CommandSpec ProfileSpec() {
  const ProfileOptions defaults;
  CommandSpec spec;
  spec.name = "profile";
  spec.summary = "profile one case under V8's CPU profiler: top functions, tiers, deopts, .cpuprofile";
  spec.synopsis = "v8bench profile SUITE_FILE --case NAME [options] [-- V8_FLAGS ...]";
  spec.description =
      "Runs one case under V8's sampling CPU profiler, after a warm-up, and shows where its time goes: the top\n"
      "functions by self and total time, the share in the suite's code, builtins, runtime, GC and idle, and the\n"
      "hot functions' tiers and deopts. Writes a .cpuprofile (Chrome DevTools, VS Code, speedscope).";
  spec.options = {
      {"case", "NAME", "The case to profile, as `v8bench list` names it (e.g. example/sum/n:16). Required."},
      {"duration", "S", fmt::format("Samples for S seconds after the warm-up. Default: {}.", defaults.duration_s),
       false, ValueKind::kNumber, 0.01, 3600},
      {"interval", "US", fmt::format("Samples every US microseconds. Default: {}.", defaults.interval_us), false,
       ValueKind::kWhole, 10, 1000000},
      {"warmup", "S", fmt::format("Runs unsampled for S seconds first. Default: {}.", defaults.warmup_s), false,
       ValueKind::kNumber, 0, 3600},
      {"timeout", "S",
       fmt::format("Terminates the case after --warmup plus --duration plus S seconds. Default: {}.",
                   defaults.timeout_s),
       false, ValueKind::kNumber, 0.01, 86400},
      {"out", "FILE",
       "Writes the profile to FILE. Default: the case name ('_' for other than [A-Za-z0-9._-]) plus .cpuprofile."},
      {"top", "N", fmt::format("Shows N functions per table. Default: {}.", kDefaultTop), false, ValueKind::kWhole, 1,
       1000},
      {"inlining", "",
       "Keeps TurboFan inlining on (off by default: V8 10.2's sampler charges an inlined function to its caller)."},
      {"perf", "", "Also writes /tmp/perf-<pid>.map so that Linux perf can name JIT frames; the command is printed."},
      KnobOption(KnobSpecOf(Knob::kParam),
                 "As for run (the case name changes with it); repeatable. Default: the suite's grids."),
      {"quick", "", "Uses the suite's quick parameter grid (the cases `run --quick` runs)."},
      {"engine", "PATH",
       "Profiles inside node, deno, bun or another v8bench build; on a Node without this build's instrument, with "
       "the inspector (no VM states, JIT code events or deopts). workerd: exit 2."},
  };
  for (auto& o : EngineOptionSpecs()) spec.options.push_back(o);
  spec.examples =
      "  v8bench profile suites/example.js --case example/sum/n:16\n"
      "  v8bench profile suites/json_reviver.js --case 'json_reviver/function_reviver/size:100000/shape:api'\n"
      "  perf record -g -o perf.data -- v8bench profile suites/example.js --case example/sin --perf\n"
      "  v8bench profile suites/trig.js --case trig/sin/range:small --engine $(which node)\n";
  spec.run = Profile;
  return spec;
}

}  // namespace v8bench::cli
