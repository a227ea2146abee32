#include "harness/workers/compare_worker.h"

#include "harness/measure/cpu_affinity.h"
#include "harness/measure/thresholds.h"

#include <fmt/format.h>

#include <cctype>
#include <string_view>

namespace v8bench::workers {

namespace {

// The variant's --main-cpu knob: its CPU must be one this process may run on (this machine's, now).
Status CheckPinnedCpu(const WorkerEngine& w, const std::string& variant) {
  if (!w.knobs.main_cpu) return OkStatus();
  auto allowed = CheckAllowedCpu(*w.knobs.main_cpu);
  if (!allowed) return Error::Usage("variant " + variant + ": " + allowed.error().message);
  return OkStatus();
}

}  // namespace

Status PrepareWorkerEngine(WorkerEngine& w, const std::string& variant, const std::string& metric_counter) {
  if (w.engine.empty()) return CheckPinnedCpu(w, variant);
  auto kind = DetectEngineKind(w.engine);
  if (!kind) return kind.error();
  w.engine_kind = kind.value();
  if (w.engine_kind == EngineKind::kV8bench) return CheckPinnedCpu(w, variant);
  if (w.knobs.main_cpu) {
    return Error::Unsupported(
        "variant " + variant + ": --main-cpu pins the measuring thread of v8bench's own engine, and " + w.engine +
        " runs the JS in a process v8bench cannot reach into; pin whole processes instead (`taskset -c N v8bench "
        "compare ...` pins every thread of every variant, V8's background threads included), or drop --main-cpu");
  }
  auto flags = EngineV8Flags(w.engine, w.engine_kind, "variant " + variant, w.knobs, w.v8_flags);
  if (!flags) return flags.error();
  w.engine_v8_flags = flags.value();
  auto runner = MaterializeRunner();
  if (!runner) return runner.error();
  w.runner = runner.value();
  // Per variant, with its flags: the trig path is the variant's (Deno's --use-libm-trig-functions).
  auto info = ProbeExternalEngine(w.engine, w.engine_kind, w.engine_v8_flags.value());
  if (!info) {
    Error e = info.error();
    e.message = "variant " + variant + ": " + e.message;
    return e;
  }
  if (auto measures = CheckEngineMeasures(info.value(), metric_counter, variant); !measures) return measures;
  w.trig_path = info->trig.path;
  return OkStatus();
}

namespace {

// Node and Deno run js/external_runner/: harness knobs become the runner's options or V8 flags in
// the engine's own syntax. Every setting the runner times with is passed (it has no defaults of its own).
std::vector<std::string> ExternalWorkerArgs(const WorkerSampling& s, const WorkerEngine& w, const std::string& filter,
                                            bool plan_only) {
  std::vector<std::string> runner_args = {"run",
                                          "--repetitions",
                                          std::to_string(s.repetitions),
                                          "--min-time",
                                          fmt::format("{}", s.min_time_s),
                                          "--warmup",
                                          fmt::format("{}", s.warmup_s),
                                          "--max-warmup",
                                          fmt::format("{}", s.max_warmup_s),
                                          "--min-young-gcs",
                                          std::to_string(s.min_young_collections),
                                          "--left-callbacks",
                                          fmt::format("{}", kLeftCallbacksSeconds)};
  if (!filter.empty()) {
    runner_args.push_back("--filter");
    runner_args.push_back(filter);
  }
  if (s.quick) runner_args.push_back("--quick");
  if (plan_only) runner_args.push_back("--plan-only");
  if (s.sealed) runner_args.push_back("--sealed");
  if (s.serve) runner_args.push_back("--serve");
  if (s.iterations) runner_args.insert(runner_args.end(), {"--iterations", std::to_string(*s.iterations)});
  // The knobs the runner takes as `run` does (model/knobs.h KnobRoute::kRunnerOption), with the tier always
  // given: the variant's, else the comparison's.
  Knobs runner_knobs = w.knobs;
  if (!runner_knobs.tier) runner_knobs.tier = s.tier;
  const std::vector<std::string> knob_args = KnobArgs(runner_knobs, KnobRoute::kRunnerOption);
  runner_args.insert(runner_args.end(), knob_args.begin(), knob_args.end());
  // The engine knobs are V8 flags in the engine's syntax (model/knobs.h, checked by EngineV8Flags).
  std::vector<std::string> v8_flags = w.engine_v8_flags.value_or(KnobV8Flags(w.knobs));
  if (!w.engine_v8_flags) v8_flags.insert(v8_flags.end(), w.v8_flags.begin(), w.v8_flags.end());
  // The runner drives and reads each case's tiers through natives syntax (bench_api.js settle()); Bun
  // (JavaScriptCore) has no V8 flags, and EngineV8Flags refused any a variant gave it.
  if (w.engine_kind != EngineKind::kBun) v8_flags.insert(v8_flags.begin(), "--allow-natives-syntax");
  if (w.engine_kind == EngineKind::kDeno && s.gc_trace) {
    // Deno has no GC observation API: V8's GC trace, parsed here (gc_trace.h), stands in for it.
    v8_flags.push_back("--trace-gc");
    v8_flags.push_back("--expose-gc");
    runner_args.push_back("--gc-trace");
  }
  runner_args.insert(runner_args.end(), s.suites.begin(), s.suites.end());
  return ExternalEngineArgs(w.engine, w.engine_kind, w.runner, v8_flags, runner_args);
}

}  // namespace

std::vector<std::string> WorkerArgs(const WorkerSampling& s, const WorkerEngine& w, const std::string& filter,
                                    bool plan_only) {
  if (w.engine_kind != EngineKind::kV8bench) return ExternalWorkerArgs(s, w, filter, plan_only);
  // Native floors are not compared; skipping them halves a worker's time.
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), s.suites.begin(), s.suites.end());
  for (const auto& a :
       {std::string("--format"), std::string("jsonl"), std::string("--no-native"), std::string("--repetitions"),
        std::to_string(s.repetitions), std::string("--min-time"), fmt::format("{}", s.min_time_s),
        std::string("--warmup"), fmt::format("{}", s.warmup_s), std::string("--max-warmup"),
        fmt::format("{}", s.max_warmup_s), std::string("--timeout"), fmt::format("{}", s.timeout_s)}) {
    args.push_back(a);
  }
  if (!filter.empty()) {
    args.push_back("--filter");
    args.push_back(filter);
  }
  if (s.quick) args.push_back("--quick");  // the grids; the timing options above are explicit
  if (plan_only) args.push_back("--plan-only");
  if (s.sealed) args.push_back("--sealed");
  if (s.serve) args.push_back("--serve");
  const std::vector<std::string> knob_args = KnobArgs(w.knobs);
  args.insert(args.end(), knob_args.begin(), knob_args.end());
  args.insert(args.end(), w.turn_args.begin(), w.turn_args.end());
  if (!w.v8_flags.empty()) {
    args.push_back("--");
    args.insert(args.end(), w.v8_flags.begin(), w.v8_flags.end());
  }
  return args;
}

