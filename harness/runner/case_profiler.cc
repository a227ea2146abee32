#include "harness/runner/case_profiler.h"

#include <fmt/format.h>

#include <algorithm>

#include "harness/engine/cpu_profile.h"
#include "harness/engine/suite_host.h"
#include "harness/engine/v8_process.h"
#include "harness/runner/suite_loader.h"

namespace v8bench {
namespace {

constexpr const char* kInterpretedFramesFlag = "--interpreted-frames-native-stack";

std::string CaseList(const SuiteFile& file) {
  constexpr std::size_t kMax = 60;
  std::string out;
  for (std::size_t i = 0; i < file.cases.size() && i < kMax; ++i) out += "\n  " + file.cases[i].name;
  if (file.cases.size() > kMax) {
    out += fmt::format("\n  ... and {} more (`v8bench list {}` shows them all)", file.cases.size() - kMax, file.path);
  }
  return out;
}

Expected<const CaseInfo*> FindCase(const LoadedSuiteFile& file, const std::optional<std::string>& name, bool quick) {
  if (!name) {
    return Error::Usage("give the case to profile with --case NAME; " + file.path +
                        " has:" + CaseList(file.description));
  }
  for (const auto& c : file.description.cases) {
    if (c.name == *name) return &c;
  }
  return Error::Usage("--case '" + *name + "': no such case in " + file.path + (quick ? " (with --quick)" : "") +
                      "; its cases are:" + CaseList(file.description));
}

// Starts V8 with the request's flags; an engine without --interpreted-frames-native-stack still
// gets the perf map, only without interpreted frames (`interpreted_frames` says which).
Expected<std::unique_ptr<V8Process>> StartV8(EngineOptions& engine, bool perf, bool& interpreted_frames) {
  auto process = V8Process::Start(engine);
  interpreted_frames = perf;
  if (!process && perf && process.error().message.find(kInterpretedFramesFlag) != std::string::npos) {
    auto& flags = engine.v8_flags;
    flags.erase(std::find(flags.begin(), flags.end(), std::string(kInterpretedFramesFlag)));
    interpreted_frames = false;
    process = V8Process::Start(engine);
  }
  return process;
}

}  // namespace

std::vector<std::string> ProfilerV8Flags(bool inlining, bool perf) {
  std::vector<std::string> flags;
  if (!inlining) flags.emplace_back("--no-turbo-inlining");
  if (perf) {
    flags.emplace_back("--perf-basic-prof");
    flags.emplace_back(kInterpretedFramesFlag);
  }
  return flags;
}

Expected<CaseProfile> ProfileCaseInProcess(CaseProfileRequest r, const std::function<void(const CaseInfo&)>& on_start) {
  const std::vector<std::string> ours = ProfilerV8Flags(r.inlining, r.perf);
  r.engine.v8_flags.insert(r.engine.v8_flags.begin(), ours.begin(), ours.end());
  CaseProfile out;
  auto process = StartV8(r.engine, r.perf, out.interpreted_frames);
  if (!process) return process.error();
  auto files = LoadSuitesWithParams(*process.value(), {r.suite_path}, r.options.quick, r.params, r.options.timeout_s);
  if (!files) return files.error();
  const LoadedSuiteFile& file = files.value().front();
  auto info = FindCase(file, r.case_name, r.options.quick);
  if (!info) return info.error();
  out.info = *info.value();
  r.options.case_index = out.info.index;
  auto host = SuiteHost::Open(*process.value(), out.info.realm, file.path, file.source, r.params, r.options.timeout_s);
  if (!host) return host.error();
  if (on_start) on_start(out.info);
  auto profile = ProfileCase(*host.value(), r.options);
  if (!profile) return profile.error();
  out.data = std::move(profile.value());
  const EngineFacts& facts = process.value()->facts();
  out.v8_flags = facts.flags;
  out.engine =
      fmt::format("V8 {}{}", facts.v8_version, facts.node_version.empty() ? "" : " (Node " + facts.node_version + ")");
  return out;
}

}  // namespace v8bench
