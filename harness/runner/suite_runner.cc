#include "harness/runner/suite_runner.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "harness/engine/suite_host.h"
#include "harness/model/suite.h"
#include "harness/runner/case_runner.h"

namespace v8bench {

Expected<std::vector<PlannedCase>> PlanCases(const std::vector<LoadedSuiteFile>& files, const RunSettings& settings) {
  std::optional<CaseFilter> filter;
  if (!settings.filter.empty()) {
    auto parsed = CaseFilter::Parse(settings.filter);
    if (!parsed) return parsed.error();
    filter = std::move(parsed.value());
  }
  std::vector<PlannedCase> plan;
  std::vector<std::string> some;
  for (const auto& f : files) {
    for (const auto& c : f.description.cases) {
      if (some.size() < 5) some.push_back(c.name);
      if (!filter || filter->Matches(c.name)) plan.push_back({&f, c});
    }
  }
  // No case at all and no filter: every file's benches were left out on purpose (LoadSuites said so), a run
  // of nothing that succeeds, as `deno bench` does for such a file.
  if (plan.empty() && (filter || !some.empty())) {
    std::string names;
    for (const auto& n : some) names += "\n  " + n;
    return Error::Input("--filter '" + settings.filter + "' matches no case; cases look like:" + names +
                        "\n(`v8bench list` shows them all; a parameter's value is matched whole)");
  }
  return plan;
}

namespace {

CaseStatus StatusOfOpenError(const Error& e) {
  return e.kind == Error::Kind::kUnsupported   ? CaseStatus::kUnsupported
         : e.kind == Error::Kind::kTimeout     ? CaseStatus::kTimedOut
         : e.kind == Error::Kind::kOutOfMemory ? CaseStatus::kOutOfMemory
                                               : CaseStatus::kFailed;
}

// A case whose host could not be opened (its file's top level threw, timed out, ...).
CaseResult OpenFailed(const PlannedCase& pc, const Error& e) {
  CaseResult result;
  result.file = pc.file->path;
  result.info = pc.info;
  result.status = StatusOfOpenError(e);
  result.error = e.message;
  return result;
}

using SharedHosts = std::map<std::pair<const LoadedSuiteFile*, RealmKind>, std::unique_ptr<SuiteHost>>;

// One pass of a case in one host: the shared one (share_realm), else a fresh one (a new isolate, or a
// Node environment with its own isolate) that dies with the pass.
CaseResult RunInHost(V8Process& process, const PlannedCase& pc, const RunSettings& settings, SharedHosts& shared) {
  const auto key = std::make_pair(pc.file, pc.info.realm);
  std::unique_ptr<SuiteHost> fresh;
  SuiteHost* host = nullptr;
  if (settings.share_realm && shared.count(key) != 0) {
    host = shared[key].get();
  } else {
    auto opened =
        SuiteHost::Open(process, pc.info.realm, pc.file->path, pc.file->source, settings.params, settings.timeout_s);
    if (!opened) return OpenFailed(pc, opened.error());
    host = opened.value().get();
    if (settings.share_realm) {
      shared[key] = std::move(opened.value());
    } else {
      fresh = std::move(opened.value());
    }
  }
  CaseResult result = RunCase(*host, pc.file->path, pc.info, settings);
  // A terminated or exhausted realm is not reused.
  if (settings.share_realm && result.status != CaseStatus::kOk && result.status != CaseStatus::kUnsupported) {
    shared.erase(key);
  }
  return result;
}

// `part`, another pass of the case `joined` holds, added to it: its samples, and the worst of its
// warm-up and status (a failed pass ends the case with its status).
void JoinPass(CaseResult& joined, CaseResult&& part) {
  if (part.status != CaseStatus::kOk) {
    if (joined.status == CaseStatus::kOk) {
      joined.status = part.status;
      joined.error = part.error;
    }
    return;
  }
  joined.samples.insert(joined.samples.end(), std::make_move_iterator(part.samples.begin()),
                        std::make_move_iterator(part.samples.end()));
  joined.warmup_s = std::max(joined.warmup_s, part.warmup_s);
  joined.warmup_capped = joined.warmup_capped || part.warmup_capped;
  joined.long_calls = joined.long_calls || part.long_calls;
  joined.reruns += part.reruns;
  joined.repetition_s = std::max(joined.repetition_s, part.repetition_s);
  joined.young_generation_bytes = part.young_generation_bytes;
}

// The case in RunSettings::IsolateCount() fresh isolates, each warmed up on its own, the repetitions
// dealt out over them; the samples are joined (each says its isolate). The native floor is measured
// in the first only. The first isolate that does not finish ends the case with its status.
CaseResult RunInIsolates(V8Process& process, const PlannedCase& pc, const RunSettings& settings, SharedHosts& shared) {
  CaseResult joined;
  const int isolates = settings.IsolateCount();
  for (int k = 0; k < isolates; ++k) {
    RunSettings part = settings;
    part.repetitions = settings.RepetitionsOfIsolate(k);
    part.native_floors = settings.native_floors && k == 0;
    CaseResult result = RunInHost(process, pc, part, shared);
    for (Sample& s : result.samples) s.isolate = k;
    if (k == 0) {
      joined = std::move(result);
    } else {
      JoinPass(joined, std::move(result));
    }
    if (joined.status != CaseStatus::kOk) break;
  }
  return joined;
}

// RunSettings::alternate: the cases of `group` (one bench under several values of the alternated
// parameters), each prepared RunSettings::copies times, in one fresh host, then settled, warmed up
// together and timed a turn at a time in rounds (RunSettings::turns). One host, so one isolate: isolates
// of one process run the same code at speeds up to 25% apart for their whole life (docs/paired.md,
// "Variants in one worker"), cases in one isolate alike. A case's copies come back joined (JoinPass); the
// native floor is measured in its first copy only. A case that fails leaves the others to go on where
// the isolate still runs.
std::vector<CaseResult> RunAlternating(V8Process& process, const std::vector<const PlannedCase*>& group,
                                       const RunSettings& settings) {
  const std::size_t n = group.size();
  const auto copies = static_cast<std::size_t>(settings.CopiesPerCase());
  const PlannedCase& first = *group.front();  // every case of a group has its file and realm
  auto opened = SuiteHost::Open(process, first.info.realm, first.file->path, first.file->source, settings.params,
                                settings.timeout_s);
  std::vector<CaseResult> results;
  if (!opened) {
    for (const PlannedCase* pc : group) results.push_back(OpenFailed(*pc, opened.error()));
    return results;
  }
  SuiteHost& host = *opened.value();
  RunSettings later_copies = settings;
  later_copies.native_floors = false;
  // Session c * n + j is copy c of case (alternate_offset + j) mod n: the offset orders the setups, the
  // warm-ups and every round alike, so that a block of compare that starts with one variant has its
  // next block start with the next (whatever the order favours, each variant gets it as often).
  const auto offset = static_cast<std::size_t>(settings.alternate_offset);
  std::vector<std::unique_ptr<CaseSession>> sessions;
  for (std::size_t c = 0; c < copies; ++c) {
    for (std::size_t j = 0; j < n; ++j) {
      const PlannedCase& pc = *group[(offset + j) % n];
      sessions.push_back(std::make_unique<CaseSession>(host, pc.file->path, pc.info, c == 0 ? settings : later_copies));
    }
  }
  // --timeout is per case: each setup had its own (CaseSession); the warm-ups and rounds, which every copy of
  // every case shares, have it once for each of them.
  const SuiteHost::Deadline shared(host, settings.timeout_s * static_cast<double>(sessions.size()));
  // Every case settled after every setup (CaseSession says why), then the warm-ups a batch each in turn,
  // so that their quiet windows pass together: a block of a compare costs one window, not one per case.
  for (auto& session : sessions) session->StartWarmUp();
  for (bool warming = true; warming;) {
    warming = false;
    for (auto& session : sessions) warming = !session->WarmUpStep() || warming;
  }
  const std::size_t count = sessions.size();
  for (int round = 0; round < settings.repetitions * settings.RoundsPerRepetition(); ++round) {
    for (std::size_t k = 0; k < count; ++k) sessions[(static_cast<std::size_t>(round) + k) % count]->Time(1);
  }
  std::vector<CaseResult> finished;
  for (auto& session : sessions) finished.push_back(session->Finish());
  results.resize(n);
  for (std::size_t j = 0; j < n; ++j) {
    CaseResult& joined = results[(offset + j) % n];  // in plan order again
    joined = std::move(finished[j]);
    for (std::size_t c = 1; c < copies; ++c) JoinPass(joined, std::move(finished[c * n + j]));
  }
  return results;
}

// The plan's cases as they run, in plan order: each alone, or (RunSettings::alternate) with the cases of
// its file whose names differ only in the alternated parameters, which RunAlternating times in turns.
std::vector<std::vector<std::size_t>> TurnGroups(const std::vector<PlannedCase>& plan,
                                                 const std::vector<std::string>& alternate) {
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::pair<const LoadedSuiteFile*, std::string>, std::size_t> group_of;  // (file, CaseKey) -> group
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (alternate.empty()) {
      groups.push_back({i});
      continue;
    }
    const auto [at, added] = group_of.emplace(std::pair{plan[i].file, CaseKey(plan[i].info, alternate)}, groups.size());
    if (added) groups.emplace_back();
    groups[at->second].push_back(i);
  }
  return groups;
}

}  // namespace

