// Runs one case through Google Benchmark: each case is a registered benchmark whose iterations are
// batched inside JS (one host->JS call per batch), with warm-up and repetitions; every repetition
// becomes a Sample of per-iteration counters.
#pragma once

#include <memory>
#include <string>

#include "harness/engine/suite_host.h"
#include "harness/model/result.h"
#include "harness/runner/run_settings.h"

namespace v8bench {

// One case in its host, in steps, so that other cases prepared in the same host can take turns with it
// (RunSettings::alternate): the constructor prepares the case (its setup, probe and self-check);
// WarmUp() settles and warms it up; Time() times repetitions; Finish() re-runs the repetitions whose
// code changed, measures the native floor and tears the case down. Cases sharing a host are all
// prepared before any is warmed up: a later case's setup can change the shapes of objects the earlier
// ones' code was compiled for (a field turning from small integers to doubles deoptimises it).
// REQUIRES: `host` has the case's file loaded, in the case's realm, and outlives the session. Never
// throws; a failing case comes back from Finish() with its status and error text.
class CaseSession {
 public:
  CaseSession(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings);
  ~CaseSession();
  CaseSession(const CaseSession&) = delete;
  CaseSession& operator=(const CaseSession&) = delete;
  void WarmUp();
  // WarmUp() in steps, for cases warming up in turns: StartWarmUp() settles the case, then each
  // WarmUpStep() runs one warm-up batch and says whether the warm-up has ended (or failed).
  void StartWarmUp();
  bool WarmUpStep();
  // Whether the case is still timed (it warmed up and no batch has failed).
  bool ok() const;
  // `count` more repetitions (nothing once the case has failed).
  void Time(int count);
  // `count` more repetitions as a result of their own (those whose code changed re-run as Finish does),
  // the case left prepared and warmed up for more: a long-lived worker's sample (ServePlan). Each sample
  // has --timeout of its own, and no deadline runs between samples (the case waits, idle). A case that
  // failed comes back with its status, again at every call.
  CaseResult TimeSample(int count);
  // No deadline until the next TimeSample: a long-lived worker's case waits, warmed up, while the others
  // warm up (each warm-up has --timeout of its own).
  void PauseDeadline();
  // Call once, last.
  CaseResult Finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// A CaseSession timed for settings.repetitions.
CaseResult RunCase(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings);

}  // namespace v8bench
