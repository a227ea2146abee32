#include "harness/runner/case_runner.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "harness/measure/batch_timer.h"
#include "harness/measure/clocks.h"
#include "harness/measure/heap_probe.h"
#include "harness/measure/instruction_counter.h"
#include "harness/measure/method_rules.h"
#include "harness/runner/native_runner.h"
#include "harness/runner/sample_collector.h"

namespace v8bench {
namespace {

CaseStatus StatusFor(const Error& e) {
  switch (e.kind) {
    case Error::Kind::kTimeout:
      return CaseStatus::kTimedOut;
    case Error::Kind::kOutOfMemory:
      return CaseStatus::kOutOfMemory;
    case Error::Kind::kUnsupported:
      return CaseStatus::kUnsupported;
    default:
      return CaseStatus::kFailed;
  }
}

// Standard metrics first, in the order metrics.h defines them, then the case's own counters.
void OrderCounters(Sample& sample, const std::vector<std::string>& order) {
  std::vector<Counter> ordered;
  for (const auto& name : order) {
    for (auto& c : sample.counters) {
      if (c.name == name) ordered.push_back(c);
    }
  }
  sample.counters = std::move(ordered);
}

// The body Google Benchmark times: one JS batch of state.max_iterations iterations, read with every
// clock and the heap probe; per-iteration counters (per operation when the bench counts its own
// operations: SuiteHost::Operations) are set on the state for the reporter.
class CaseBenchmark {
 public:
  CaseBenchmark(SuiteHost& host, InstructionCounter* counter) : host_(host), timer_(host.heap(), counter) {}

  // Long calls (RunSettings::LongCallSeconds): `deadline` restarts at `seconds` before every batch, a call.
  void TimeoutPerCall(SuiteHost::Deadline& deadline, double seconds) {
    per_call_ = &deadline;
    per_call_s_ = seconds;
  }

  // Every call, failed or not, logs its tags: the collector pairs the reported runs with them.
  void operator()(benchmark::State& state) {
    RepetitionTags tags;
    Time(state, tags);
    log_.Record(static_cast<std::uint64_t>(state.max_iterations), tags);
  }

  const std::optional<Error>& failure() const { return failure_; }
  const std::map<std::string, Unit>& units() const { return units_; }
  const std::vector<std::string>& order() const { return order_; }
  RepetitionLog& log() { return log_; }

 private:
  void Time(benchmark::State& state, RepetitionTags& tags) {
    if (failure_) {
      // An earlier batch failed (threw, timed out, ran out of heap): never call into JS again.
      state.SkipWithError(failure_->message.c_str());
      return;
    }
    const auto n = static_cast<std::uint64_t>(state.max_iterations);
    auto start = host_.TakeCodeState();
    if (!start) return Fail(state, start.error());
    if (auto begun = host_.Operations(true); !begun) return Fail(state, begun.error());
    BatchCost cost;
    while (state.KeepRunningBatch(state.max_iterations)) {
      if (per_call_ != nullptr) per_call_->Restart(per_call_s_);
      timer_.Start();
      auto ran = host_.RunBatch(n);
      cost = timer_.Stop();
      if (!ran) return Fail(state, ran.error());
      if (timer_.count_error()) return Fail(state, *timer_.count_error());
    }
    auto operations = host_.Operations(false);
    if (!operations) return Fail(state, operations.error());
    auto end = host_.TakeCodeState();
    if (!end) return Fail(state, end.error());
    end.value().changed = CodeChangedBetween(start.value(), end.value());
    tags.code = end.value();
    if (cost.cpu_at_end >= 0) tags.main_cpu = cost.cpu_at_end;
    tags.main_cpu_moved = cost.cpu_at_start >= 0 && cost.cpu_at_end >= 0 && cost.cpu_at_start != cost.cpu_at_end;
    const double per = operations.value().value_or(static_cast<double>(n));
    for (const Counter& c : PerIteration(cost, per)) Publish(state, c);
    auto own = host_.CaseCounters();
    if (!own) return Fail(state, own.error());
    for (const Counter& c : own.value()) Publish(state, c);
  }

