#include "harness/workers/worker_stdin.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <optional>

namespace v8bench::workers {

namespace {

// stdin becomes /dev/null, so no suite reads what the driver wrote there.
void StdinFromNull() {
  if (const int null = open("/dev/null", O_RDONLY); null >= 0) {
    dup2(null, STDIN_FILENO);
    if (null != STDIN_FILENO) close(null);
  }
}

// A line from `fd` (without its newline), read a byte at a time so nothing after it is consumed; nullopt at
// end of file or an error before a newline.
std::optional<std::string> ReadLine(int fd) {
  std::string line;
  char c = 0;
  while (line.size() < 256) {
    const ssize_t n = read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    if (c == '\n') return line;
    line += c;
  }
  return std::nullopt;
}

}  // namespace

Expected<std::string> ReadSeal(bool serving) {
  std::string key;
  if (serving) {
    key = ReadLine(STDIN_FILENO).value_or("");
  } else {
    char buf[128];
    ssize_t n;
    while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0 && key.size() < 256)
      key.append(buf, static_cast<std::size_t>(n));
    StdinFromNull();
  }
  if (key.size() < 16 || key.size() > 64 || key.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return Error::Usage("--sealed: stdin holds no key (16 to 64 hex digits); it is for the supervising `run`");
  }
  return key;
}

Expected<int> TakeCommandChannel() {
  const int fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0)
    return Error::Usage("--serve: stdin is not open; it carries the driver's commands (`compare --long-lived`)");
  StdinFromNull();
  return fd;
}

bool AskedForSample(int commands) {
  const std::optional<std::string> line = ReadLine(commands);
  if (!line) return false;
  if (*line == kSampleCommand) return true;
  std::fprintf(stderr, "v8bench: --serve: unknown command '%s' on stdin (expected '%s'); ending\n", line->c_str(),
               kSampleCommand);
  return false;
}

}  // namespace v8bench::workers
