// Runs a comparison: starts workers in the schedule's order (at most settings.jobs at once), records
// each as a RunRecord, continues a crashed or hung worker's sample with the cases it did not reach, and
// stops after the fixed runs or, adaptively, at the CI target, the time limit or the run cap.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "harness/driver/comparison.h"
#include "harness/model/expected.h"
#include "harness/stats/rng.h"
#include "harness/workers/instruction_count.h"
#include "harness/workers/launcher.h"

namespace v8bench::driver {

// The order variants are sampled in: blocks of one sample per variant, so drift hits every variant alike;
// balanced in rounds (a random order and its cyclic shifts) so a position effect inside blocks does too
// (docs/verdicts.md, "Balanced order"). The same seed gives the same order.
class Schedule {
 public:
  // `done`: for a resumed comparison, the samples each variant has, skipped so the order goes on as before.
  Schedule(std::size_t variants, std::uint64_t seed, std::vector<int> done = {});
  // The variant of the next sample.
  std::size_t Next();

 private:
  std::size_t variants_;
  stats::Rng rng_;
  std::vector<std::size_t> order_;   // the round's random order
  std::vector<std::size_t> shifts_;  // the round's cyclic shifts of order_, in the sequence they run
  std::size_t round_pos_ = 0;        // the next sample's index in the round (variants^2 per round)
  std::vector<int> skip_;
};

// compare --long-lived K: the long-lived worker, 0..K-1 of its variant's, that takes the variant's sample of
// block `block`: they take the blocks in turn, so each has every K-th block and no two neighbouring blocks.
std::size_t LongLivedWorkerOf(int block, int workers_per_variant);

// Whether the variants can take turns in one worker (Alternation): --alternate > 0, and they run one engine
// (this v8bench) with the same V8 flags and knobs, differing in --param values only. The rest of the
// check (the cases' names and values) needs the workers' plans (Driver::PlanAlternation).
bool VariantsMayTakeTurns(const std::vector<VariantState>& variants, const CompareSettings& settings);

// Whether a variant's engine takes a fresh worker per sample (workers::ServesSamples): its kind by its
// --version; one that cannot be recognised counts as such (Driver::PrepareEngines then says why).
bool SomeEngineTakesFreshWorkers(const std::vector<VariantState>& variants);

// A fresh seed from the clock and the process id, for when the user gives none.
std::uint64_t RandomSeed();

struct Progress {
  std::size_t done = 0;   // samples finished (this session and before)
  std::size_t total = 0;  // planned; in adaptive mode the current estimate
  double elapsed_s = 0;
  double eta_s = -1;      // unknown when negative
  std::string last;       // "slow #4: ok (0.42 s)"
  std::string note;       // adaptive: "widest CI ±3.1% (target ±2.0%)"
  std::string running;    // the samples running now: "base #5, slow #5"
  bool finished = false;  // a sample just finished (otherwise one just started)
};

// The adaptive stopping rule's measure: the widest relative half-width of the verdicts' intervals (nullopt:
// none yet), the analysis's own (analysis/analysis.h StoppingInterval), so the interval that stops is the one reported.
using StoppingMeasure = std::function<std::optional<double>(const CompareState&)>;

// The sequential rule's check (the default mode; analysis/analysis.h SequentialStopping): whether every
// comparison is decided or within its equivalence bound, and where it stands, for the progress line.
struct SequentialCheck {
  bool stop = false;
  std::string note;  // "sequential: 1 of 2 decided, 0 within ±5%"
};
using SequentialRule = std::function<SequentialCheck(const CompareState&)>;

class Driver {
 public:
  // `self` is the executable for variants without an engine of their own.
  Driver(CompareState& state, workers::Launcher& launcher, std::string self);

  // Adaptive mode (settings.runs == 0) stops once `measure` is at most settings.target_ci; without a
  // measure it samples until --max-time or --max-runs.
  void StopWhen(StoppingMeasure measure) { stopping_measure_ = std::move(measure); }
  // Sequential mode (settings.runs == 0, no target_ci) stops once `rule` says so, or at --max-runs;
  // without a rule it samples to --max-runs.
  void StopSequentiallyWhen(SequentialRule rule) { sequential_rule_ = std::move(rule); }

  void OnProgress(std::function<void(const Progress&)> fn) { progress_ = std::move(fn); }
  // Called after every finished sample (to save the state).
  void OnSample(std::function<void(const CompareState&)> fn) { on_sample_ = std::move(fn); }
  // Gives `seal` (workers::NewSeal) to every worker that takes one (not workerd, which has no stdin, nor
  // another v8bench build, which may predate --sealed) and reads only lines carrying it, so a suite writing
  // to the results descriptor cannot forge a sample's results. Default: unsealed (the tests' fake launchers).
  void SealWorkers(std::string seal) { seal_ = std::move(seal); }