RunSummary RunPlan(V8Process& process, const std::vector<PlannedCase>& plan, const RunSettings& settings,
                   ResultSink& sink, const ProgressFn& progress) {
  RunSummary summary;
  SharedHosts shared;  // with share_realm, one host per (file, realm) for the whole run
  for (const std::vector<std::size_t>& group : TurnGroups(plan, settings.alternate)) {
    std::vector<const PlannedCase*> cases;
    for (std::size_t j : group) {
      if (progress) progress(j + 1, plan.size(), plan[j].info);
      cases.push_back(&plan[j]);
    }
    // Every case of a group is of one file: its --timeout is that file's (RunSettings::TimeoutFor).
    RunSettings own = settings;
    own.timeout_s = settings.TimeoutFor(SizedForOneCallPerProcess(cases.front()->file->source));
    std::vector<CaseResult> results;
    if (cases.size() == 1) {
      results.push_back(RunInIsolates(process, *cases.front(), own, shared));
    } else {
      results = RunAlternating(process, cases, own);
    }
    for (CaseResult& result : results) {
      result.trig_path = process.trig().path;
      if (result.status == CaseStatus::kOk) {
        ++summary.ok;
      } else if (result.status == CaseStatus::kUnsupported) {
        ++summary.unsupported;
      } else {
        ++summary.failed;
      }
      sink.CaseDone(result);
    }
  }
  return summary;
}

