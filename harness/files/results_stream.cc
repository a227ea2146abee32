#include "harness/files/results_stream.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace v8bench {
namespace {

// Process-wide, like the descriptor it stands for; opened once and flushed by exit().
std::FILE* g_results = nullptr;

}  // namespace

void ReserveStdoutForResults() {
  if (g_results != nullptr) return;
  std::fflush(stdout);
  // Close-on-exec: worker processes (compare) get their own stdout, not this descriptor.
  const int fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0) return;  // no standard output at all: nothing to protect
  std::FILE* results = fdopen(fd, "w");
  if (results == nullptr) {
    close(fd);
    return;
  }
  if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::fclose(results);
    return;
  }
  g_results = results;
}

std::FILE* ResultsStream() { return g_results != nullptr ? g_results : stdout; }

namespace {

// Why an earlier write to `stream` failed, when flushing it now raised no error: a descriptor open for
// reading only (EBADF), a pipe whose reader has gone (it polls as an error: EPIPE), or what one more
// newline fails with (a full device: ENOSPC); else not known.
std::string EarlierFailure(std::FILE* stream) {
  // A closed standard output was opened read-only (cli PrepareStandardDescriptors): writes fail EBADF.
  if (const int flags = fcntl(fileno(stream), F_GETFL); flags >= 0 && (flags & O_ACCMODE) == O_RDONLY) {
    return std::string(std::strerror(EBADF)) + ": standard output is closed";
  }
  pollfd p{fileno(stream), POLLOUT, 0};
  if (poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0) return std::strerror(EPIPE);
  // What was written there is incomplete already: one more newline asks the device why (a full one).
  if (write(fileno(stream), "\n", 1) < 0) return std::strerror(errno);
  return "an earlier write failed";
}

}  // namespace

Status FlushStandardOutput() {
  std::string reason;
  for (std::FILE* stream : {ResultsStream(), stdout}) {
    errno = 0;
    const bool flushed = std::fflush(stream) == 0;
    if ((!flushed || std::ferror(stream) != 0) && reason.empty()) {
      reason = errno != 0 ? std::strerror(errno) : EarlierFailure(stream);
    }
    if (g_results == nullptr) break;  // stdout is the results stream
  }
  if (reason.empty()) return OkStatus();
  return Error::Input("writing to standard output failed (" + reason + "); what was written there is incomplete");
}

}  // namespace v8bench
