#include "harness/runner/suite_runner.h"

#include <map>
#include <regex>

#include "harness/engine/suite_host.h"
#include "harness/runner/case_runner.h"

namespace v8bench {

Expected<std::vector<PlannedCase>> PlanCases(const std::vector<LoadedSuiteFile>& files, const RunSettings& settings) {
  std::optional<std::regex> filter;
  if (!settings.filter.empty()) {
    try {
      filter.emplace(settings.filter, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      return Error::Usage("--filter: '" + settings.filter + "' is not a valid regular expression (" + e.what() + ")");
    }
  }
  std::vector<PlannedCase> plan;
  std::vector<std::string> some;
  for (const auto& f : files) {
    for (const auto& c : f.description.cases) {
      if (some.size() < 5) some.push_back(c.name);
      if (!filter || std::regex_search(c.name, *filter)) plan.push_back({&f, c});
    }
  }
  if (plan.empty()) {
    std::string names;
    for (const auto& n : some) names += "\n  " + n;
    return Error::Input("--filter '" + settings.filter + "' matches no case; cases look like:" + names +
                        "\n(`v8bench list` shows them all)");
  }
  return plan;
}

RunSummary RunPlan(V8Process& process, const std::vector<PlannedCase>& plan, const RunSettings& settings,
                   ResultSink& sink, const ProgressFn& progress) {
  RunSummary summary;
  // With share_realm, one host per (file, realm) for the whole run.
  std::map<std::pair<const LoadedSuiteFile*, RealmKind>, std::unique_ptr<SuiteHost>> shared;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const PlannedCase& pc = plan[i];
    if (progress) progress(i + 1, plan.size(), pc.info);
    std::unique_ptr<SuiteHost> fresh;
    SuiteHost* host = nullptr;
    Error open_error;
    auto key = std::make_pair(pc.file, pc.info.realm);
    if (settings.share_realm && shared.count(key) != 0) {
      host = shared[key].get();
    } else {
      auto opened =
          SuiteHost::Open(process, pc.info.realm, pc.file->path, pc.file->source, settings.params, settings.timeout_s);
      if (opened) {
        host = opened.value().get();
        if (settings.share_realm) {
          shared[key] = std::move(opened.value());
        } else {
          fresh = std::move(opened.value());
        }
      } else {
        open_error = opened.error();
      }
    }
    CaseResult result;
    if (host == nullptr) {
      result.file = pc.file->path;
      result.info = pc.info;
      result.status = open_error.kind == Error::Kind::kUnsupported   ? CaseStatus::kUnsupported
                      : open_error.kind == Error::Kind::kTimeout     ? CaseStatus::kTimedOut
                      : open_error.kind == Error::Kind::kOutOfMemory ? CaseStatus::kOutOfMemory
                                                                     : CaseStatus::kFailed;
      result.error = open_error.message;
    } else {
      result = RunCase(*host, pc.file->path, pc.info, settings);
    }
    result.trig_path = process.trig().path;
    if (result.status == CaseStatus::kOk) {
      ++summary.ok;
    } else if (result.status == CaseStatus::kUnsupported) {
      ++summary.unsupported;
    } else {
      ++summary.failed;
      // A terminated or exhausted realm is not reused.
      if (settings.share_realm) shared.erase(key);
    }
    sink.CaseDone(result);
  }
  return summary;
}

}  // namespace v8bench