void ServePlan(V8Process& process, const std::vector<PlannedCase>& plan, const RunSettings& settings, ResultSink& sink,
               const ProgressFn& progress, const std::function<bool()>& next_sample,
               const std::function<void()>& sample_done) {
  RunSettings served = settings;
  served.native_floors = false;  // a floor is a report's figure, not a comparison's
  std::vector<std::unique_ptr<SuiteHost>> hosts(plan.size());
  std::vector<std::unique_ptr<CaseSession>> sessions(plan.size());
  std::vector<std::optional<CaseResult>> unopened(plan.size());  // a case whose host did not open
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const PlannedCase& pc = plan[i];
    RunSettings own = served;
    own.timeout_s = served.TimeoutFor(SizedForOneCallPerProcess(pc.file->source));
    auto opened = SuiteHost::Open(process, pc.info.realm, pc.file->path, pc.file->source, own.params, own.timeout_s);
    if (!opened) {
      unopened[i] = OpenFailed(pc, opened.error());
      continue;
    }
    hosts[i] = std::move(opened.value());
    sessions[i] = std::make_unique<CaseSession>(*hosts[i], pc.file->path, pc.info, own);
    sessions[i]->WarmUp();
    sessions[i]->PauseDeadline();
  }
  while (next_sample()) {
    for (std::size_t i = 0; i < plan.size(); ++i) {
      if (progress) progress(i + 1, plan.size(), plan[i].info);
      CaseResult result = unopened[i] ? *unopened[i] : CaseResult();
      if (sessions[i]) {
        result = sessions[i]->TimeSample(served.repetitions);
      }
      result.trig_path = process.trig().path;
      sink.CaseDone(result);
    }
    sample_done();
  }
}

}  // namespace v8bench
