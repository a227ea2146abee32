// The harness's fixed figures, declared once: the defaults a worker is handed whatever engine runs it
// (the external runner has none of its own: js/external_runner/ RUN_SETTINGS), and the spreads from
// which the reports note a case (run's caveats after the table, compare's notes). The options' own
// defaults and ranges are declared with the options: runner/run_settings.h for run, driver/settings.h
// (SettingSpecs) for compare and diff.
#pragma once

namespace v8bench {

// The timing defaults, declared once: run's (runner/run_settings.h RunSettings: five repetitions of at
// least 0.5 s after at least 0.2 s of warm-up), and the short ones of `run --quick` and compare's samples
// (RunSettings::Quick, driver/settings.h Settings: many samples of short repetitions; 40 samples see 5%
// in about 20 s a case). Each warm-up also lasts until the code stops changing (measure/method_rules.h).
inline constexpr double kDefaultMinTimeSeconds = 0.5;
inline constexpr double kDefaultWarmupSeconds = 0.2;
inline constexpr double kShortMinTimeSeconds = 0.05;
inline constexpr double kShortWarmupSeconds = 0.02;

// --min-young-gcs: each repetition spans this many of the case's young collections (RunSettings::
// min_young_collections says why), for the embedded engine and, handed over, the external runner.
inline constexpr int kDefaultMinYoungCollections = 20;

// A case one call of which lasts at least --min-time, and at least long_call_floor_seconds, is timed a
// call per repetition, as a file sized for one call per process (Node core's benchmark/ files) was written
// to be run (RunSettings::LongCallSeconds says what changes), and only as many repetitions as fit in
// long_call_repetition_seconds at its pace (measure/method_rules.h LongCallSeconds, LongCallRepetitions):
// a call that fills a repetition on its own gains nothing from a batch, and a warm-up that waits for such
// a call's code to settle lasts minutes. The floor keeps a short --min-time (tests, smoke runs) from
// turning every case into one: below it, the usual warm-up's six settling calls cost at most 1.5 s; five
// calls of 6 s fit the budget, three of 10 s, one of 30 s.
//
// --timeout bounds each of a long-call case's calls (the probe, the warm-up call, each repetition): the
// longest such a case may take, which the process that watches a worker allows it (a worker writes a line
// per case, not per call).
inline constexpr double LongCallCaseSeconds(double timeout_s, int repetitions) { return timeout_s * (2 + repetitions); }

// The default --timeout of a file sized for one call per process (model/suite.h SizedForOneCallPerProcess:
// Node core's benchmark/ files), per call as above: setup, the probe call, the warm-up call and each
// repetition. Why: compare.js runs such a file once per process with no time limit, and their one call
// lasts minutes: the longest seen in Node's own files is 436 s in plain Node on a busy 2-vCPU VM
// (string_decoder/string-decoder.js utf8 inLen 4096 chunkLen 16; results/2026-12-07-node-benchmark-run-table/),
// where the ordinary default of 120 s ended three of them at their probe call; 1800 s is four times that
// call. Ordinary suites keep their short default (a hung case found in minutes); a --timeout given holds.
inline constexpr double kOneCallFileCallTimeoutSeconds = 1800;

// The default limit of a call in a file: `ordinary_s` (the command's default, already scaled for callgrind
// where it is), or for a file sized for one call per process at least kOneCallFileCallTimeoutSeconds.
inline constexpr double DefaultCallTimeout(bool one_call_file, double ordinary_s) {
  return one_call_file && kOneCallFileCallTimeoutSeconds > ordinary_s ? kOneCallFileCallTimeoutSeconds : ordinary_s;
}

// After a case, the callbacks it left on the event loop (a Node core file's timer that calls bench.end()
// again, an async main that rejects after bench.end()) run for at most this long, while any are left, so
// that what would crash a node process fails the case before its result is kept; for the embedded host
// (SuiteHost::Teardown) and, handed over (--left-callbacks), the external runner.
inline constexpr double kLeftCallbacksSeconds = 0.25;

// compare: once a case's warm-up has ended at --max-warmup in a finished sample, the workers of the
// blocks that start afterwards wait at most this long for its code to settle (never less than --warmup,
// never more than --max-warmup), every variant alike. Why: code that did not settle in the whole cap
// will not settle in the next sample either (the same engine, flags and case), so each further sample
// would pay the full cap (10 s by default) for nothing; 2 s still covers the six settling calls of the
// usual warm-up of a case a few hundred ms a call, and the code state of what is timed stays recorded.
inline constexpr double kCappedWarmupSeconds = 2;
inline constexpr double ShortenedWarmupCap(double warmup_s, double max_warmup_s) {
  const double capped = kCappedWarmupSeconds < max_warmup_s ? kCappedWarmupSeconds : max_warmup_s;
  return capped > warmup_s ? capped : warmup_s;
}

// The CV above which a figure is flagged as noisy.
inline constexpr double kHighCv = 0.05;

// Fresh isolates timed apart: the spread of their median main-thread CPU times (max/min - 1) above
// which a case is named after the table (report/case_summary SummariseIsolates).
inline constexpr double kIsolateSpreadNoted = 0.10;

// Work moved between threads: the larger background CPU is more than kThreadShiftNoted times the
// smaller and at least kThreadShareFloor of its own all-thread CPU (measure/metrics.h ThreadsShifted).
inline constexpr double kThreadShiftNoted = 2.0;
inline constexpr double kThreadShareFloor = 0.05;

// Two CPUs timed the same work apart: their medians differ by more than this (max/min - 1;
// measure/metrics.h CpusDiffer).
inline constexpr double kCpuSpreadNoted = 0.10;

// A comparison's variant ran on the CPUs in other proportions than the baseline: some CPU's share of
// its samples differs by at least this much (analysis CpuNote).
inline constexpr double kCpuShareNoted = 0.25;

}  // namespace v8bench
