#include "harness/workers/orphan_guard.h"

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <mutex>

namespace v8bench::workers {
namespace {

// A registration: a group's id to guard, or its negation to forget it; one send() each, so records from
// threads never interleave.
using Record = std::int32_t;

// v8bench's end of the guard's socket (-1 until the guard has started, or when it could not).
struct GuardLink {
  std::mutex mutex;
  int fd = -1;
  bool tried = false;
};

GuardLink& Link() {
  static GuardLink link;
  return link;
}

// The guard: reads registrations from `fd` until it ends (v8bench has ended), then kills what is
// registered. Only async-signal-safe calls (the process forked from a threaded one), no allocation.
[[noreturn]] void GuardBody(int fd) {
  // Hang-ups and interrupts are v8bench's to handle; the guard lives as long as v8bench.
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
  constexpr int kMaxGroups = 4096;  // running workers at once: far more than any command starts
  static pid_t groups[kMaxGroups];
  int count = 0;
  Record record = 0;
  std::size_t have = 0;
  for (;;) {
    const ssize_t n = read(fd, reinterpret_cast<char*>(&record) + have, sizeof record - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    have += static_cast<std::size_t>(n);
    if (have < sizeof record) continue;
    have = 0;
    if (record > 0 && count < kMaxGroups) {
      groups[count++] = record;
    } else if (record < 0) {
      for (int i = 0; i < count; ++i) {
        if (groups[i] != -record) continue;
        groups[i] = groups[--count];
        break;
      }
    }
  }
  for (int i = 0; i < count; ++i) kill(-groups[i], SIGKILL);
  _exit(0);
}

// Forks the guard, in a process group of its own (the terminal's Ctrl-C goes to v8bench, which stops its
// workers itself), holding no descriptor but its end of the socket (no pipe of v8bench's caller stays open
// for it; close-on-exec keeps v8bench's end from every worker, or the guard would wait on that worker).
// Returns v8bench's end, or -1.
int StartGuard() {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) return -1;
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (ends[1] != 3 && dup2(ends[1], 3) != 3) _exit(1);
    close_range(0, 2, 0);
    close_range(4, ~0U, 0);
    GuardBody(3);
  }
  close(ends[1]);
  if (pid < 0) {
    close(ends[0]);
    return -1;
  }
  return ends[0];
}

void Send(Record record) {
  GuardLink& link = Link();
  std::lock_guard<std::mutex> lock(link.mutex);
  if (!link.tried) {
    link.tried = true;
    link.fd = StartGuard();
  }
  if (link.fd < 0) return;
  // MSG_NOSIGNAL: a guard that died must not take v8bench with it (SIGPIPE).
  if (send(link.fd, &record, sizeof record, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof record)) {
    close(link.fd);
    link.fd = -1;
  }
}

}  // namespace

void GuardGroup(pid_t group) {
  if (group > 0) Send(static_cast<Record>(group));
}

void ReleaseGroup(pid_t group) {
  if (group > 0) Send(-static_cast<Record>(group));
}

}  // namespace v8bench::workers