  // Samples until the stopping rule holds. Fails (exit 2) only when a variant's worker rejects its flags or
  // the suites before running any case.
  Status Run();

  // The stopping measure, or nullopt without one or while a variant has fewer than min_runs samples.
  std::optional<double> WidestCi(const CompareState& state) const;

 private:
  // workers::PrepareWorkerEngine for each variant (and the instruction counting for that metric).
  Status PrepareEngines();
  struct Slot {
    std::vector<RunRecord> records;    // the samples its workers take: one variant's, or a block's (Alternation)
    std::vector<std::string> planned;  // names, from the first worker's context line
    std::vector<std::string> reached;  // names started so far over all processes of this sample
  };
  // settings.alternate: variants that differ only in the parameters they set take a block's turns in one
  // worker (`run --alternate`), cases under every variant's values timed a turn at a time in one isolate
  // (docs/paired.md, "Variants in one worker").
  struct Alternation {
    std::map<std::string, int> variant_of;  // a case name -> the variant whose case it is
    Variant worker;                         // the variants' engine and flags, every variant's --param values
    std::string filter;                     // exactly the variants' cases
  };
  // Sets alternation_ where the variants allow it (the same engine, V8 flags and knobs; case names that
  // tell the variants apart), from each variant's cases (ListCases).
  Status PlanAlternation();
  // The record in `slot` that a case of this name belongs to.
  RunRecord& RecordOf(Slot& slot, const std::string& case_name);
  // compare --shard: fills state_.shard's case lists (a resumed shard's must match) and filters_.
  Status PlanShard();
  // The cases each variant's worker would run (--plan-only); empty after an interrupt.
  Expected<std::vector<std::vector<CaseInfo>>> ListCases();
  // A worker of `variant` over the cases `filter` matches (a fresh process id).
  // warmup_cap_s > 0: the workers' --max-warmup instead of the settings' (BlockWarmupCap).
  // serve: a long-lived worker (`run --serve`).
  workers::LaunchRequest WorkerRequest(const Variant& variant, const std::string& filter, bool plan_only,
                                       double warmup_cap_s = 0, bool serve = false);
  // The timeout of a worker's sample (or, for a long-call case, of each of its calls).
  double WorkerRequestTimeout() const;
  // The --max-warmup of block `block`'s workers, decided once per block (0: the settings'): shortened
  // (ShortenedWarmupCap) when every case of the comparison has hit the cap in a finished sample of an
  // earlier block; a block already begun (this session, or before a --resume) keeps its cap.
  double BlockWarmupCap(int block);
  // Whether block `block`'s samples are asked of long-lived workers (settings.long_lived > 0): not from the
  // block on which, for every case, most of the worker processes of the earlier blocks ended its warm-up at
  // the cap with the code still changing. Why: a long-lived worker's later samples would then time code that V8 is
  // still changing (left out of the verdict with their blocks), and what it saves, a warm-up per sample, is the
  // shortened cap only (BlockWarmupCap); fresh workers keep every block independent, so a large change is decided at
  // the first look. Most, not one: a case whose code settles in all but an odd process (a Node core case on
  // Node 26, 1 warm-up of 20 at its cap) would otherwise pay a fresh worker for every block after it.
  bool LongLivedServes(int block);
  void Launch(std::uint64_t slot_id, const std::string& filter);
  // An error that must stop the comparison, or OkStatus; a sample is complete unless ContinueAfterDeath
  // (true) has a new worker continue it.
  Status Finish(const workers::LaunchResult& result);
  Status AdoptContext(const workers::LaunchResult& result, const workers::WorkerOutput& out, Slot& slot);
  Status RecordCases(const workers::WorkerOutput& out, Slot& slot);
  bool ContinueAfterDeath(const workers::LaunchResult& result, const workers::WorkerOutput& out, std::uint64_t slot_id);
  void NoteCaseKey(const std::string& key);
  bool StopStarting() const;
  void Report(const std::string& last, bool finished);
  // The seal `v`'s workers carry (empty: unsealed).
  std::string SealOf(const Variant& v) const;
  // A worker's output as the harness wrote it: the lines without `v`'s seal are left out, and how many
  // there were is said on stderr (a suite wrote them).
  workers::WorkerOutput ParseOutputWarningOfForgedLines(const Variant& v, const workers::LaunchResult& result) const;

