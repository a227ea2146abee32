#include "harness/report/results_stream.h"

#include <fcntl.h>
#include <unistd.h>

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

}  // namespace v8bench