std::string ExactNamesFilter(const std::vector<std::string>& names) {
  std::vector<std::string> escaped;
  for (const auto& name : names) {
    std::string out;
    for (char c : name) {
      if (std::string_view("\\^$.|?*+()[]{}/-").find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
    escaped.push_back(std::move(out));
  }
  return fmt::format("^(?:{})$", fmt::join(escaped, "|"));
}

CaseStatus DeathKind(const LaunchResult& r) {
  const bool oom_text = r.err.find("out of memory") != std::string::npos ||
                        r.err.find("heap limit") != std::string::npos || r.err.find("OutOfMemory") != std::string::npos;
  if (r.kind == ExitKind::kTimedOut) return CaseStatus::kTimedOut;
  if (oom_text) return CaseStatus::kOutOfMemory;
  return CaseStatus::kCrashed;
}

std::string TellingLine(const std::string& err) {
  std::string first;
  ForEachLine(err, [&](std::string_view text) {
    const auto b = text.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return true;
    const std::string line(text.substr(b));
    if (first.empty()) first = line;
    std::string lower = line;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("error") != std::string::npos || lower.find("fatal") != std::string::npos ||
        lower.find("v8bench:") != std::string::npos || lower.find("out of memory") != std::string::npos) {
      first = line;
      return false;
    }
    return true;
  });
  if (first.size() > 200) first = first.substr(0, 200) + "...";
  return first;
}

std::string WhyItStopped(const LaunchResult& r) {
  if (r.kind == ExitKind::kSpawnFailed) return r.spawn_error;
  return !r.err.empty() ? LastLines(r.err, 6) : DescribeExit(r);
}

std::optional<Error> RejectedConfiguration(const LaunchResult& r, const std::string& variant) {
  if ((r.kind == ExitKind::kExited && r.exit_code == 2) || r.kind == ExitKind::kSpawnFailed) {
    return Error::Usage(fmt::format("variant {}: the worker rejected its configuration ({}):\n{}", variant,
                                    DescribeExit(r), WhyItStopped(r)));
  }
  return std::nullopt;
}

}  // namespace v8bench::workers
