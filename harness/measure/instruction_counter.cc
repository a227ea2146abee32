#include "harness/measure/instruction_counter.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#if V8BENCH_HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#endif

#include "harness/model/text_lines.h"

namespace v8bench {
namespace {

#if V8BENCH_HAVE_CALLGRIND_H
// A process has one callgrind, whose dumps are numbered from 1 in the order they are made:
// DIR/callgrind.PID.N. Counted across every counter this process opens.
int g_dumps = 0;

class CallgrindCounter final : public InstructionCounter {
 public:
  explicit CallgrindCounter(std::string dir) : dir_(std::move(dir)) {}

  // Instrumentation is on only around the batch: the process starts with it off
  // (--instr-atstart=no), and code Valgrind runs uninstrumented runs several times faster than under
  // callgrind's instrumentation (start-up, loading, settle and warm-up are most of a worker's time).
  // Starting it is a no-op where it is on already (a process started without --instr-atstart=no).
  void Start() override {
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;  // on: --collect-atstart=no left it off
  }

  Expected<std::uint64_t> Stop() override {
    CALLGRIND_TOGGLE_COLLECT;  // off
    CALLGRIND_DUMP_STATS_AT("v8bench batch");
    CALLGRIND_STOP_INSTRUMENTATION;
    const int part = ++g_dumps;
    const std::filesystem::path file =
        std::filesystem::path(dir_) / ("callgrind." + std::to_string(getpid()) + "." + std::to_string(part));
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      return Error::Internal("callgrind's dump " + file.string() +
                             " is missing: is this process running under valgrind --tool=callgrind "
                             "--callgrind-out-file=" +
                             dir_ + "/callgrind.%p ?");
    }
    std::stringstream text;
    text << in.rdbuf();
    in.close();
    std::error_code ignored;
    std::filesystem::remove(file, ignored);  // one dump per batch: the directory would fill up
    auto total = CallgrindDumpTotal(text.str());
    if (!total) return Error::Internal("callgrind's dump " + file.string() + " has no totals: line");
    return *total;
  }

  InstructionSource source() const override { return InstructionSource::kCallgrind; }

 private:
  std::string dir_;
};
#endif

Expected<int> OpenHardwareCounter() {
  perf_event_attr attr;
  std::memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  const long fd = syscall(SYS_perf_event_open, &attr, 0 /* this thread */, -1 /* any CPU */, -1, 0);
  if (fd < 0) return Error::Unsupported(std::string("perf_event_open: ") + std::strerror(errno));
  return static_cast<int>(fd);
}

// The CPU's retired-instructions counter of the calling thread (not tested on the development VM,
// which has no virtual PMU).
class HardwareCounter final : public InstructionCounter {
 public:
  explicit HardwareCounter(int fd) : fd_(fd) {}
  ~HardwareCounter() override { close(fd_); }
  HardwareCounter(const HardwareCounter&) = delete;
  HardwareCounter& operator=(const HardwareCounter&) = delete;

  void Start() override {
    ioctl(fd_, PERF_EVENT_IOC_RESET, 0);
    ioctl(fd_, PERF_EVENT_IOC_ENABLE, 0);
  }

  Expected<std::uint64_t> Stop() override {
    ioctl(fd_, PERF_EVENT_IOC_DISABLE, 0);
    std::uint64_t count = 0;
    if (read(fd_, &count, sizeof count) != static_cast<ssize_t>(sizeof count)) {
      return Error::Internal(std::string("reading the instructions counter: ") + std::strerror(errno));
    }
    return count;
  }

  InstructionSource source() const override { return InstructionSource::kHardware; }

 private:
  int fd_;
};

}  // namespace

bool RunningUnderValgrind() {
#if V8BENCH_HAVE_CALLGRIND_H
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

Status HardwareInstructionsAvailable() {
  auto fd = OpenHardwareCounter();
  if (!fd) return fd.error();
  close(fd.value());
  return OkStatus();
}

Expected<std::unique_ptr<InstructionCounter>> OpenInstructionCounter(const std::string& callgrind_dir) {
  if (RunningUnderValgrind()) {
#if V8BENCH_HAVE_CALLGRIND_H
    if (callgrind_dir.empty()) {
      return Error::Usage("counting under callgrind needs --callgrind-dir (the directory of its --callgrind-out-file)");
    }
    return std::unique_ptr<InstructionCounter>(std::make_unique<CallgrindCounter>(callgrind_dir));
#endif
  }
  auto fd = OpenHardwareCounter();
  if (!fd) {
    return Error::Unsupported(
        "cannot count instructions: not running under callgrind, and this machine has no "
        "hardware instructions counter (" +
        fd.error().message + ")");
  }
  return std::unique_ptr<InstructionCounter>(std::make_unique<HardwareCounter>(fd.value()));
}

std::optional<std::uint64_t> CallgrindDumpTotal(std::string_view dump) {
  std::optional<std::uint64_t> summary, totals;
  ForEachLine(dump, [&](std::string_view line) {
    for (std::string_view key : {std::string_view("totals:"), std::string_view("summary:")}) {
      if (!line.starts_with(key)) continue;
      std::uint64_t v = 0;
      std::size_t i = key.size();
      while (i < line.size() && line[i] == ' ') ++i;
      if (i == line.size() || line[i] < '0' || line[i] > '9') continue;
      for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i)
        v = v * 10 + static_cast<std::uint64_t>(line[i] - '0');
      (key == "totals:" ? totals : summary) = v;
    }
    return !totals;  // the first totals: line decides
  });
  return totals ? totals : summary;
}

std::string DescribeInstructionSource(InstructionSource source) {
  switch (source) {
    case InstructionSource::kCallgrind:
      return "callgrind (Valgrind's simulation): Ir while collection was on around each batch";
    case InstructionSource::kHardware:
      return "hardware: PERF_COUNT_HW_INSTRUCTIONS, user space, the measuring thread";
  }
  return "?";
}

}  // namespace v8bench