  void Fail(benchmark::State& state, const Error& e) {
    failure_ = e;
    state.SkipWithError(failure_->message.c_str());
  }

  void Publish(benchmark::State& state, const Counter& c) {
    if (units_.emplace(c.name, c.unit).second) order_.push_back(c.name);
    state.counters[c.name] = benchmark::Counter(c.value);
  }

  SuiteHost& host_;
  BatchTimer timer_;
  SuiteHost::Deadline* per_call_ = nullptr;
  double per_call_s_ = 0;
  std::optional<Error> failure_;
  std::map<std::string, Unit> units_;
  std::vector<std::string> order_;
  RepetitionLog log_;
};

// Warm-up: batches grow to warmup_batch_seconds, and run until the code has not changed (no optimised
// compile, the same tiers), the page-fault rate has settled (the heaps have grown to the case's working
// set: FaultRateSettled) and V8's young generation has kept its capacity (with --young-gen grow it
// doubles as objects survive; model/knobs.h) for max(--warmup, quiet_seconds) and for as long as that
// took (QuietLongEnough), and the young generation has been written through (YoungGenerationFilled),
// or until --max-warmup. The rules and their numbers: measure/method_rules.h, the same code the Node
// addon runs for the external runner.
struct WarmupOutcome {
  double seconds = 0;
  bool capped = false;
  double young_collections_per_s = 0;  // in the last quiet window (RunSettings::RepetitionSeconds)
  double seconds_per_iteration = 0;    // in the last batch of the warm-up's full length (0: none)
};

// --tier optimized asks for the code a hot function has in production: optimised. V8 may deoptimise
// the batch loop after settle() (feedback its four calls had not seen; seen on Node 18 in 15 of 20
// samples of young_gen/ssr) and, on a long-running case, not re-optimise it before timing. Then the
// warm-up settles again, at most max_resettles times (MayResettle); what remains shows in the code state.

// --tier, and whether the warm-up left the case's batch loop unoptimised, its call being long (measure/
// method_rules.h unoptimised_loop_call_seconds says why): that is the state asked for then, never a fall
// to be settled again.
struct Tiering {
  TierMode mode = TierMode::kOptimized;
  // Whether the warm-up's pace may leave the loop unoptimised: not with fixed iterations (RunSettings::
  // FixedIterations: --iterations, --metric instructions), where every process must run the same code
  // whatever the machine's speed (a call under callgrind lasts 50x longer).
  bool may_leave_loop = false;
  bool loop_unoptimised = false;

  static Tiering For(const RunSettings& settings) {
    return {settings.tier, settings.tier == TierMode::kOptimized && !settings.FixedIterations(), false};
  }

  bool FellBelowRequestedTier(const CodeState& state) const {
    return mode == TierMode::kOptimized && !loop_unoptimised && state.batch && *state.batch < CodeTier::kMidTier;
  }
  // The warm-up's calls last `seconds_per_call` (its last long batch): long enough to leave the loop.
  bool LeavesLoopAt(double seconds_per_call) const {
    return may_leave_loop && !loop_unoptimised && LoopLeftUnoptimised(TheMethodRules(), seconds_per_call);
  }
  Status LeaveLoop(SuiteHost& host) {
    if (auto left = host.LeaveLoopUnoptimised(); !left) return left;
    loop_unoptimised = true;
    return OkStatus();
  }
};

// The warm-up one batch at a time, so that the cases prepared in one host can warm up in turns
// (RunSettings::alternate): their quiet windows then pass together instead of one after the other, and
// a compile anywhere in the isolate (TakeCodeState counts the isolate's) restarts every case's window.
class WarmupRun {
 public:
  // REQUIRES: the case is the host's current one (and is again before every Step).
  static Expected<WarmupRun> Start(SuiteHost& host, const RunSettings& settings, Tiering& tiering) {
    auto code = host.TakeCodeState();
    if (!code) return code.error();
    return WarmupRun(host, settings, tiering, std::move(code.value()));
  }

