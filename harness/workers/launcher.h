// Runs worker processes. The driver talks to this interface only, so its scheduling, crash handling
// and statistics are tested with a fake launcher, without processes or timing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench::workers {

struct LaunchRequest {
  std::uint64_t id = 0;
  std::string executable;
  std::vector<std::string> args;  // argv[1..]
  // The process is killed (SIGKILL) when it writes nothing to stdout for this long (a worker writes a
  // line as each case starts and ends, so this bounds one case); 0 = never.
  double timeout_s = 0;
  // Called with each chunk of stdout as it arrives (stdout is also collected into LaunchResult::out).
  std::function<void(std::string_view)> on_stdout;
  // The process writes to this process's stderr (LaunchResult::err stays empty): the same descriptor,
  // or with `cap_stderr` through a pipe, passed on as it comes up to kStderrPassedOn bytes (the rest
  // dropped, and a line says how much): for a program that is not v8bench's (valgrind) and may flood it.
  bool inherit_stderr = false;
  bool cap_stderr = false;
  // Whether stdout is kept in LaunchResult::out; a caller that reads it through on_stdout alone need not.
  // Kept stdout is capped at kStdoutKept bytes: a process that writes more is killed (stdout_overflow).
  bool keep_stdout = true;
  // When not empty: the process's stdin is a pipe holding these bytes, then end of file (else stdin is
  // ignored). At most a pipe's buffer (64 KiB).
  std::string stdin_data;
  // stdin is a pipe that stays open after stdin_data: Launcher::WriteStdin sends more, and the process
  // reads end of file at CloseStdin (a long-lived worker's commands, compare --long-lived).
  bool keep_stdin_open = false;
};

enum class ExitKind {
  kExited,       // exit_code is set
  kSignaled,     // signal is set (a crash, an abort, the kernel's OOM killer)
  kTimedOut,     // killed by the launcher after timeout_s without output
  kSpawnFailed,  // spawn_error says why
};

// What the launcher holds of a child's output, so that a process flooding it cannot exhaust memory: more
// stdout than any worker or probe writes, and stderr passed on beyond what anyone reads.
inline constexpr std::size_t kStdoutKept = 64 * 1024 * 1024;
inline constexpr std::size_t kStderrPassedOn = 16 * 1024 * 1024;

struct LaunchResult {
  std::uint64_t id = 0;
  ExitKind kind = ExitKind::kExited;
  int exit_code = 0;
  int signal = 0;
  std::string out;  // all of stdout
  std::string err;  // the last 64 KiB of stderr
  double wall_s = 0;
  std::string spawn_error;
  // RunToEnd: the user's SIGINT or SIGTERM that killed the process (its kind is then kSignaled, SIGKILL,
  // or kSpawnFailed), or 0. A caller ends its command with InterruptedError, not as if the child crashed.
  int interrupt_signal = 0;
  // Killed because it wrote more than kStdoutKept bytes to stdout (kind kSignaled, SIGKILL).
  bool stdout_overflow = false;
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Starts a process; its LaunchResult comes back from a later Wait().
  virtual void Start(const LaunchRequest& request) = 0;
  // Blocks until at least one started process has finished, and returns every finished one. Returns
  // an empty vector when nothing is running (or after an interrupt).
  virtual std::vector<LaunchResult> Wait() = 0;
  // Changes a running process's timeout (LaunchRequest::timeout_s) from now on, e.g. from its on_stdout
  // when what it has started calls for more time; nothing when it has none or has finished.
  virtual void SetTimeout(std::uint64_t /*id*/, double /*seconds*/) {}
  // Writes to a running process's stdin (LaunchRequest::keep_stdin_open); false when it has none open, or
  // the write failed (the process ended, or does not read: the pipe is full).
  virtual bool WriteStdin(std::uint64_t /*id*/, std::string_view /*data*/) { return false; }
  // Closes a running process's stdin: it reads end of file.
  virtual void CloseStdin(std::uint64_t /*id*/) {}
  // Makes the Wait() under way (or the next) return what has finished, possibly nothing: for a caller
  // whose on_stdout saw what it waits for in a process that goes on running.
  virtual void Wake() {}
  // True once the user interrupted (SIGINT/SIGTERM): running workers were killed; stop starting more.
  virtual bool Interrupted() const { return InterruptSignal() != 0; }
  // The signal that interrupted (SIGINT or SIGTERM), or 0.
  virtual int InterruptSignal() const { return 0; }
};

// The exit code of a command the user interrupted with `signal`: 128 + its number, as a shell reports a
// process that signal ended (130 for SIGINT, 143 for SIGTERM).
inline int InterruptedExitCode(int signal) { return 128 + signal; }

// The error a command returns when the user interrupted a child it ran to its end: "interrupted
// (SIGINT)" and what `kept` says was saved (e.g. "nothing was written"); its exit code is 128 + signal.
Error InterruptedError(int signal, const std::string& kept = "nothing was written");

// The real launcher: libuv processes, pipes and timers on a private loop. Each child leads a process
// group (a session) of its own, killed whole when the child ends or is killed: a process the child
// started and left behind (a suite's child_process.spawn) does not outlive it. Also watches SIGINT and
// SIGTERM while it exists, so an interrupted command can save what it has: the first one kills the
// workers and sets InterruptSignal(); the signals' default action is then restored, so a second one
// ends this process at once.
std::unique_ptr<Launcher> MakeProcessLauncher();

// Runs one process to its end (for short probes: `--version`, `info`) on a launcher of its own: the
// one way the harness runs a child process, with no shell in between. An interrupt kills it.
LaunchResult RunToEnd(const LaunchRequest& request);

// A description of how a process ended, for people: "exit code 3", "killed by SIGSEGV", ...
std::string DescribeExit(const LaunchResult& result);

}  // namespace v8bench::workers
