#include "harness/workers/engine_profile.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <utility>

#include "harness/model/code_state.h"
#include "harness/model/json_reader.h"
#include "harness/model/text_lines.h"
#include "harness/profile/cpuprofile_reader.h"
#include "harness/profile/profile_text.h"
#include "harness/workers/launcher.h"

namespace v8bench::workers {
namespace {

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

// A profile_error line: a case the suite does not have (with the suite's cases), or the runner's message.
Error ProfileError(simdjson::dom::element doc, const std::string& suite, const std::string& case_name, bool quick) {
  if (StringField(doc, "kind") != "usage") return Error::Usage("profile --engine: " + StringField(doc, "message"));
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

Expected<RunnerProfileLine> ProfileLine(simdjson::dom::element doc) {
  RunnerProfileLine r;
  r.engine = StringField(doc, "engine");
  r.engine_version = StringField(doc, "engine_version");
  r.v8_version = StringField(doc, "v8_version");
  r.js_engine = StringField(doc, "js_engine");
  r.batch_function = StringField(doc, "batch_function");
  if (doc["iterations"].get(r.iterations) != simdjson::SUCCESS ||
      doc["batch_size"].get(r.batch_size) != simdjson::SUCCESS ||
      doc["warmup_s"].get(r.warmup_s) != simdjson::SUCCESS ||
      doc["profiled_s"].get(r.profiled_s) != simdjson::SUCCESS) {
    return Error::Input("the external runner's profile line lacks iterations, batch_size, warmup_s or profiled_s");
  }
  r.profiler = StringField(doc, "profiler");
  r.profiler_why = StringField(doc, "profiler_why");
  simdjson::dom::element code;
  if (doc["code_before"].get(code) == simdjson::SUCCESS && !code.is_null()) r.code_before = Tiers(code);
  if (doc["code_after"].get(code) == simdjson::SUCCESS && !code.is_null()) r.code_after = Tiers(code);
  return r;
}

// The external runner's `profile` command line: the case, where the engine writes its profile, the timing knobs.
std::vector<std::string> RunnerProfileArgs(const EngineProfileRequest& r) {
  std::vector<std::string> args = {"profile",
                                   "--case",
                                   r.case_name,
                                   "--profile-out",
                                   r.scratch_path,
                                   "--duration",
                                   fmt::format("{}", r.options.duration_s),
                                   "--interval",
                                   std::to_string(r.options.interval_us),
                                   "--warmup",
                                   fmt::format("{}", r.options.warmup_s)};
  if (r.options.quick) args.emplace_back("--quick");
  Knobs knobs;  // the knobs the runner takes as run does: --param and the tier
  knobs.params = r.params;
  knobs.tier = r.options.tier;
  const std::vector<std::string> knob_args = KnobArgs(knobs, KnobRoute::kRunnerOption);
  args.insert(args.end(), knob_args.begin(), knob_args.end());
  args.push_back(r.suite_path);
  return args;
}

// Removes the engine's scratch profile on every way out of ProfileOnEngine.
struct RemoveFileOnExit {
  std::string path;
  ~RemoveFileOnExit() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

// Runs the engine on the runner and reads what it said; when it said no profile line, the error
// names how the engine ended, with the tail of its stderr (a usage error the runner reported stays one).
Expected<RunnerProfileLine> RunProfilingEngine(const LaunchRequest& launch, const EngineProfileRequest& r) {
  const LaunchResult ran = RunToEnd(launch);
  if (ran.interrupt_signal != 0) return InterruptedError(ran.interrupt_signal);
  auto said = ReadRunnerOutput(ran.out, r.suite_path, r.case_name, r.options.quick);
  if (said || said.error().kind == Error::Kind::kUsage) return said;
  std::string tail = ran.err;
  if (tail.size() > 2000) tail = "..." + tail.substr(tail.size() - 2000);
  return Error::Input(fmt::format("profile --engine {}: the engine {}{}", launch.executable,
                                  ran.kind == ExitKind::kSpawnFailed ? ran.spawn_error : DescribeExit(ran),
                                  tail.empty() ? "" : ":\n" + tail));
}

// Reads the engine's .cpuprofile with ParseCpuProfile and completes it with what the runner said of the run.
Expected<CpuProfileData> ReadEngineProfile(const EngineProfileRequest& r, const RunnerProfileLine& said,
                                           const std::string& runner) {
  std::ifstream in(r.scratch_path, std::ios::binary);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto data = ParseCpuProfile(json, said.batch_function, r.engine + "'s profile");
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

}  // namespace

std::optional<Error> EngineProfileRefusal(EngineKind kind, const std::string& path) {
  if (kind != EngineKind::kWorkerd) return std::nullopt;
  return Error::Usage(
      "profile --engine " + path +
      ": not supported on workerd: a worker has no node:inspector Session (the Profiler domain v8bench profiles "
      "with), and workerd's own inspector is a network socket (--inspector-addr) v8bench does not open. Profile "
      "the case on node or deno, or on the embedded V8.");
}

Expected<std::vector<std::string>> EngineProfileFlags(const std::string& path, EngineKind kind,
                                                      const EngineKnobs& knobs,
                                                      const std::vector<std::string>& v8_flags, bool inlining) {
  auto flags = EngineV8Flags(path, kind, "profile --engine", knobs, v8_flags);
  if (!flags) return flags.error();
  if (kind == EngineKind::kBun) return flags;                  // JavaScriptCore: no V8 flags at all
  std::vector<std::string> ours = {"--allow-natives-syntax"};  // bench_api.js settle() and tiers
  if (!inlining) ours.emplace_back("--no-turbo-inlining");
  flags->insert(flags->begin(), ours.begin(), ours.end());
  return flags;
}

Expected<RunnerProfileLine> ReadRunnerOutput(const std::string& out, const std::string& suite,
                                             const std::string& case_name, bool quick) {
  simdjson::dom::parser parser;
  std::optional<Expected<RunnerProfileLine>> said;
  ForEachLine(out, [&](std::string_view line) {
    simdjson::dom::element doc;
    std::string_view type;
    if (line.empty() || line[0] != '{' || parser.parse(line.data(), line.size()).get(doc) != simdjson::SUCCESS ||
        doc["type"].get(type) != simdjson::SUCCESS) {
      return true;
    }
    if (type == "profile_error") said = ProfileError(doc, suite, case_name, quick);
    if (type == "profile") said = ProfileLine(doc);
    return !said;
  });
  if (said) return std::move(*said);
  return Error::Input("the external runner printed no profile line");
}

Expected<EngineProfile> ProfileOnEngine(const EngineProfileRequest& request) {
  auto runner = MaterializeRunner();
  if (!runner) return runner.error();
  const RemoveFileOnExit remove_scratch{request.scratch_path};
  LaunchRequest launch;
  launch.executable = request.engine;
  launch.args =
      ExternalEngineArgs(request.engine, request.kind, runner.value(), request.v8_flags, RunnerProfileArgs(request));
  launch.timeout_s = request.options.timeout_s;
  auto said = RunProfilingEngine(launch, request);
  if (!said) return said.error();
  auto data = ReadEngineProfile(request, said.value(), runner.value());
  if (!data) return data.error();
  return EngineProfile{std::move(data.value()), std::move(said.value())};
}

std::string EngineProfileText(const EngineProfileRequest& request, const EngineProfile& profile, std::size_t top_n,
                              const std::string& out_path) {
  const RunnerProfileLine& said = profile.said;
  ProfileHeading heading;
  heading.case_name = request.case_name;
  heading.where = fmt::format("{}, on {} {}: {}", request.suite_path, said.engine, said.engine_version, request.engine);
  heading.engine = said.js_engine != "V8"    ? said.js_engine
                   : said.v8_version.empty() ? "V8 (version not exposed)"
                                             : "V8 " + said.v8_version;
  heading.flags = request.v8_flags;
  const bool inlining = InliningOn(request.v8_flags);
  if (said.InProcess()) {
    heading.sampled_by = " · V8's CPU profiler inside the engine (v8bench's in-process instrument)";
    const ProfileSummary summary = Summarize(profile.data, top_n);
    return ProfileHeader(heading, summary, profile.data) + RenderSummary(summary, inlining) +
           ProfilerLine(said.profiler, said.profiler_why) + WrittenToText(out_path);
  }
  heading.sampled_by = " · the engine's own profiler (inspector Profiler domain)";
  ProfileSummary summary = Summarize(profile.data, top_n);
  summary.hot.clear();  // no JIT code events: the tiers below come from the bench API instead
  std::string text = ProfileHeader(heading, summary, profile.data);
  text += EngineProfileBody(std::move(summary), inlining, request.kind == EngineKind::kBun, said.code_before,
                            said.code_after);
  return text + ProfilerLine(said.profiler, said.profiler_why) + WrittenToText(out_path);
}

}  // namespace v8bench::workers
