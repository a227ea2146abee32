// The libuv launcher: each worker gets pipes for stdout and stderr, a timer for its timeout (restarted
// whenever the worker writes a line, so it bounds each case rather than the whole process), and an
// exit callback; a worker is finished when it has exited and both pipes reached end of file. Each worker
// leads a session (so a process group) of its own, killed whole as soon as the worker has exited: what it
// started and left running is not left behind, nor does it hold the pipes open. Should v8bench itself be
// killed, the orphan guard (orphan_guard.h) kills the groups still running.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <uv.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>

#include "harness/workers/launcher.h"
#include "harness/workers/orphan_guard.h"

namespace v8bench::workers {
namespace {

constexpr std::size_t kStderrKeep = 64 * 1024;

class ProcessLauncher;

struct Child {
  ProcessLauncher* owner = nullptr;
  std::uint64_t id = 0;
  uv_process_t process{};
  uv_pipe_t out{}, err{};
  uv_timer_t timer{};
  std::string out_buf, err_buf;
  std::function<void(std::string_view)> on_stdout;
  bool keep_stdout = true, pass_stderr = false;
  std::size_t err_passed = 0, err_dropped = 0;
  bool stdout_overflow = false;
  int pid = 0;           // also its process group's id
  int stdin_write = -1;  // LaunchRequest::keep_stdin_open: the write end of its stdin
  int handles_open = 0;
  bool exited = false, out_done = false, err_done = false, timed_out = false, reported = false;
  std::int64_t exit_status = 0;
  int term_signal = 0;
  std::chrono::steady_clock::time_point started;
  // libuv reads into these; each read is consumed before the next one on the same pipe.
  std::array<char, 64 * 1024> out_read{}, err_read{};
};

class ProcessLauncher final : public Launcher {
 public:
  ProcessLauncher() {
    uv_loop_init(&loop_);
    for (int i = 0; i < 2; ++i) {
      uv_signal_init(&loop_, &signals_[i]);
      signals_[i].data = this;
      uv_signal_start(
          &signals_[i],
          [](uv_signal_t* h, int signum) {
            auto* self = static_cast<ProcessLauncher*>(h->data);
            if (self->interrupt_signal_ == 0) self->interrupt_signal_ = signum;
            self->KillAll();
            // The next SIGINT or SIGTERM takes its default action: a second Ctrl-C stops at once.
            for (auto& s : self->signals_) uv_signal_stop(&s);
          },
          i == 0 ? SIGINT : SIGTERM);
      uv_unref(reinterpret_cast<uv_handle_t*>(&signals_[i]));
    }
  }

  ~ProcessLauncher() override {
    KillAll();
    while (!children_.empty()) uv_run(&loop_, UV_RUN_ONCE);
    for (auto& s : signals_) uv_close(reinterpret_cast<uv_handle_t*>(&s), nullptr);
    uv_run(&loop_, UV_RUN_DEFAULT);
    uv_loop_close(&loop_);
  }

  void Start(const LaunchRequest& request) override {
    auto child = std::make_unique<Child>();
    Child* c = child.get();
    c->owner = this;
    c->id = request.id;
    c->started = std::chrono::steady_clock::now();
    c->on_stdout = request.on_stdout;
    c->keep_stdout = request.keep_stdout;
    c->pass_stderr = request.inherit_stderr && request.cap_stderr;
    children_[c->id] = std::move(child);
    uv_pipe_init(&loop_, &c->out, 0);
    uv_pipe_init(&loop_, &c->err, 0);
    uv_timer_init(&loop_, &c->timer);
    c->out.data = c->err.data = c->timer.data = c->process.data = c;
    c->handles_open = 3;
    const int rc = Spawn(c, request);
    // uv_spawn puts the process handle on the loop even when it fails, so it is closed like the others either
    // way: freed while still on the loop, it corrupted the loop's list of handles.
    ++c->handles_open;  // the process handle
    if (rc != 0) {
      SpawnFailed(c, std::string("cannot start ") + request.executable + ": " + uv_strerror(rc));
      return;
    }
    ++running_;
    c->pid = c->process.pid;
    GuardGroup(c->pid);  // killed by the guard should v8bench end without killing it (SIGKILL)
    if (interrupt_signal_ != 0) KillGroup(c);
    if (request.timeout_s > 0) StartTimeout(c, request.timeout_s);
    ReadOutput(c, request.inherit_stderr && !request.cap_stderr);
  }

  std::vector<LaunchResult> Wait() override {
    while (done_.empty() && running_ > 0 && !woken_) uv_run(&loop_, UV_RUN_ONCE);
    woken_ = false;
    std::vector<LaunchResult> out = std::move(done_);
    done_.clear();
    return out;
  }

