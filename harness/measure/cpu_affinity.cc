#include "harness/measure/cpu_affinity.h"

#include <fmt/format.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

namespace v8bench {
namespace {

// "0-1,4" -> {0, 1, 4}; what cannot be read is skipped.
std::vector<int> ParseCpuList(const std::string& text) {
  std::vector<int> cpus;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(',', pos);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(pos, end - pos);
    int lo = 0, hi = 0;
    if (std::sscanf(part.c_str(), "%d-%d", &lo, &hi) == 2 && lo <= hi) {
      for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    } else if (std::sscanf(part.c_str(), "%d", &lo) == 1) {
      cpus.push_back(lo);
    }
    pos = end + 1;
  }
  return cpus;
}

// The CPUs thread `tid` of this process may run on, from its status file; empty if it is gone.
std::vector<int> ThreadCpus(const std::string& tid) {
  std::ifstream status("/proc/self/task/" + tid + "/status");
  for (std::string line; std::getline(status, line);) {
    constexpr std::string_view kKey = "Cpus_allowed_list:";
    if (line.rfind(kKey, 0) == 0) return ParseCpuList(line.substr(kKey.size()));
  }
  return {};
}

}  // namespace

std::vector<int> AllowedCpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c) {
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  }
  return cpus;
}

std::string CpuListText(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += j > i ? fmt::format("{}-{}", cpus[i], cpus[j]) : fmt::format("{}", cpus[i]);
    i = j + 1;
  }
  return out;
}

Status CheckAllowedCpu(int cpu) {
  const std::vector<int> allowed = AllowedCpus();
  if (std::find(allowed.begin(), allowed.end(), cpu) != allowed.end()) return OkStatus();
  return Error::Usage(fmt::format(
      "--main-cpu {}: this process may run on CPU{} {} only (`taskset -p $$` shows a shell's); give one of those", cpu,
      allowed.size() == 1 ? "" : "s", CpuListText(allowed)));
}

Expected<PinnedThread> PinCallingThread(int cpu) {
  if (auto allowed = CheckAllowedCpu(cpu); !allowed) return allowed.error();
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  // sched_setaffinity(0, ...) sets the calling thread's mask, not the process's.
  if (sched_setaffinity(0, sizeof(set), &set) != 0) {
    return Error::Internal(fmt::format("--main-cpu {}: sched_setaffinity failed: {}", cpu, std::strerror(errno)));
  }
  PinnedThread pinned;
  pinned.cpu = cpu;
  const std::string self = std::to_string(static_cast<long>(syscall(SYS_gettid)));
  std::optional<std::set<int>> every;  // the CPUs every other thread may run on
  std::error_code ec;                  // a thread may end while the directory is read: what is gone is skipped
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    const std::string tid = entry.path().filename().string();
    if (tid == self) continue;
    const std::vector<int> cpus = ThreadCpus(tid);
    if (cpus.empty()) continue;
    std::set<int> common;
    for (int c : cpus) {
      if (!every || every->count(c) != 0) common.insert(c);
    }
    every = std::move(common);
  }
  if (every) pinned.other_threads_cpus.assign(every->begin(), every->end());
  return pinned;
}

}  // namespace v8bench
