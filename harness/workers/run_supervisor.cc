#include "harness/workers/run_supervisor.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

#include "harness/workers/compare_worker.h"
#include "harness/workers/launcher.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench::workers {
namespace {

// One child's worth of protocol lines, dispatched as they complete.
class LineDispatcher {
 public:
  LineDispatcher(const SupervisorRequest& request, std::optional<RunContext>& context, ResultSink*& sink,
                 std::vector<std::string>& planned)
      : request_(request), context_(context), sink_(sink), planned_(planned) {}

  void Feed(std::string_view chunk) {
    pending_.append(chunk);
    std::size_t nl;
    while ((nl = pending_.find('\n')) != std::string::npos) {
      Dispatch(ParseWorkerOutput(std::string_view(pending_).substr(0, nl + 1)));
      pending_.erase(0, nl + 1);
    }
  }

  std::optional<CaseInfo> running;  // started, not finished
  std::set<std::string> reached;
  int failed = 0;
  bool ended = false;

 private:
  void Dispatch(const WorkerOutput& out) {
    if (out.context && sink_ == nullptr) {
      context_ = out.context;
      planned_ = out.planned;
      sink_ = &request_.open_sink(*out.context, planned_);
      sink_->Begin(*out.context);
    }
    for (const CaseInfo& info : out.started) {
      running = info;
      reached.insert(info.name);
      const auto at = std::find(planned_.begin(), planned_.end(), info.name) - planned_.begin();
      if (request_.progress) request_.progress(static_cast<std::size_t>(at) + 1, planned_.size(), info);
    }
    for (const CaseResult& r : out.cases) {
      running.reset();
      if (r.status != CaseStatus::kOk && r.status != CaseStatus::kUnsupported) ++failed;
      if (sink_ != nullptr) sink_->CaseDone(r);
    }
    ended = ended || out.ended;
  }

  const SupervisorRequest& request_;
  std::optional<RunContext>& context_;
  ResultSink*& sink_;
  std::vector<std::string>& planned_;
  std::string pending_;
};

CaseResult Crashed(const CaseInfo& info, const LaunchResult& r) {
  CaseResult c;
  c.info = info;
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
    for (const char* name : {"--format", "--out", "--filter"}) {
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

int SuperviseRun(const SupervisorRequest& request) {
  std::optional<RunContext> context;
  ResultSink* sink = nullptr;
  std::vector<std::string> planned;
  std::set<std::string> reached;
  std::string filter = request.filter;
  int failed = 0;
  int exit_code = 0;
  for (;;) {
    LineDispatcher lines(request, context, sink, planned);
    LaunchRequest launch;
    launch.executable = request.executable;
    launch.args = ChildRunArgs(request.argv, filter);
    launch.args.insert(launch.args.begin(), "run");
    launch.inherit_stderr = true;
    // The child's own watchdog ends a case at --timeout; this only catches a child that cannot.
    launch.timeout_s = request.case_timeout_s * 2 + 60;
    launch.on_stdout = [&lines](std::string_view chunk) { lines.Feed(chunk); };
    if (request.counting != nullptr) request.counting->Wrap(launch);
    auto launcher = MakeProcessLauncher();
    launcher->Start(launch);
    std::vector<LaunchResult> done;
    while (done.empty() && !launcher->Interrupted()) done = launcher->Wait();
    if (done.empty()) return 130;  // interrupted: what was reported is kept
    const LaunchResult& r = done.front();
    failed += lines.failed;
    reached.insert(lines.reached.begin(), lines.reached.end());
    const bool clean = r.kind == ExitKind::kExited && lines.ended;
    if (clean || sink == nullptr) {
      // Finished, or refused its input before any case (exit 2 with the reason on stderr).
      exit_code = r.kind == ExitKind::kExited ? r.exit_code : 2;
      if (sink == nullptr && r.kind != ExitKind::kExited) {
        std::fprintf(stderr, "v8bench: the run's process died before any case (%s)\n", DescribeExit(r).c_str());
      }
      break;
    }
    if (lines.running) {
      sink->CaseDone(Crashed(*lines.running, r));
      ++failed;
    } else if (lines.reached.empty()) {
      // Died again before starting a case: another child would too.
      std::fprintf(stderr, "v8bench: the run's process died before its next case (%s); stopping\n",
                   DescribeExit(r).c_str());
      ++failed;
      break;
    }
    std::vector<std::string> rest;
    for (const auto& name : planned) {
      if (reached.count(name) == 0) rest.push_back(name);
    }
    if (rest.empty()) break;
    filter = ExactNamesFilter(rest);
  }
  if (sink == nullptr) return exit_code == 0 ? 2 : exit_code;  // no context: the child said why on stderr
  sink->End();
  return failed > 0 || exit_code == 1 ? 1 : exit_code;
}

}  // namespace v8bench::workers
