#include "harness/workers/run_supervisor.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "harness/workers/compare_worker.h"
#include "harness/workers/instruction_count.h"
#include "harness/workers/launcher.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench::workers {
namespace {

// One child's worth of protocol lines, dispatched as they complete.
class LineDispatcher {
 public:
  LineDispatcher(const SupervisorRequest& request, std::optional<RunContext>& context, ResultSink*& sink,
                 std::vector<std::string>& planned, const std::string& seal)
      : request_(request), context_(context), sink_(sink), planned_(planned), seal_(seal) {}

  // Each line the harness wrote starts with the seal; what precedes its last seal on a line (bytes a
  // suite wrote to the descriptor without a newline) is dropped, and so is a line without one.
  void Feed(std::string_view chunk) {
    pending_.append(chunk);
    if (pending_.find('\n') == std::string::npos && pending_.size() > kStdoutKept) {
      ++unsealed;  // no line of the protocol is that long: bytes a suite wrote to the descriptor
      pending_.clear();
    }
    std::size_t nl;
    while ((nl = pending_.find('\n')) != std::string::npos) {
      const std::string_view line = std::string_view(pending_).substr(0, nl + 1);
      if (const auto kept = UnsealLine(line, seal_)) {
        if (*kept != "\n") Dispatch(ParseWorkerOutput(*kept));
      } else if (line != "\n") {  // the runner starts each line with a newline
        ++unsealed;
      }
      pending_.erase(0, nl + 1);
    }
  }

  // Started, not finished: one case, or (run --alternate) every case of the group taking turns.
  std::vector<CaseInfo> running;
  std::set<std::string> reached;
  int unsealed = 0;  // lines on the results descriptor that the harness did not write
  int failed = 0;
  std::size_t done = 0;  // cases reported
  bool ended = false;

 private:
  void Dispatch(const WorkerOutput& out) {
    if (out.context && sink_ == nullptr) {
      context_ = out.context;
      planned_ = out.planned;
      sink_ = &request_.open_sink(*context_, planned_);
      sink_->Begin(*context_);
    }
    for (const CaseInfo& info : out.started) {
      running.push_back(info);
      reached.insert(info.name);
      const auto at = std::find(planned_.begin(), planned_.end(), info.name) - planned_.begin();
      if (request_.progress) request_.progress(static_cast<std::size_t>(at) + 1, planned_.size(), info);
    }
    for (const CaseResult& r : out.cases) {
      std::erase_if(running, [&](const CaseInfo& c) { return c.name == r.info.name; });
      ++done;
      if (r.status != CaseStatus::kOk && r.status != CaseStatus::kUnsupported) ++failed;
      if (sink_ != nullptr) sink_->CaseDone(r);
    }
    ended = ended || out.ended;
  }

  const SupervisorRequest& request_;
  std::optional<RunContext>& context_;
  ResultSink*& sink_;
  std::vector<std::string>& planned_;
  const std::string& seal_;
  std::string pending_;
};

CaseResult Crashed(const CaseInfo& info, const LaunchResult& r, double silence_s) {
  CaseResult c;
  c.info = info;
  if (r.kind == ExitKind::kTimedOut) {
    c.status = CaseStatus::kTimedOut;
    c.error = fmt::format(
        "the process running this case said nothing for {:g} s (stopped, or stuck where --timeout cannot end it) and "
        "was killed; the cases after it continue in a fresh process",
        silence_s);
    return c;
  }
  c.status = CaseStatus::kCrashed;
  c.error =
      "the process running this case died (" + DescribeExit(r) + "); the cases after it continue in a fresh process";
  return c;
}

}  // namespace

