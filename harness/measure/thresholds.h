// The harness's fixed figures, declared once: the defaults a worker is handed whatever engine runs it
// (the external runner has none of its own: js/external_runner.mjs RUN_SETTINGS), and the spreads from
// which the reports note a case (run's caveats after the table, compare's notes). The options' own
// defaults and ranges are declared with the options: runner/run_settings.h for run, driver/settings.h
// (SettingSpecs) for compare and diff.
#pragma once

namespace v8bench {

// --min-young-gcs: each repetition spans this many of the case's young collections (RunSettings::
// min_young_collections says why), for the embedded engine and, handed over, the external runner.
inline constexpr int kDefaultMinYoungCollections = 20;

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