  int InterruptSignal() const override { return interrupt_signal_; }

  void Wake() override { woken_ = true; }

  bool WriteStdin(std::uint64_t id, std::string_view data) override {
    const auto it = children_.find(id);
    if (it == children_.end() || it->second->stdin_write < 0) return false;
    // Non-blocking: a process that does not read its commands must not stop the driver.
    return write(it->second->stdin_write, data.data(), data.size()) == static_cast<ssize_t>(data.size());
  }

  void CloseStdin(std::uint64_t id) override {
    if (const auto it = children_.find(id); it != children_.end()) CloseStdinOf(it->second.get());
  }

  static void CloseStdinOf(Child* c) {
    if (c->stdin_write < 0) return;
    close(c->stdin_write);
    c->stdin_write = -1;
  }

  void SetTimeout(std::uint64_t id, double seconds) override {
    const auto it = children_.find(id);
    if (it == children_.end() || it->second->exited) return;
    uv_timer_t* timer = &it->second->timer;
    if (!uv_is_active(reinterpret_cast<uv_handle_t*>(timer)) || seconds <= 0) return;
    const auto ms = static_cast<std::uint64_t>(seconds * 1000);
    if (uv_timer_get_repeat(timer) == ms) return;
    uv_timer_set_repeat(timer, ms);
    uv_timer_again(timer);
  }

  void MaybeFinish(Child* c) {
    if (c->reported || !c->exited || !c->out_done || !c->err_done) return;
    c->reported = true;
    --running_;
    LaunchResult r;
    r.id = c->id;
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - c->started).count();
    r.stdout_overflow = c->stdout_overflow;
    if (c->timed_out) {
      r.kind = ExitKind::kTimedOut;
    } else if (c->term_signal != 0) {
      r.kind = ExitKind::kSignaled;
      r.signal = c->term_signal;
    } else {
      r.kind = ExitKind::kExited;
      r.exit_code = static_cast<int>(c->exit_status);
    }
    r.out = std::move(c->out_buf);
    if (c->err_buf.size() > kStderrKeep) c->err_buf.erase(0, c->err_buf.size() - kStderrKeep);
    r.err = std::move(c->err_buf);
    if (c->err_dropped > 0) {
      std::fprintf(stderr, "v8bench: %zu more bytes of a child process's stderr were dropped (over %zu MiB)\n",
                   c->err_dropped, kStderrPassedOn >> 20);
    }
    done_.push_back(std::move(r));
    Close(c, reinterpret_cast<uv_handle_t*>(&c->process));
    Close(c, reinterpret_cast<uv_handle_t*>(&c->timer));
  }

  void Close(Child* /*c*/, uv_handle_t* h) {
    if (uv_is_closing(h)) return;
    uv_close(h, [](uv_handle_t* handle) {
      auto* ch = static_cast<Child*>(handle->data);
      if (--ch->handles_open == 0) ch->owner->children_.erase(ch->id);  // frees it
    });
  }

 private:
  // Kills the worker's process group: the worker and whatever it started that did not leave the group.
  static void KillGroup(Child* c) {
    if (c->pid > 0) kill(-c->pid, SIGKILL);
    if (!c->exited) uv_process_kill(&c->process, SIGKILL);
  }

  // Starts the worker: stdin ignored, stdout a pipe, stderr a pipe or ours, in a session of its own.
  // uv_spawn's result.
  int Spawn(Child* c, const LaunchRequest& request) {
    std::vector<std::string> owned = {request.executable};
    owned.insert(owned.end(), request.args.begin(), request.args.end());
    std::vector<char*> argv;
    for (auto& a : owned) argv.push_back(a.data());
    argv.push_back(nullptr);
    uv_stdio_container_t stdio[3];
    stdio[0].flags = UV_IGNORE;
    const int stdin_fd = request.keep_stdin_open ? OpenStdin(c, request.stdin_data) : StdinHolding(request.stdin_data);
    if (stdin_fd >= 0) {
      stdio[0].flags = UV_INHERIT_FD;
      stdio[0].data.fd = stdin_fd;
    }
    stdio[1].flags = static_cast<uv_stdio_flags>(UV_CREATE_PIPE | UV_WRITABLE_PIPE);
    stdio[1].data.stream = reinterpret_cast<uv_stream_t*>(&c->out);
    if (request.inherit_stderr && !request.cap_stderr) {
      stdio[2].flags = UV_INHERIT_FD;
      stdio[2].data.fd = 2;
    } else {
      stdio[2].flags = static_cast<uv_stdio_flags>(UV_CREATE_PIPE | UV_WRITABLE_PIPE);
      stdio[2].data.stream = reinterpret_cast<uv_stream_t*>(&c->err);
    }
    uv_process_options_t options{};
    options.flags = UV_PROCESS_DETACHED;  // setsid(): the worker leads a process group, KillGroup's unit
    options.file = argv[0];
    options.args = argv.data();
    options.stdio = stdio;
    options.stdio_count = 3;
    options.exit_cb = [](uv_process_t* p, std::int64_t status, int signal) {
      auto* ch = static_cast<Child*>(p->data);
      ch->exited = true;
      ch->exit_status = status;
      ch->term_signal = signal;
      CloseStdinOf(ch);
      // What it started in its group goes with it (libuv has reaped it: the group id stays unused while
      // any of the group lives).
      if (ch->pid > 0) kill(-ch->pid, SIGKILL);
      ReleaseGroup(ch->pid);
      uv_timer_stop(&ch->timer);
      ch->owner->MaybeFinish(ch);
    };
    const int rc = uv_spawn(&loop_, &c->process, &options);
    if (stdin_fd >= 0) close(stdin_fd);  // the child has its copy
    return rc;
  }