std::vector<std::string> ChildRunArgs(const std::vector<std::string>& argv, const std::string& filter) {
  std::vector<std::string> out;
  std::size_t i = 0;
  for (; i < argv.size() && argv[i] != "--"; ++i) {
    const std::string& a = argv[i];
    bool dropped = false;
    for (const char* name : {"--format", "--out", "--filter", "--engine"}) {
      if (a == name) {
        ++i;  // and its value
        dropped = true;
      } else if (a.rfind(std::string(name) + "=", 0) == 0) {
        dropped = true;
      }
    }
    if (!dropped) out.push_back(a);
  }
  out.insert(out.end(), {"--format", "jsonl"});
  if (!filter.empty()) out.insert(out.end(), {"--filter", filter});
  out.insert(out.end(), argv.begin() + static_cast<std::ptrdiff_t>(std::min(i, argv.size())), argv.end());
  return out;
}

namespace {

// One child's end, told to the sink: the cases it was running crashed (each of them: a group that takes
// turns loses none without a line). Returns false when no other child should start (it died before
// reaching a case).
bool ReportDeath(const LaunchResult& r, const LineDispatcher& lines, double silence_s, ResultSink& sink, int& failed) {
  if (!lines.running.empty()) {
    for (const CaseInfo& info : lines.running) {
      sink.CaseDone(Crashed(info, r, silence_s * static_cast<double>(lines.running.size())));
      ++failed;
    }
    return true;
  }
  if (lines.reached.empty()) {
    // Died again before starting a case: another child would too.
    std::fprintf(stderr, "v8bench: the run's process died before its next case (%s); stopping\n",
                 DescribeExit(r).c_str());
    ++failed;
    return false;
  }
  return true;
}

// A child that ended before its context line, told on stderr (unless it is v8bench refusing its input,
// exit 2, which said why): what ran (valgrind, an engine, v8bench loading the suites) and how it ended.
void TellDeathBeforeAnyCase(const SupervisorRequest& request, const LaunchResult& r, int unsealed) {
  if (r.kind == ExitKind::kExited && r.exit_code == 2 && unsealed == 0) return;
  const std::string how = DescribeExit(r);
  const std::string odd = unsealed == 0 ? ""
                                        : fmt::format("; it printed {} line{} that are not the worker protocol",
                                                      unsealed, unsealed == 1 ? "" : "s");
  if (request.counting != nullptr && !request.counting->valgrind().empty()) {
    fmt::print(stderr,
               "v8bench: {}, which runs the worker under callgrind for --metric instructions, ended before the worker "
               "began ({}{}); its own output, if any, is above: check that `{} --version` works, or count without it "
               "(a machine with a hardware instructions counter)\n",
               request.counting->valgrind(), how, odd, request.counting->valgrind());
  } else if (request.engine != nullptr) {
    fmt::print(stderr, "v8bench: --engine {} ended before its first case ({}{}); its own output, if any, is above\n",
               request.engine->engine, how, odd);
  } else if (r.kind == ExitKind::kTimedOut) {
    fmt::print(stderr,
               "v8bench: the run's process said nothing for {:g} s while loading the suite files and was killed: a "
               "suite's top level does not finish; run each file alone to find it\n",
               SilenceLimit(request.case_timeout_s));
  } else {
    fmt::print(stderr,
               "v8bench: the run's process died before any case ({}{}), while loading the suite files: a suite's "
               "top-level code aborted or was killed; run each file alone to find it\n",
               how, odd);
  }
}

}  // namespace

LaunchRequest ChildLaunch(const SupervisorRequest& request, const std::string& filter, const std::string& seal) {
  LaunchRequest launch;
  if (request.engine != nullptr) {
    WorkerSampling sampling = request.sampling;
    sampling.sealed = !seal.empty();
    sampling.gc_trace = false;  // its lines are read one by one: see WorkerSampling
    launch.executable = request.engine->engine;
    launch.args = WorkerArgs(sampling, *request.engine, filter);
  } else {
    launch.executable = request.executable;
    launch.args = ChildRunArgs(request.argv, filter);
    launch.args.insert(launch.args.begin(), {"run", "--sealed"});
  }
  launch.stdin_data = seal;
  launch.inherit_stderr = true;
  launch.keep_stdout = false;  // read line by line (LineDispatcher)
  // The child's own watchdog ends a case at --timeout; this catches a child that cannot (stopped, hung
  // outside JS), with time beyond --timeout for the child to report what its watchdog ended.
  launch.timeout_s = SilenceLimit(request.case_timeout_s);
  if (request.counting != nullptr) {
    request.counting->Wrap(launch, request.engine != nullptr ? request.engine->engine_kind : EngineKind::kV8bench);
  }
  return launch;
}

