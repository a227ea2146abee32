// `v8bench run` as a supervisor: the plan runs in a child `v8bench run ... --format jsonl` (the worker
// protocol, docs/protocol.md), whose lines become CaseResults for this process's reporters as they
// arrive. A case that kills its process (process.abort(), a signal, V8's fatal error handler) is
// reported as crashed, and the cases its process did not reach run in a fresh child: nothing a case
// does can end the run or lose what was measured.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/model/result.h"
#include "harness/model/result_sink.h"
#include "harness/workers/compare_worker.h"
#include "harness/workers/instruction_count.h"

namespace v8bench::workers {

struct SupervisorRequest {
  std::string executable;         // this v8bench (the child runs it again)
  std::vector<std::string> argv;  // the user's `run` arguments (after the command name)
  std::string filter;             // the user's --filter, or empty
  double case_timeout_s = 120;    // the longest a case may take: a child silent for longer is killed
  // Called once, with the child's context and planned cases, before any case is reported: returns the
  // sink every result goes to, and may complete the context (what an external engine cannot say) first.
  std::function<ResultSink&(RunContext&, const std::vector<std::string>& planned)> open_sink;
  std::function<void(std::size_t index, std::size_t total, const CaseInfo&)> progress;
  // --metric instructions: how the child counts (its command line wrapped by it); null otherwise.
  const InstructionCounting* counting = nullptr;
  // `run --engine PATH` with an external engine (node, deno, bun, workerd; PrepareWorkerEngine done): the
  // child is that engine running js/external_runner/ (WorkerArgs with `sampling`, which prints the same
  // protocol) instead of this v8bench; null otherwise. Its lines are sealed as a v8bench child's, except
  // on workerd, whose worker has no stdin to read a key from: there every line counts.
  const WorkerEngine* engine = nullptr;
  WorkerSampling sampling;
};

struct SupervisedRun {
  // `run`'s exit code: 0 all cases ok, 1 a case failed or crashed, 2 the child refused its input (its
  // message is on stderr), 128 + the signal when interrupted.
  int exit_code = 0;
  int interrupt_signal = 0;    // SIGINT or SIGTERM: the run stopped, the finished cases were reported
  std::size_t cases_done = 0;  // cases reported to the sink
};

// Runs the plan in children until every case is reported or the user interrupts (SIGINT, SIGTERM: the
// running child is killed, its case dropped, the sink ended with what finished).
SupervisedRun SuperviseRun(const SupervisorRequest& request);

// How long a child may write nothing before it is killed and its case reported timed out: a child the
// watchdog cannot reach (SIGSTOPped, stuck in native code) must not hold the run for ever.
double SilenceLimit(double case_timeout_s);

// The child's command line for the cases `filter` selects, reading `seal` from stdin (none: unsealed).
LaunchRequest ChildLaunch(const SupervisorRequest& request, const std::string& filter, const std::string& seal);

// The child's arguments: the user's, without --format, --out, --filter and --engine (before a `--`), plus
// `--format jsonl` and `--filter filter` when not empty.
std::vector<std::string> ChildRunArgs(const std::vector<std::string>& argv, const std::string& filter);

}  // namespace v8bench::workers