  // The read end of a pipe that holds `data` and then ends, or -1 when there is no data (or no pipe).
  static int StdinHolding(const std::string& data) {
    int fds[2];
    if (data.empty() || pipe2(fds, O_CLOEXEC) != 0) return -1;
    const bool written = write(fds[1], data.data(), data.size()) == static_cast<ssize_t>(data.size());
    close(fds[1]);
    if (!written) {
      close(fds[0]);
      return -1;
    }
    return fds[0];
  }

  // The read end of a pipe whose write end `c` keeps (non-blocking, not inherited) after writing `data`.
  static int OpenStdin(Child* c, const std::string& data) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    c->stdin_write = fds[1];
    if (!data.empty() && write(fds[1], data.data(), data.size()) != static_cast<ssize_t>(data.size())) {
      CloseStdinOf(c);
      close(fds[0]);
      return -1;
    }
    return fds[0];
  }

  // A worker that never started: reported at once, its pipes and timer closed.
  void SpawnFailed(Child* c, std::string message) {
    LaunchResult r;
    r.id = c->id;
    r.kind = ExitKind::kSpawnFailed;
    r.spawn_error = std::move(message);
    done_.push_back(std::move(r));
    c->reported = true;
    c->exited = c->out_done = c->err_done = true;
    CloseStdinOf(c);
    Close(c, reinterpret_cast<uv_handle_t*>(&c->out));
    Close(c, reinterpret_cast<uv_handle_t*>(&c->err));
    Close(c, reinterpret_cast<uv_handle_t*>(&c->timer));
    Close(c, reinterpret_cast<uv_handle_t*>(&c->process));
  }

  // Kills the worker when `seconds` pass without a line from it (ReadOutput restarts the timer).
  static void StartTimeout(Child* c, double seconds) {
    uv_timer_start(
        &c->timer,
        [](uv_timer_t* t) {
          auto* ch = static_cast<Child*>(t->data);
          if (ch->exited) return;
          ch->timed_out = true;
          KillGroup(ch);
        },
        static_cast<std::uint64_t>(seconds * 1000), static_cast<std::uint64_t>(seconds * 1000));
  }

  // Collects stdout (passing each read to on_stdout; kept up to kStdoutKept) and, unless it is inherited,
  // stderr: passed on (cap_stderr: up to kStderrPassedOn) or its last kStderrKeep bytes kept; end of file on
  // both is half of what finishes a worker.
  void ReadOutput(Child* c, bool inherited_stderr) {
    auto alloc = [](uv_handle_t* h, std::size_t, uv_buf_t* buf) {
      auto* ch = static_cast<Child*>(h->data);
      auto& space = h == reinterpret_cast<uv_handle_t*>(&ch->out) ? ch->out_read : ch->err_read;
      buf->base = space.data();
      buf->len = space.size();
    };
    uv_read_start(reinterpret_cast<uv_stream_t*>(&c->out), alloc, [](uv_stream_t* s, ssize_t n, const uv_buf_t* buf) {
      auto* ch = static_cast<Child*>(s->data);
      if (n > 0) {
        if (ch->keep_stdout && !ch->stdout_overflow) {
          if (ch->out_buf.size() + static_cast<std::size_t>(n) > kStdoutKept) {
            ch->stdout_overflow = true;
            KillGroup(ch);
          } else {
            ch->out_buf.append(buf->base, static_cast<std::size_t>(n));
          }
        }
        if (ch->on_stdout) ch->on_stdout(std::string_view(buf->base, static_cast<std::size_t>(n)));
        // Progress (a case started or finished): the timeout counts from here again.
        if (uv_is_active(reinterpret_cast<uv_handle_t*>(&ch->timer))) uv_timer_again(&ch->timer);
      }
      if (n < 0) {
        ch->out_done = true;
        ch->owner->Close(ch, reinterpret_cast<uv_handle_t*>(s));
        ch->owner->MaybeFinish(ch);
      }
    });
    if (inherited_stderr) {
      c->err_done = true;
      Close(c, reinterpret_cast<uv_handle_t*>(&c->err));
      return;
    }
    uv_read_start(reinterpret_cast<uv_stream_t*>(&c->err), alloc, [](uv_stream_t* s, ssize_t n, const uv_buf_t* buf) {
      auto* ch = static_cast<Child*>(s->data);
      if (n > 0 && ch->pass_stderr) {
        PassOn(*ch, std::string_view(buf->base, static_cast<std::size_t>(n)));
      } else if (n > 0) {
        ch->err_buf.append(buf->base, static_cast<std::size_t>(n));
        if (ch->err_buf.size() > 2 * kStderrKeep) ch->err_buf.erase(0, ch->err_buf.size() - kStderrKeep);
      }
      if (n < 0) {
        ch->err_done = true;
        ch->owner->Close(ch, reinterpret_cast<uv_handle_t*>(s));
        ch->owner->MaybeFinish(ch);
      }
    });
  }