  // One batch; the outcome once the warm-up has ended.
  Expected<std::optional<WarmupOutcome>> Step() {
    const auto b0 = Clock::now();
    const std::uint64_t f0 = ThreadMinorFaults();
    if (auto ran = host_.RunBatch(n_); !ran) return ran.error();
    const double faults = static_cast<double>(ThreadMinorFaults() - f0) / static_cast<double>(n_);
    const double took = Since(b0);
    const bool long_batch = LongWarmupBatch(rules_, took);
    auto now = host_.TakeCodeState();
    if (!now) return now.error();
    const std::uint64_t young_now = host_.heap().YoungCommittedBytes();
    const bool memory_moved =
        (long_batch && last_faults_ && !FaultRateSettled(rules_, *last_faults_, faults)) || young_now != young_bytes_;
    if (long_batch) {
      last_faults_ = faults;
      seconds_per_iteration_ = took / static_cast<double>(n_);
    }
    young_bytes_ = young_now;
    if (CodeChangedBetween(last_, now.value()) || memory_moved) {
      RestartQuietWindow();
      last_ = now.value();
    }
    const double settling_s = std::chrono::duration<double>(quiet_since_ - settling_from_).count();
    if (long_batch && settings_.QuietLongEnough(Since(quiet_since_), settling_s) && YoungFilled()) {
      if (tiering_.LeavesLoopAt(seconds_per_iteration_)) {
        // The loop's tier is no state of the case at this pace: only the code after the change is waited
        // for, not as long again as the whole warm-up so far.
        if (auto left = tiering_.LeaveLoop(host_); !left) return left.error();
        auto left_code = host_.TakeCodeState();
        if (!left_code) return left_code.error();
        last_ = left_code.value();
        RestartQuietWindow();
        settling_from_ = quiet_since_;
        return std::optional<WarmupOutcome>();
      }
      if (!tiering_.FellBelowRequestedTier(now.value()) || !MayResettle(rules_, resettles_)) {
        return std::optional<WarmupOutcome>(Outcome(false));
      }
      ++resettles_;
      if (auto settled = host_.Settle(settings_.tier); !settled) return settled.error();
      RestartQuietWindow();
    }
    if (Since(start_) >= settings_.max_warmup_s) return std::optional<WarmupOutcome>(Outcome(true));
    if (!long_batch) n_ = NextWarmupBatch(rules_, n_, took);
    return std::optional<WarmupOutcome>();
  }

 private:
  using Clock = std::chrono::steady_clock;
  WarmupRun(SuiteHost& host, const RunSettings& settings, Tiering& tiering, CodeState code)
      : host_(host),
        settings_(settings),
        tiering_(tiering),
        last_(std::move(code)),
        start_(Clock::now()),
        settling_from_(start_),
        quiet_since_(start_),
        young_bytes_(host.heap().YoungCommittedBytes()),
        heap0_(host.heap().Read()),
        young_at_quiet_(YoungCollections(heap0_)) {}

  static double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

  void RestartQuietWindow() {
    quiet_since_ = Clock::now();
    young_at_quiet_ = YoungCollections(host_.heap().Read());
  }

  bool YoungFilled() {
    const HeapReading h = host_.heap().Read();
    return YoungGenerationFilled(rules_, YoungCollections(h), AllocatedBetween(heap0_, h), Since(start_), young_bytes_,
                                 settings_.max_warmup_s - Since(start_));
  }

  // Young collections per second since the code and memory last changed (the whole warm-up if that
  // window is too short to say).
  WarmupOutcome Outcome(bool capped) {
    const bool window = Since(quiet_since_) >= rules_[MethodRule::kQuietSeconds];
    const double seconds = window ? Since(quiet_since_) : Since(start_);
    const std::uint64_t young =
        YoungCollections(host_.heap().Read()) - (window ? young_at_quiet_ : YoungCollections(heap0_));
    return WarmupOutcome{Since(start_), capped, seconds > 0 ? static_cast<double>(young) / seconds : 0,
                         seconds_per_iteration_};
  }