double SilenceLimit(double case_timeout_s) { return case_timeout_s * 1.5 + 10; }

SupervisedRun SuperviseRun(const SupervisorRequest& request) {
  std::optional<RunContext> context;
  ResultSink* sink = nullptr;
  std::vector<std::string> planned;
  std::set<std::string> reached;
  std::string filter = request.filter;
  int failed = 0;
  int exit_code = 0;
  SupervisedRun run;
  // One launcher for every child: it watches SIGINT and SIGTERM from the first child to the last.
  auto launcher = MakeProcessLauncher();
  const bool workerd = request.engine != nullptr && request.engine->engine_kind == EngineKind::kWorkerd;
  const std::string seal = workerd ? std::string() : NewSeal();
  for (std::uint64_t child = 1;; ++child) {
    LineDispatcher lines(request, context, sink, planned, seal);
    LaunchRequest launch = ChildLaunch(request, filter, seal);
    launch.id = child;  // SetTimeout names it
    // --timeout is per case (each copy counted in case_timeout_s): a child taking turns over a group of
    // started cases (run --alternate) has the silence limit once for each of them.
    launch.on_stdout = [&lines, &launcher, &launch](std::string_view chunk) {
      lines.Feed(chunk);
      const auto cases = static_cast<double>(std::max<std::size_t>(1, lines.running.size()));
      launcher->SetTimeout(launch.id, launch.timeout_s * cases);
    };
    launcher->Start(launch);
    std::vector<LaunchResult> done;
    while (done.empty() && !launcher->Interrupted()) done = launcher->Wait();
    run.cases_done += lines.done;
    if (lines.unsealed > 0 && sink != nullptr) {
      std::fprintf(stderr,
                   "v8bench: ignored %d line%s on the results descriptor that v8bench did not write (a suite wrote "
                   "there)\n",
                   lines.unsealed, lines.unsealed == 1 ? "" : "s");
    }
    if (launcher->Interrupted()) {
      // The case the child was running is not a result; what finished is kept.
      run.interrupt_signal = launcher->InterruptSignal();
      break;
    }
    const LaunchResult& r = done.front();
    failed += lines.failed;
    reached.insert(lines.reached.begin(), lines.reached.end());
    const bool clean = r.kind == ExitKind::kExited && lines.ended;
    if (clean || sink == nullptr) {
      // Finished, or refused its input before any case (exit 2 with the reason on stderr).
      exit_code = r.kind == ExitKind::kExited ? r.exit_code : 2;
      if (sink == nullptr) {
        TellDeathBeforeAnyCase(request, r, lines.unsealed);
        exit_code = 2;
      }
      break;
    }
    if (!ReportDeath(r, lines, launch.timeout_s, *sink, failed)) break;
    std::vector<std::string> rest;
    for (const auto& name : planned) {
      if (reached.count(name) == 0) rest.push_back(name);
    }
    if (rest.empty()) break;
    filter = ExactNamesFilter(rest);
  }
  if (sink == nullptr) {  // no context: the child said why on stderr
    run.exit_code = run.interrupt_signal != 0 ? InterruptedExitCode(run.interrupt_signal)
                    : exit_code == 0          ? 2
                                              : exit_code;
    return run;
  }
  sink->End();
  run.exit_code = run.interrupt_signal != 0      ? InterruptedExitCode(run.interrupt_signal)
                  : failed > 0 || exit_code == 1 ? 1
                                                 : exit_code;
  return run;
}

}  // namespace v8bench::workers