  // A chunk of a child's stderr onto ours, within kStderrPassedOn; a failed write drops it (our stderr gone).
  static void PassOn(Child& c, std::string_view chunk) {
    const std::size_t room = kStderrPassedOn - std::min(kStderrPassedOn, c.err_passed);
    std::string_view shown = chunk.substr(0, room);
    c.err_passed += shown.size();
    c.err_dropped += chunk.size() - shown.size();
    while (!shown.empty()) {
      const ssize_t w = write(STDERR_FILENO, shown.data(), shown.size());
      if (w <= 0) break;
      shown.remove_prefix(static_cast<std::size_t>(w));
    }
  }

  void KillAll() {
    for (auto& [id, c] : children_) {
      if (!c->reported) KillGroup(c.get());
    }
  }

  uv_loop_t loop_{};
  uv_signal_t signals_[2]{};
  std::map<std::uint64_t, std::unique_ptr<Child>> children_;
  std::vector<LaunchResult> done_;
  int running_ = 0;
  int interrupt_signal_ = 0;
  bool woken_ = false;  // Wake(): the Wait() under way returns
};

}  // namespace

std::unique_ptr<Launcher> MakeProcessLauncher() { return std::make_unique<ProcessLauncher>(); }

std::string DescribeExit(const LaunchResult& r) {
  if (r.interrupt_signal != 0) {
    const char* abbrev = sigabbrev_np(r.interrupt_signal);
    return std::string("interrupted (") + (abbrev ? std::string("SIG") + abbrev : std::to_string(r.interrupt_signal)) +
           ")";
  }
  if (r.stdout_overflow) {
    return fmt::format("killed: it wrote more than {} MiB to its output, far more than any worker or probe writes",
                       kStdoutKept >> 20);
  }
  switch (r.kind) {
    case ExitKind::kExited:
      return "exit code " + std::to_string(r.exit_code);
    case ExitKind::kSignaled: {
      const char* abbrev = sigabbrev_np(r.signal);
      std::string s = "killed by " + (abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(r.signal));
      if (r.signal == SIGABRT) s += " (abort)";
      if (r.signal == SIGKILL) s += " (the kernel's OOM killer?)";
      return s;
    }
    case ExitKind::kTimedOut:
      return "timed out";
    case ExitKind::kSpawnFailed:
      return r.spawn_error;
  }
  return "?";
}

LaunchResult RunToEnd(const LaunchRequest& request) {
  auto launcher = MakeProcessLauncher();
  launcher->Start(request);
  for (;;) {
    auto done = launcher->Wait();
    if (!done.empty()) {
      LaunchResult r = std::move(done.front());
      // Killed because the user interrupted (its exit says SIGKILL, or its own handler's 130): not a crash
      // of the child, and not its answer.
      r.interrupt_signal = launcher->InterruptSignal();
      return r;
    }
    if (launcher->Interrupted()) {
      LaunchResult r;
      r.id = request.id;
      r.kind = ExitKind::kSpawnFailed;
      r.interrupt_signal = launcher->InterruptSignal();
      r.spawn_error = request.executable + ": " + DescribeExit(r);
      return r;
    }
  }
}

Error InterruptedError(int signal, const std::string& kept) {
  LaunchResult r;
  r.interrupt_signal = signal;
  return Error::Interrupted(signal, DescribeExit(r) + "; " + kept);
}

}  // namespace v8bench::workers