  SuiteHost& host_;
  const RunSettings& settings_;
  Tiering& tiering_;
  const MethodRules& rules_ = TheMethodRules();
  CodeState last_;
  Clock::time_point start_;
  Clock::time_point settling_from_;  // the warm-up's start, or when the batch loop was left unoptimised
  Clock::time_point quiet_since_;
  std::uint64_t n_ = 1;
  std::optional<double> last_faults_;  // per iteration, in the last long batch
  double seconds_per_iteration_ = 0;   // in the last long batch
  std::uint64_t young_bytes_;
  HeapReading heap0_;
  std::uint64_t young_at_quiet_;
  int resettles_ = 0;
};

// --metric instructions: the warm-up counts batches instead of seconds. A warm-up that lasts a time runs
// as many iterations as the machine's load and the simulation's pace allow, and what the case allocated
// before its counted batches (where the next scavenge falls) would then differ from worker to worker.
// Batches of the counted size (RunSettings::FixedIterations) run until the code has not changed and the
// young generation has kept its capacity for counted_quiet_batches batches and for as many batches as it
// took to get there (the count analogue of QuietLongEnough); page-fault rates and the young
// generation's first fill are not waited for (they cost time, not instructions). Under callgrind these
// batches run uninstrumented. --max-warmup still caps it, in seconds (a capped case is flagged).

Expected<WarmupOutcome> WarmUpCounted(SuiteHost& host, const RunSettings& settings, const Tiering& tiering) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto since_start = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const std::uint64_t n = *settings.FixedIterations();
  auto last = host.TakeCodeState();
  if (!last) return last.error();
  std::uint64_t young_bytes = host.heap().YoungCommittedBytes();
  std::uint64_t batches = 0;
  std::uint64_t settled_at = 0;  // batches run when the code or the young generation last changed
  int resettles = 0;
  const MethodRules& rules = TheMethodRules();
  const auto quiet_batches = static_cast<std::uint64_t>(rules[MethodRule::kCountedQuietBatches]);
  for (;;) {
    if (auto ran = host.RunBatch(n); !ran) return ran.error();
    ++batches;
    auto now = host.TakeCodeState();
    if (!now) return now.error();
    const std::uint64_t young_now = host.heap().YoungCommittedBytes();
    if (CodeChangedBetween(last.value(), now.value()) || young_now != young_bytes) {
      settled_at = batches;
      last = now;
      young_bytes = young_now;
    }
    if (batches - settled_at >= std::max(quiet_batches, settled_at)) {
      if (!tiering.FellBelowRequestedTier(now.value()) || !MayResettle(rules, resettles)) {
        return WarmupOutcome{since_start(), false, 0};
      }
      ++resettles;
      if (auto settled = host.Settle(settings.tier); !settled) return settled.error();
      settled_at = batches;
    }
    if (since_start() >= settings.max_warmup_s) return WarmupOutcome{since_start(), true, 0};
  }
}

bool CodeChanged(const Sample& s) { return s.code && s.code->changed; }

// RunSettings::rerun_changed: the repetitions during which V8 changed the code are discarded and timed
// again by `time_repetitions(count)`, within the budget; returns how many were re-run.
template <class TimeRepetitions>
int RerunChanged(std::vector<Sample>& samples, TimeRepetitions&& time_repetitions, const CaseBenchmark& body,
                 const RunSettings& settings) {
  using Clock = std::chrono::steady_clock;
  const MethodRules& rules = TheMethodRules();
  const int budget = RerunBudget(rules, settings.repetitions);
  int reruns = 0;
  double rerun_s = 0;
  while (!body.failure() && MayRerun(rules, reruns, settings.repetitions, rerun_s, settings.max_warmup_s)) {
    const int changed = static_cast<int>(std::count_if(samples.begin(), samples.end(), CodeChanged));
    if (changed == 0) break;
    const int count = std::min(changed, budget - reruns);
    int dropped = 0;  // the first `count` changed repetitions
    for (auto it = samples.begin(); it != samples.end() && dropped < count;) {
      if (CodeChanged(*it)) {
        it = samples.erase(it);
        ++dropped;
      } else {
        ++it;
      }
    }
    const auto t0 = Clock::now();
    std::vector<Sample> again = time_repetitions(count);
    rerun_s += std::chrono::duration<double>(Clock::now() - t0).count();
    reruns += count;
    samples.insert(samples.end(), std::make_move_iterator(again.begin()), std::make_move_iterator(again.end()));
  }
  return reruns;
}

// --metric instructions: the counter this case's batches are counted with; none otherwise.
Expected<std::unique_ptr<InstructionCounter>> CounterFor(const RunSettings& settings) {
  if (!settings.count_instructions) return std::unique_ptr<InstructionCounter>();
  return OpenInstructionCounter(settings.callgrind_dir);
}

// `count` repetitions of the case through Google Benchmark: each one batch, of `iterations` when given,
// else grown to `repetition_s`.
std::vector<Sample> TimeRepetitions(const CaseInfo& info, CaseBenchmark& body, double repetition_s,
                                    std::optional<std::uint64_t> iterations, int count) {
  auto* bench = benchmark::RegisterBenchmark(info.name.c_str(), [&body](benchmark::State& state) { body(state); })
                    ->UseRealTime()
                    ->MinWarmUpTime(0)  // WarmUp() above: until the code stopped changing
                    ->Repetitions(count)
                    ->Unit(benchmark::kNanosecond);
  if (iterations) {
    bench->Iterations(static_cast<benchmark::IterationCount>(*iterations));
  } else {
    bench->MinTime(repetition_s);
  }
  body.log().Clear();
  SampleCollector collector(body.units(), &body.log());
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::ClearRegisteredBenchmarks();
  return std::move(collector.samples);
}

}  // namespace