  const Variant& VariantOf(int variant) const { return state_.variants[static_cast<std::size_t>(variant)].variant; }
  double Elapsed() const {  // seconds spent sampling, over every session of the comparison
    return elapsed_before_ + std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  CompareState& state_;
  workers::Launcher& launcher_;
  std::string self_;
  std::string seal_;
  std::vector<std::string> ignore_params_;
  std::vector<std::string> filters_;  // per variant: the cases its samples run (settings.filter, or the shard's)
  std::function<void(const Progress&)> progress_;
  std::function<void(const CompareState&)> on_sample_;
  StoppingMeasure stopping_measure_;
  SequentialRule sequential_rule_;
  mutable std::optional<SequentialCheck> last_check_;
  std::map<std::uint64_t, Slot> slots_;
  std::map<std::uint64_t, std::uint64_t> process_to_slot_;
  std::uint64_t next_id_ = 1;
  std::size_t sessions_done_ = 0;  // samples finished in this session
  std::string last_;               // the last finished sample, for progress lines
  std::vector<int> started_;       // samples started per variant, this session and before
  std::chrono::steady_clock::time_point start_;
  double elapsed_before_ = 0;
  mutable std::optional<double> last_ci_;
  mutable std::size_t ci_checked_at_ = 0;
  std::unique_ptr<workers::InstructionCounting> counting_;  // --metric instructions: wraps each request
  std::optional<Alternation> alternation_;
  // settings.long_lived = K: a variant's long-lived worker (`run --serve`, long_lived.cc), started at its
  // first turn; block b's sample of variant v is asked of worker v * K + b mod K (LongLivedWorkerOf).
  struct LongLived {
    std::uint64_t process = 0;    // its launch id while it runs; 0: not started yet, or ended
    int serial = 0;               // RunRecord::worker_process
    double warmup_cap_s = 0;      // the --max-warmup it started with (BlockWarmupCap of its first block)
    std::string context;          // its context line, which it wrote once, ahead of its first sample
    std::string pending;          // what it has written of the sample it is taking
    bool sample_ended = false;    // `pending` ends with the sample's "end" line
    bool ready = false;           // every case warmed up: its "ready" line came (workers::kReadyLine)
    bool held = false;            // asked for a sample not yet written to it: another worker is warming up
    double sample_timeout_s = 0;  // --timeout of the sample it was asked for
    int samples = 0;              // finished (settings.worker_samples: then it is retired)
    std::chrono::steady_clock::time_point asked;
    bool Warming() const { return process != 0 && !ready; }  // started, its "ready" line not yet come
  };
  // Asks slot `slot_id`'s variant's long-lived worker for the sample, starting the worker if needed and, with
  // it, the workers of the block's other variants that will be needed (WarmUpTogether).
  void AskLongLived(std::uint64_t slot_id);
  // Variant `variant`'s long-lived worker for block `block` (an index into long_lived_), and its start.
  std::size_t LongLivedIndex(int variant, int block) const;
  void StartLongLived(std::size_t index, int variant, int block);
  // Starts, beside those warming up now, the workers block `block`'s other variants will ask (those not asked in
  // it yet whose worker has not started), up to one warming up per CPU this process may use: their warm-ups run
  // together, and no sample is timed until all have said they are ready (SendHeldSamples).
  void WarmUpTogether(int block);
  // Writes the held sample requests once no long-lived worker is warming up.
  void SendHeldSamples();
  void OnLongLivedOutput(std::size_t worker, std::string_view chunk);
  // What `w` wrote of its sample, with its context line ahead as a fresh worker writes it.
  static std::string WithContext(const LongLived& w);
  // The samples whose "end" line came, finished as a worker's whole output would be.
  Status FinishLongLivedSamples();
  // A long-lived worker's process ended: a sample it was taking is finished as a dead worker's (Finish);
  // its next turn starts a new process; with `drop` (an interrupt, or an error that stops the comparison) the
  // sample is dropped. False: `result` is not a long-lived worker's.
  bool LongLivedEnded(const workers::LaunchResult& result, bool drop, Status& status);
  // Closes `w`'s stdin (it reads end of file and ends) and forgets it: its next turn starts a new process.
  // Until it has ended no other sample starts (Run), so that its teardown times nothing; where the comparison
  // turns to fresh workers (LongLivedServes) the fresh one starts at once: its start-up and warm-up come first.
  void Retire(LongLived& w);
  // Closes every long-lived worker's stdin and waits for them, and for those retired, to end.
  void StopLongLived();
  std::vector<LongLived> long_lived_;
  std::set<std::uint64_t> retiring_;  // retired long-lived workers' processes that have not ended yet
  int long_lived_started_ = 0;        // serials given, this session and before
  std::map<int, double> block_caps_;  // block -> its workers' --max-warmup (BlockWarmupCap)
  std::map<int, bool> block_serves_;  // block -> whether long-lived workers take it (LongLivedServes)
};

}  // namespace v8bench::driver
