#include "harness/runner/run_context.h"

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "harness/measure/c_heap.h"

namespace v8bench {

std::string NowText() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char date[64];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", std::localtime(&now));
  return date;
}

std::string SelfExecutable() {
  char exe[4096] = {0};
  if (readlink("/proc/self/exe", exe, sizeof exe - 1) > 0) return exe;
  return "v8bench";
}

std::string PathForResults(const std::string& path) {
  const std::filesystem::path p(path);
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  if (ec || !p.is_absolute()) return path;
  const std::filesystem::path relative = p.lexically_normal().lexically_relative(cwd);
  if (relative.empty() || *relative.begin() == "..") return path;
  return relative.string();
}

std::string HostName() {
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  return host;
}

void FillMachineFacts(RunContext& c) {
  c.date = NowText();
  c.host_name = HostName();
  const auto& cpu = benchmark::CPUInfo::Get();
  c.num_cpus = cpu.num_cpus;
  c.mhz_per_cpu = cpu.cycles_per_second / 1e6;
  c.cpu_scaling_enabled = cpu.scaling == benchmark::CPUInfo::ENABLED;
  c.load_avg = cpu.load_avg;
  c.malloc_policy = MallocPolicy();
#ifdef NDEBUG
  c.build_type = "release";
#else
  c.build_type = "debug";
#endif
}

void FillRunSettings(RunContext& c, const RunSettings& settings) {
  c.quick = settings.quick;
  c.repetitions = settings.repetitions;
  c.isolates = settings.IsolateCount();
  c.min_time_s = settings.min_time_s;
}

RunContext MakeRunContext(V8Process& process, const EngineOptions& options) {
  RunContext c;
  FillMachineFacts(c);
  c.executable = PathForResults(SelfExecutable());
  c.v8_version = process.facts().v8_version;
  c.node_version = process.facts().node_version;
  c.v8_flags = fmt::format("{}", fmt::join(ComposeV8Flags(options), " "));
  c.semi_space_mb = options.semi_space_mb;
  c.young_generation_bytes = process.InitialYoungGenerationBytes();
  c.trig_path = process.trig().path;
  c.trig_mismatch_fraction = process.trig().mismatch_fraction;
  return c;
}

RunContext MakeRunContext(V8Process& process, const EngineOptions& options, const RunSettings& settings) {
  RunContext c = MakeRunContext(process, options);
  FillRunSettings(c, settings);
  return c;
}

}  // namespace v8bench