struct CaseSession::State {
  State(SuiteHost& h, const std::string& file, const CaseInfo& info, const RunSettings& s)
      : host(h), settings(s), deadline(h, s.timeout_s) {
    result.file = file;
    result.info = info;
  }
  SuiteHost& host;
  const RunSettings settings;
  SuiteHost::Deadline deadline;
  CaseResult result;
  std::unique_ptr<InstructionCounter> counter;
  std::optional<CaseBenchmark> body;  // set once the case is prepared, settled and warmed up
  std::unique_ptr<WarmupRun> warmup;  // while it warms up
  // Every repetition runs this many iterations: RunSettings::FixedIterations, or with turns
  // (RunSettings::alternate) the turn's length at the warm-up's pace (Google Benchmark would otherwise
  // grow a batch from 1 iteration in every short turn); nullopt: grown to repetition_s.
  std::optional<std::uint64_t> iterations;
  std::size_t slot = 0;   // the case among those prepared in `host` (SuiteHost::Resume)
  bool prepared = false;  // prepared and not torn down
  double prepare_s = 0;   // its setup, probe call and self-check took (RunSettings::LongCallSeconds)
  Tiering tiering;        // --tier, and whether the warm-up left the case's batch loop unoptimised
  std::vector<Sample> samples;

  // The case is the host's current one again (another case may have been timed in the same host).
  bool Resume() {
    if (auto resumed = host.Resume(slot); !resumed) {
      Fail(resumed.error());
      body.reset();
      prepared = false;
      return false;
    }
    return true;
  }

  void Fail(const Error& e) {
    result.status = StatusFor(e);
    result.error = e.message;
  }
  std::vector<Sample> TimeRepetitions(int count) {
    return v8bench::TimeRepetitions(result.info, *body, result.repetition_s, iterations, count);
  }

  // The warm-up's end: the case is ready to time, or failed and torn down.
  void EndWarmUp(const Expected<WarmupOutcome>& warm) {
    warmup.reset();
    auto made = warm ? CounterFor(settings) : Expected<std::unique_ptr<InstructionCounter>>(warm.error());
    if (!made) {
      Fail(made.error());
      (void)host.Teardown();
      prepared = false;
      return;
    }
    result.warmup_s = warm.value().seconds;
    result.warmup_capped = warm.value().capped;
    result.loop_unoptimised = tiering.loop_unoptimised;
    // With --alternate a repetition is taken in turns, each a sample of its own (RunSettings::turns).
    result.repetition_s =
        settings.RepetitionSeconds(warm.value().young_collections_per_s) / settings.TurnsPerRepetition();
    iterations = settings.FixedIterations();
    if (!iterations && settings.TurnsPerRepetition() > 1 && warm.value().seconds_per_iteration > 0) {
      iterations = std::max<std::uint64_t>(
          1, static_cast<std::uint64_t>(std::llround(result.repetition_s / warm.value().seconds_per_iteration)));
    }
    counter = std::move(made.value());
    body.emplace(host, counter.get());
    if (result.long_calls) {
      result.repetition_s = warm.value().seconds_per_iteration;
      iterations = 1;
      body->TimeoutPerCall(deadline, settings.timeout_s);
    }
  }

  // Long calls (RunSettings::LongCallSeconds): after a preparation that lasted a long call (setup, probe
  // call, self-check), either the probe call itself lasted a long call (SuiteHost::ProbeSeconds) and was
  // the case's warm-up, or one call is timed on its own and, if that lasted a long call too, it was the
  // warm-up; then the case is timed a call per repetition. Returns whether the warm-up is over (long
  // calls, or the case failed); false: the usual warm-up follows (the call was then one more untimed
  // call before the tiering sequence: a suite whose setup is long and whose call is short).
  bool TryLongCalls() {
    if (!settings.LongCallsAllowed() || prepare_s < settings.LongCallSeconds()) return false;
    // Why the probe counts: it is a whole call of the bench (a Node core file's main, seconds), which
    // compare.js's own runs time with no warm-up at all; a second untimed call would cost every sample
    // another call. Not where --tier asks for a code state the probe's call may have passed.
    if (const double probe_s = host.ProbeSeconds();
        settings.tier == TierMode::kOptimized && probe_s >= settings.LongCallSeconds()) {
      deadline.Restart(settings.timeout_s);  // --timeout is per call for long calls
      return StartLongCalls(probe_s);
    }
    if (settings.tier != TierMode::kOptimized) {
      // 'interpreter' marks the bench never to be optimised, before its calls, as the usual warm-up does;
      // 'optimized''s tiering sequence is what a long call does without (6 calls of seconds).
      if (auto settled = host.Settle(settings.tier); !settled) {
        EndWarmUp(settled.error());
        return true;
      }
    }
    deadline.Restart(settings.timeout_s);  // --timeout is per call for long calls
    const auto t0 = std::chrono::steady_clock::now();
    auto ran = host.RunBatch(1);
    const double call_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!ran) {
      EndWarmUp(ran.error());
      return true;
    }
    if (call_s < settings.LongCallSeconds()) return false;
    return StartLongCalls(call_s);
  }

  // The case is timed a call per repetition, its warm-up the long call of `call_s` seconds; true.
  bool StartLongCalls(double call_s) {
    result.long_calls = true;
    EndWarmUp(WarmupOutcome{call_s, false, 0, call_s});
    return true;
  }
};

CaseSession::CaseSession(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings)
    : s_(std::make_unique<State>(host, file, info, settings)) {
  State& s = *s_;
  const auto t0 = std::chrono::steady_clock::now();
  auto prepared = host.Prepare(info.index, settings.quick);
  s.prepare_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!prepared) {
    s.Fail(prepared.error());
    // The case's deadline may be what stopped setup; the teardown gets one of its own.
    s.deadline.Restart(settings.timeout_s);
    (void)host.Teardown();
    return;
  }
  s.slot = host.PreparedSlot();
  s.prepared = true;
}

void CaseSession::StartWarmUp() {
  State& s = *s_;
  if (!s.prepared || s.body || s.warmup || !s.Resume()) return;
  s.result.tier = s.settings.tier;
  s.tiering = Tiering::For(s.settings);
  if (s.TryLongCalls()) return;
  if (auto settled = s.host.Settle(s.settings.tier); !settled) return s.EndWarmUp(settled.error());
  if (s.settings.count_instructions) return s.EndWarmUp(WarmUpCounted(s.host, s.settings, s.tiering));
  auto run = WarmupRun::Start(s.host, s.settings, s.tiering);
  if (!run) return s.EndWarmUp(run.error());
  s.warmup = std::make_unique<WarmupRun>(std::move(run.value()));
}

bool CaseSession::WarmUpStep() {
  State& s = *s_;
  if (!s.warmup) return true;
  if (!s.Resume()) {
    s.warmup.reset();
    return true;
  }
  auto step = s.warmup->Step();
  if (!step) {
    s.EndWarmUp(step.error());
  } else if (step.value()) {
    s.EndWarmUp(*step.value());
  }
  return !s.warmup;
}

void CaseSession::WarmUp() {
  StartWarmUp();
  while (!WarmUpStep()) {
  }
}

CaseSession::~CaseSession() = default;

bool CaseSession::ok() const { return s_->body && !s_->body->failure(); }

void CaseSession::Time(int count) {
  if (!ok() || !s_->Resume()) return;
  if (s_->result.long_calls) count = LongCallRepetitions(TheMethodRules(), count, s_->result.repetition_s);
  std::vector<Sample> more = s_->TimeRepetitions(count);
  s_->samples.insert(s_->samples.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

void CaseSession::PauseDeadline() { s_->deadline.Pause(); }

CaseResult CaseSession::TimeSample(int count) {
  State& s = *s_;
  s.deadline.Restart(s.settings.timeout_s);
  Time(count);
  CaseResult sample = s.result;  // the case's name, warm-up and status; its samples are those below
  if (ok() && s.settings.rerun_changed && !s.result.long_calls && s.Resume()) {
    sample.reruns = RerunChanged(
        s.samples, [&](int n) { return s.TimeRepetitions(n); }, *s.body, s.settings);
  }
  if (s.body && s.body->failure()) {
    sample.status = StatusFor(*s.body->failure());
    sample.error = s.body->failure()->message;
  }
  if (!s.body || s.body->failure()) {  // failed (its status says why)
    s.deadline.Pause();
    return sample;
  }
  sample.samples = std::move(s.samples);
  s.samples.clear();
  for (auto& taken : sample.samples) OrderCounters(taken, s.body->order());
  sample.young_generation_bytes = s.host.YoungGenerationBytes();
  s.deadline.Pause();
  return sample;
}

CaseResult CaseSession::Finish() {
  State& s = *s_;
  if (!s.body) return std::move(s.result);      // failed before timing, already torn down
  if (!s.Resume()) return std::move(s.result);  // its host is unusable: it goes with its other cases
  CaseBenchmark& body = *s.body;
  const RunSettings& settings = s.settings;
  // A long call's code changes as it runs (each call compiles its own hot loops): re-running it would
  // only cost calls of seconds.
  if (settings.rerun_changed && !s.result.long_calls) {
    s.result.reruns = RerunChanged(
        s.samples, [&](int count) { return s.TimeRepetitions(count); }, body, settings);
  }
  if (!body.failure() && settings.native_floors) {
    // The same work done natively, measured while the case's state (its inputs) is alive.
    auto work = s.host.NativeFloorWork();
    if (!work) {
      s.Fail(work.error());
    } else if (work.value()) {
      auto kernel = MakeFloorKernel(*work.value());
      if (!kernel) {
        s.Fail(kernel.error());
      } else {
        s.result.native = MeasureFloor(s.result.info.name, *work.value(), kernel.value(), settings);
      }
    }
  }
  if (s.result.long_calls) s.deadline.Restart(settings.timeout_s);  // the teardown's own, as the calls had
  if (body.failure()) {
    s.Fail(*body.failure());
  } else if (s.result.status != CaseStatus::kOk) {
    (void)s.host.Teardown();
  } else if (auto torn = s.host.Teardown(); !torn) {
    s.Fail(torn.error());
  }
  s.result.samples = std::move(s.samples);
  for (auto& sample : s.result.samples) OrderCounters(sample, body.order());
  s.result.young_generation_bytes = s.host.YoungGenerationBytes();
  return std::move(s.result);
}

CaseResult RunCase(SuiteHost& host, const std::string& file, const CaseInfo& info, const RunSettings& settings) {
  CaseSession session(host, file, info, settings);
  session.WarmUp();
  session.Time(settings.repetitions);
  return session.Finish();
}

}  // namespace v8bench
