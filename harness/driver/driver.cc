#include "harness/driver/driver.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <numeric>
#include <set>

#include "harness/driver/comparison.h"
#include "harness/measure/thresholds.h"
#include "harness/stats/statistics.h"

namespace v8bench::driver {
namespace {

// The code a sample's repetitions ran (nullopt where the worker could not tell).
std::optional<CaseCode> SampleCode(const CaseResult& c) {
  std::optional<CaseCode> code;
  for (const Sample& s : c.samples) {
    if (!s.code) continue;
    if (!code) code.emplace();
    const CodeState tiers{s.code->batch, s.code->bench, {}, false};
    if (std::ranges::find(code->tiers, tiers) == code->tiers.end()) code->tiers.push_back(tiers);
    code->changed |= s.code->changed;
  }
  if (code) {
    code->long_calls = c.long_calls;
    code->loop_unoptimised = c.loop_unoptimised;
  }
  return code;
}

// The CPU a sample's main thread ran on (Sample::main_cpu): nullopt where the worker could not tell,
// where a repetition's main thread moved, or where its repetitions ran on different CPUs.
std::optional<int> SampleCpu(const CaseResult& c) {
  std::optional<int> cpu;
  for (const Sample& s : c.samples) {
    if (!s.main_cpu || s.main_cpu_moved || (cpu && *cpu != *s.main_cpu)) return std::nullopt;
    cpu = s.main_cpu;
  }
  return cpu;
}

void Shuffle(std::vector<std::size_t>& xs, stats::Rng& rng) {
  std::iota(xs.begin(), xs.end(), 0);
  for (std::size_t i = xs.size(); i > 1; --i) std::swap(xs[i - 1], xs[rng.Below(i)]);  // Fisher-Yates
}

// Two cases of one variant that compare as one (CaseKey): the variant sets a --param to several values.
Error SeveralCasesCompareAsOne(const std::string& variant, const std::string& key) {
  return Error::Usage(
      fmt::format("variant {}: several cases compare as '{}' (the parameters the variants set differently are left "
                  "out of the case name); give each variant one value of each --param it sets",
                  variant, key));
}

}  // namespace

Driver::Driver(CompareState& state, workers::Launcher& launcher, std::string self)
    : state_(state), launcher_(launcher), self_(std::move(self)), ignore_params_(ParamsToIgnore(state.variants)) {}

Status Driver::PrepareEngines() {
  const std::string& counter = FindMetricOption(state_.settings.metric)->counter;
  for (auto& vs : state_.variants) {
    V8BENCH_OK(workers::PrepareWorkerEngine(vs.variant, vs.variant.name, counter));
    if (state_.settings.long_lived > 0 && !workers::ServesSamples(vs.variant.engine_kind)) {
      return Error::Usage(fmt::format(
          "variant {}: --long-lived keeps workers running across samples; {} ({}) takes a fresh worker per sample "
          "(workers/external_engine.h ServesSamples): drop --long-lived, or the variant's engine",
          vs.variant.name, vs.variant.engine, workers::EngineKindName(vs.variant.engine_kind)));
    }
  }
  if (counter != std::string(metric::kInstructions)) return OkStatus();
  V8BENCH_TRY(counting_, workers::InstructionCounting::Prepare());
  return OkStatus();
}

workers::LaunchRequest Driver::WorkerRequest(const Variant& v, const std::string& filter, bool plan_only,
                                             double warmup_cap_s, bool serve) {
  workers::LaunchRequest req;
  req.id = next_id_++;
  req.executable = v.engine.empty() ? self_ : v.engine;
  workers::WorkerSampling sampling = WorkerSamplingOf(state_.settings);
  if (warmup_cap_s > 0) sampling.max_warmup_s = warmup_cap_s;
  req.stdin_data = SealOf(v);
  sampling.sealed = !req.stdin_data.empty();
  sampling.serve = serve;
  req.args = workers::WorkerArgs(sampling, v, filter, plan_only);
  req.timeout_s = WorkerRequestTimeout();
  if (counting_) counting_->Wrap(req, v.engine_kind);
  return req;
}

double Driver::WorkerRequestTimeout() const {
  // --timeout bounds each call of a case whose calls are long (measure/thresholds.h LongCallCaseSeconds), which
  // neither a counting nor an alternating worker times (RunSettings::LongCallsAllowed): theirs is per case.
  const bool long_calls_possible = counting_ == nullptr && !alternation_;
  return long_calls_possible ? LongCallCaseSeconds(state_.settings.timeout_s, state_.settings.repetitions)
                             : state_.settings.timeout_s;
}

std::string Driver::SealOf(const Variant& v) const {
  const bool takes_one = v.engine.empty() || (v.engine_kind != workers::EngineKind::kV8bench &&
                                              v.engine_kind != workers::EngineKind::kWorkerd);
  return takes_one ? seal_ : std::string();
}

workers::WorkerOutput Driver::ParseOutputWarningOfForgedLines(const Variant& v,
                                                              const workers::LaunchResult& result) const {
  int ignored = 0;
  workers::WorkerOutput out = workers::ParseWorkerOutput(workers::UnsealedOutput(result.out, SealOf(v), ignored));
  if (ignored > 0) {
    fmt::print(stderr,
               "v8bench: variant {}: ignored {} line{} on the results descriptor that v8bench did not write (a "
               "suite wrote there)\n",
               v.name, ignored, ignored == 1 ? "" : "s");
  }
  return out;
}

double Driver::BlockWarmupCap(int block) {
  if (const auto known = block_caps_.find(block); known != block_caps_.end()) return known->second;
  const auto begun = std::ranges::find_if(state_.runs, [block](const RunRecord& r) { return r.block == block; });
  if (begun != state_.runs.end()) return block_caps_[block] = begun->warmup_cap_s;
  // Decided at the block's first worker, from the samples finished by then: its other workers (the other
  // variants, or a worker that continues after a death) get the same cap whatever finishes meanwhile.
  std::set<std::string> capped;
  for (const RunRecord& r : state_.runs) {
    if (r.block < block) capped.insert(r.warmup_capped.begin(), r.warmup_capped.end());
  }
  // A worker runs every case of its variant (or of its shard): one that never capped keeps the full cap.
  const bool all_capped = !state_.case_keys.empty() && std::ranges::all_of(state_.case_keys, [&](const auto& key) {
    return capped.count(key) != 0;
  });
  const double shorter = ShortenedWarmupCap(state_.settings.warmup_s, state_.settings.max_warmup_s);
  return block_caps_[block] = all_capped && shorter < state_.settings.max_warmup_s ? shorter : 0;
}

void Driver::Launch(std::uint64_t slot_id, const std::string& filter) {
  Slot& slot = slots_.at(slot_id);
  const double warmup_cap_s = BlockWarmupCap(slot.records.front().block);
  for (RunRecord& r : slot.records) r.warmup_cap_s = warmup_cap_s;
  Variant worker = alternation_ ? alternation_->worker : VariantOf(slot.records.front().variant);
  if (alternation_) {  // each block starts with another variant: a position inside rounds hits them alike
    worker.turn_args.insert(worker.turn_args.end(), {"--alternate-offset", std::to_string(slot.records.front().block)});
  }
  workers::LaunchRequest req = WorkerRequest(worker, filter, false, warmup_cap_s);
  // --timeout is per case: a block's worker runs every variant's case, and with --alternate each --copies
  // times, in turns.
  req.timeout_s *= static_cast<double>(slot.records.size()) * (alternation_ ? state_.settings.copies : 1);
  process_to_slot_[req.id] = slot_id;
  launcher_.Start(req);
  Report(last_, false);
}

std::optional<double> Driver::WidestCi(const CompareState& state) const {
  if (!stopping_measure_) return std::nullopt;
  std::vector<int> counts(state.variants.size(), 0);
  for (const auto& r : state.runs) ++counts[static_cast<std::size_t>(r.variant)];
  const bool enough = std::ranges::all_of(counts, [&](int c) { return c >= state.settings.min_runs; });
  return enough ? stopping_measure_(state) : std::nullopt;
}

bool Driver::StopStarting() const {
  const CompareSettings& s = state_.settings;
  const auto all_started = [&](int n) { return std::ranges::all_of(started_, [n](int k) { return k >= n; }); };
  const StoppingMode mode = StoppingModeOf(s);
  if (mode == StoppingMode::kFixed) return all_started(s.runs);
  if (all_started(s.max_runs)) return true;
  if (mode == StoppingMode::kSequential) {  // --max-time is the adaptive mode's: the rule spends alpha over blocks
    if (sequential_rule_ && ci_checked_at_ != state_.runs.size()) {
      ci_checked_at_ = state_.runs.size();
      last_check_ = sequential_rule_(state_);
    }
    return last_check_ && last_check_->stop;
  }
  if (Elapsed() >= s.max_time_s) return true;
  if (ci_checked_at_ != state_.runs.size()) {
    ci_checked_at_ = state_.runs.size();
    last_ci_ = WidestCi(state_);
  }
  return last_ci_ && *last_ci_ <= *s.target_ci;
}

void Driver::Report(const std::string& last, bool finished) {
  last_ = last;
  if (!progress_) return;
  Progress p;
  p.done = state_.runs.size();
  p.elapsed_s = Elapsed();
  p.last = last;
  p.finished = finished;
  for (const auto& [process, slot_id] : process_to_slot_) {
    for (const RunRecord& r : slots_.at(slot_id).records) {
      p.running += fmt::format("{}{} #{}", p.running.empty() ? "" : ", ", VariantOf(r.variant).name, r.run + 1);
    }
  }
  const CompareSettings& s = state_.settings;
  const std::size_t nv = state_.variants.size();
  const double per_sample =
      sessions_done_ > 0 ? (p.elapsed_s - elapsed_before_) / static_cast<double>(sessions_done_) : 0;
  const StoppingMode mode = StoppingModeOf(s);
  if (mode != StoppingMode::kAdaptive) {  // sequential: the total and the ETA are at most these
    p.total = static_cast<std::size_t>(mode == StoppingMode::kFixed ? s.runs : s.max_runs) * nv;
    if (per_sample > 0) p.eta_s = per_sample * static_cast<double>(p.total - std::min(p.total, p.done)) / s.jobs;
    if (mode == StoppingMode::kSequential) p.note = last_check_ ? last_check_->note : "sequential";
  } else {
    p.total = std::max<std::size_t>(p.done, static_cast<std::size_t>(s.min_runs) * nv);
    p.eta_s = std::max(0.0, s.max_time_s - p.elapsed_s);
    p.note = last_ci_ ? fmt::format("widest CI ±{:.1f}% (target ±{:.1f}%)", *last_ci_ * 100, *s.target_ci * 100)
                      : fmt::format("target CI ±{:.1f}%", *s.target_ci * 100);
  }
  progress_(p);
}

void Driver::NoteCaseKey(const std::string& key) {
  if (std::ranges::find(state_.case_keys, key) == state_.case_keys.end()) state_.case_keys.push_back(key);
}

Status Driver::AdoptContext(const workers::LaunchResult& result, const workers::WorkerOutput& out, Slot& slot) {
  VariantState& vs = state_.variants[static_cast<std::size_t>(slot.records.front().variant)];
  if (out.refused) return Error::Input("variant '" + vs.variant.name + "': " + out.refused->message);
  if (out.context) {
    for (const RunRecord& r : slot.records) {  // every variant the worker ran (Alternation)
      VariantState& each = state_.variants[static_cast<std::size_t>(r.variant)];
      if (each.context) continue;
      each.context = out.context;
      // An external engine cannot classify its trig path (that needs the host's libm): the driver probed it.
      if (each.context->trig_path.empty()) each.context->trig_path = each.variant.trig_path;
      // A worker (workerd) cannot see its own executable.
      if (each.context->executable.empty()) each.context->executable = each.variant.engine;
    }
    if (slot.planned.empty()) slot.planned = out.planned;
    return OkStatus();
  }
  // The worker stopped before running anything: its flags or the suites are wrong (exit 2), or it
  // could not start at all. That is the same for every sample of the variant: stop.
  if (auto rejected = workers::RejectedConfiguration(result, vs.variant.name)) return *rejected;
  const std::string error =
      fmt::format("worker {} before its first case: {}", workers::DescribeExit(result), workers::WhyItStopped(result));
  for (RunRecord& r : slot.records) r.error = error;
  return OkStatus();
}

RunRecord& Driver::RecordOf(Slot& slot, const std::string& case_name) {
  if (!alternation_) return slot.records.front();
  const auto it = alternation_->variant_of.find(case_name);
  const int variant = it == alternation_->variant_of.end() ? slot.records.front().variant : it->second;
  return *std::ranges::find_if(slot.records, [&](const RunRecord& r) { return r.variant == variant; });
}

Status Driver::RecordCases(const workers::WorkerOutput& out, Slot& slot) {
  for (const CaseResult& c : out.cases) {
    RunRecord& rec = RecordOf(slot, c.info.name);
    const std::string& variant = VariantOf(rec.variant).name;
    const std::string key = CaseKey(c.info, ignore_params_);
    NoteCaseKey(key);
    if (c.status != CaseStatus::kOk || c.samples.empty()) {
      rec.failures.push_back(
          {key, c.status == CaseStatus::kOk ? CaseStatus::kFailed : c.status, FirstLines(c.error, 3)});
      continue;
    }
    if (rec.values.count(key) != 0) return SeveralCasesCompareAsOne(variant, key);
    auto& values = rec.values[key];
    for (const MetricInfo& m : kMetrics) {
      if (m.option == nullptr) continue;  // kept per sample: the metrics a comparison can compare
      std::vector<double> xs;
      for (const Sample& s : c.samples) {
        if (auto v = s.Get(m.counter)) xs.push_back(*v);
      }
      if (!xs.empty()) values[m.counter] = stats::Median(xs);
    }
    if (auto code = SampleCode(c)) rec.code[key] = *code;
    if (c.warmup_capped) rec.warmup_capped.push_back(key);
    if (auto cpu = SampleCpu(c)) rec.cpu[key] = *cpu;
  }
  return OkStatus();
}

bool Driver::ContinueAfterDeath(const workers::LaunchResult& result, const workers::WorkerOutput& out,
                                std::uint64_t slot_id) {
  Slot& slot = slots_.at(slot_id);
  std::set<std::string> finished;
  for (const CaseResult& c : out.cases) finished.insert(c.info.name);
  // The process died (or hung) inside the cases it started and did not finish: the last one, or the
  // cases taking turns with it (Alternation).
  std::vector<const CaseInfo*> running;
  for (const CaseInfo& c : out.started) {
    if (finished.count(c.name) == 0) running.push_back(&c);
  }
  const bool said = !result.err.empty();
  const std::string detail = fmt::format("worker {}{}{}", workers::DescribeExit(result), said ? ": " : "",
                                         said ? workers::TellingLine(result.err) : "");
  for (const CaseInfo* c : running) {
    RunRecord& rec = RecordOf(slot, c->name);
    rec.failures.push_back({CaseKey(*c, ignore_params_), workers::DeathKind(result), detail});
    NoteCaseKey(rec.failures.back().key);
  }
  if (running.empty() && out.started.size() == out.cases.size()) {
    for (RunRecord& rec : slot.records) rec.error = detail;  // died between cases
  }
  // Continue this sample with the cases the worker never reached.
  std::vector<std::string> rest;
  std::ranges::copy_if(slot.planned, std::back_inserter(rest),
                       [&](const auto& name) { return std::ranges::find(slot.reached, name) == slot.reached.end(); });
  if (rest.empty() || launcher_.Interrupted() || (running.empty() && out.started.empty())) return false;
  Launch(slot_id, workers::ExactNamesFilter(rest));
  return true;
}

Status Driver::Finish(const workers::LaunchResult& result) {
  const auto slot_id = process_to_slot_.at(result.id);
  process_to_slot_.erase(result.id);
  Slot& slot = slots_.at(slot_id);
  for (RunRecord& rec : slot.records) {
    ++rec.processes;
    rec.wall_s += result.wall_s;
  }
  const workers::WorkerOutput out = ParseOutputWarningOfForgedLines(VariantOf(slot.records.front().variant), result);
  const bool clean =
      result.kind == workers::ExitKind::kExited && (result.exit_code == 0 || result.exit_code == 1) && out.ended;
  V8BENCH_OK(AdoptContext(result, out, slot));
  V8BENCH_OK(RecordCases(out, slot));
  for (const CaseInfo& c : out.started) slot.reached.push_back(c.name);
  if (!clean && out.context) {
    if (ContinueAfterDeath(result, out, slot_id)) return OkStatus();
  } else if (!clean && !out.context) {
    for (RunRecord& rec : slot.records) {
      if (rec.error.empty()) rec.error = workers::DescribeExit(result);
    }
  }
  std::string last;
  for (RunRecord& rec : slot.records) {  // the sample is complete
    const RunRecord& done = state_.runs.emplace_back(std::move(rec));
    const std::string status = done.error.empty() && done.failures.empty() ? "ok"
                               : !done.error.empty()                       ? "failed: " + done.error
                                                     : fmt::format("{} case(s) failed", done.failures.size());
    last += fmt::format("{}{} #{}: {}", last.empty() ? "" : ", ", VariantOf(done.variant).name, done.run + 1, status);
    ++sessions_done_;
  }
  slots_.erase(slot_id);
  if (on_sample_) on_sample_(state_);
  Report(fmt::format("{} ({:.2f} s)", last, result.wall_s), true);
  return OkStatus();
}

Expected<std::vector<std::vector<CaseInfo>>> Driver::ListCases() {
  const std::size_t nv = state_.variants.size();
  std::vector<std::vector<CaseInfo>> plans(nv);
  std::map<std::uint64_t, std::size_t> running;  // process -> variant
  std::size_t next = 0;
  while (next < nv || !running.empty()) {
    while (next < nv && static_cast<int>(running.size()) < state_.settings.jobs) {
      const workers::LaunchRequest req = WorkerRequest(state_.variants[next].variant, state_.settings.filter, true);
      running[req.id] = next++;
      launcher_.Start(req);
    }
    const auto results = launcher_.Wait();
    if (launcher_.Interrupted()) return plans;
    for (const workers::LaunchResult& r : results) {
      const auto node = running.extract(r.id);
      if (node.empty()) continue;
      const std::size_t v = node.mapped();
      const std::string& name = state_.variants[v].variant.name;
      workers::WorkerOutput out = ParseOutputWarningOfForgedLines(state_.variants[v].variant, r);
      if (r.kind != workers::ExitKind::kExited || r.exit_code != 0 || !out.context || !out.ended) {
        if (auto rejected = workers::RejectedConfiguration(r, name)) return *rejected;  // a usage error
        return Error::Input(fmt::format("variant {}: listing its cases for --shard failed ({}):\n{}", name,
                                        workers::DescribeExit(r), workers::WhyItStopped(r)));
      }
      plans[v] = std::move(out.plan);
    }
  }
  return plans;
}

Status Driver::PlanShard() {
  V8BENCH_TRY(const std::vector<std::vector<CaseInfo>> plans, ListCases());
  if (launcher_.Interrupted()) return OkStatus();
  ShardInfo& shard = *state_.shard;
  const std::size_t nv = state_.variants.size();
  // Per variant, case key -> the case's name under that variant (names differ by the params it sets).
  std::vector<std::map<std::string, std::string>> names(nv);
  std::vector<std::string> all;
  for (std::size_t v = 0; v < nv; ++v) {
    for (const CaseInfo& c : plans[v]) {
      const std::string key = CaseKey(c, ignore_params_);
      if (!names[v].emplace(key, c.name).second) {
        return SeveralCasesCompareAsOne(state_.variants[v].variant.name, key);
      }
      if (std::ranges::find(all, key) == all.end()) all.push_back(key);
    }
  }
  if (!shard.all_cases.empty() && shard.all_cases != all) {
    return Error::Input(fmt::format(
        "shard {}/{}: the comparison's cases are not those it started with ({} then, {} now): the suites or engines "
        "changed; start the shard afresh",
        shard.index, shard.count, shard.all_cases.size(), all.size()));
  }
  shard.all_cases = all;
  shard.cases = ShardCases(all, shard.index, shard.count);
  if (shard.cases.empty()) {
    return Error::Usage(fmt::format(
        "--shard {}/{}: the comparison has {} case{}, so this shard has none; use at most {} shard{}", shard.index,
        shard.count, all.size(), all.size() == 1 ? "" : "s", all.size(), all.size() == 1 ? "" : "s"));
  }
  for (std::size_t v = 0; v < nv; ++v) {
    std::vector<std::string> mine;
    for (const auto& key : shard.cases) {
      if (const auto it = names[v].find(key); it != names[v].end()) mine.push_back(it->second);
    }
    filters_[v] = workers::ExactNamesFilter(mine);
  }
  return OkStatus();
}

namespace {

// What a variant's workers run apart from its parameters.
Knobs WithoutParams(const Variant& v) {
  Knobs knobs = v.knobs;
  knobs.params.clear();
  return knobs;
}

}  // namespace

bool VariantsMayTakeTurns(const std::vector<VariantState>& variants, const CompareSettings& settings) {
  if (settings.alternate == 0 || variants.empty()) return false;
  const Variant& first = variants.front().variant;
  return std::ranges::all_of(variants, [&](const VariantState& vs) {
    return vs.variant.engine.empty() && vs.variant.v8_flags == first.v8_flags &&
           WithoutParams(vs.variant) == WithoutParams(first);
  });
}

bool SomeEngineTakesFreshWorkers(const std::vector<VariantState>& variants) {
  return std::ranges::any_of(variants, [](const VariantState& vs) {
    if (vs.variant.engine.empty()) return false;
    auto kind = workers::DetectEngineKind(vs.variant.engine);
    return !kind || !workers::ServesSamples(*kind);
  });
}

Status Driver::PlanAlternation() {
  const CompareSettings& settings = state_.settings;
  // counting_ (PrepareEngines): counted instructions do not drift with the machine. --long-lived: the user
  // asked for workers that live across blocks instead.
  if (settings.long_lived > 0 || state_.shard || ignore_params_.empty() || counting_) return OkStatus();
  // What a variant's workers run apart from its parameters: the same for every variant, or no alternation.
  if (!VariantsMayTakeTurns(state_.variants, settings)) return OkStatus();
  const Variant& first = state_.variants.front().variant;
  V8BENCH_TRY(const std::vector<std::vector<CaseInfo>> plans, ListCases());
  if (launcher_.Interrupted()) return OkStatus();
  Alternation a;
  a.worker = first;
  a.worker.knobs = WithoutParams(first);
  std::map<std::string, std::vector<std::string>> values;  // an alternated parameter -> every variant's values
  std::vector<std::string> names;
  for (std::size_t v = 0; v < plans.size(); ++v) {
    for (const CaseInfo& c : plans[v]) {
      // Two variants with a case of one name (the same values) cannot be told apart in one worker.
      if (!a.variant_of.emplace(c.name, static_cast<int>(v)).second) return OkStatus();
      names.push_back(c.name);
      for (const auto& [param, value] : c.params) {
        if (std::ranges::find(ignore_params_, param) == ignore_params_.end()) continue;
        if (value.find(',') != std::string::npos) return OkStatus();  // not writable as one --param list
        auto& list = values[param];
        if (std::ranges::find(list, value) == list.end()) list.push_back(value);
      }
    }
  }
  for (const auto& [param, list] : values) {
    a.worker.knobs.params.emplace_back(param, list);
    a.worker.turn_args.insert(a.worker.turn_args.end(), {"--alternate", param});
  }
  a.worker.turn_args.insert(a.worker.turn_args.end(), {"--turns", std::to_string(settings.alternate), "--copies",
                                                       std::to_string(settings.copies)});
  a.filter = workers::ExactNamesFilter(names);
  alternation_ = std::move(a);
  return OkStatus();
}

Status Driver::Run() {
  V8BENCH_OK(PrepareEngines());
  filters_.assign(state_.variants.size(), state_.settings.filter);
  if (state_.shard) {
    V8BENCH_OK(PlanShard());
    if (launcher_.Interrupted()) {
      state_.interrupted = true;
      return OkStatus();
    }
  }
  V8BENCH_OK(PlanAlternation());
  state_.alternated = alternation_.has_value();
  start_ = std::chrono::steady_clock::now();
  elapsed_before_ = state_.elapsed_s;
  started_.assign(state_.variants.size(), 0);
  int order = 0;
  for (const auto& r : state_.runs) {
    ++started_[static_cast<std::size_t>(r.variant)];
    order = std::max(order, r.order + 1);
    long_lived_started_ = std::max(long_lived_started_, r.worker_process);
  }
  long_lived_.assign(state_.variants.size() * static_cast<std::size_t>(state_.settings.long_lived), {});
  Schedule schedule(started_.size(), state_.settings.seed, started_);

  Status status = OkStatus();
  bool stopping = false;
  for (;;) {
    while (status.ok() && !stopping && !launcher_.Interrupted() &&
           static_cast<int>(process_to_slot_.size() + retiring_.size()) < state_.settings.jobs) {
      if ((stopping = StopStarting())) break;
      if (alternation_) {  // a block: the next sample of every variant, in one worker
        const std::uint64_t id = next_id_++;
        for (std::size_t v = 0; v < started_.size(); ++v) {
          RunRecord& rec = slots_[id].records.emplace_back();
          rec.variant = static_cast<int>(v);
          rec.run = rec.block = started_[v]++;
          rec.order = order++;
        }
        Launch(id, alternation_->filter);
        continue;
      }
      const std::size_t v = schedule.Next();
      if (state_.settings.runs > 0 && started_[v] >= state_.settings.runs) continue;
      const std::uint64_t id = next_id_++;
      RunRecord& rec = slots_[id].records.emplace_back();
      rec.variant = static_cast<int>(v);
      rec.run = rec.block = started_[v]++;  // Schedule: round b holds sample b of every variant
      rec.order = order++;
      if (state_.settings.long_lived > 0 && LongLivedServes(rec.block)) {
        AskLongLived(id);
      } else {
        for (LongLived& w : long_lived_) {
          if (w.process != 0) Retire(w);  // fresh workers from here on (LongLivedServes)
        }
        Launch(id, filters_[v]);
      }
    }
    if (process_to_slot_.empty() && retiring_.empty()) break;
    const auto results = launcher_.Wait();
    const bool interrupted = launcher_.Interrupted();
    state_.interrupted |= interrupted;
    if (!interrupted && status.ok()) status = FinishLongLivedSamples();
    for (const auto& r : results) {
      if (LongLivedEnded(r, interrupted, status)) continue;
      if (process_to_slot_.count(r.id) == 0) continue;
      if (interrupted || !status.ok()) {  // a worker killed by the interrupt, or any after an error: dropped
        process_to_slot_.erase(r.id);
        continue;
      }
      state_.elapsed_s = Elapsed();
      if (auto s = Finish(r); !s.ok()) status = s;
    }
    if (!interrupted && status.ok()) SendHeldSamples();  // the last warm-up ended (ready, or its worker died)
  }
  StopLongLived();
  state_.elapsed_s = Elapsed();
  state_.complete = status.ok() && !state_.interrupted;
  return status;
}

Schedule::Schedule(std::size_t variants, std::uint64_t seed, std::vector<int> done)
    : variants_(variants), rng_(seed), order_(variants), shifts_(variants), skip_(std::move(done)) {
  round_pos_ = variants * variants;  // a round is drawn on the first Next()
  skip_.resize(variants, 0);
}

std::size_t Schedule::Next() {
  for (;;) {
    if (round_pos_ >= variants_ * variants_) {
      Shuffle(order_, rng_);
      Shuffle(shifts_, rng_);
      round_pos_ = 0;
    }
    const std::size_t block = round_pos_ / variants_, slot = round_pos_ % variants_;
    ++round_pos_;
    const std::size_t v = order_[(slot + shifts_[block]) % variants_];
    if (skip_[v] == 0) return v;
    --skip_[v];
  }
}

std::uint64_t RandomSeed() {
  const auto t = static_cast<std::uint64_t>(std::chrono::high_resolution_clock::now().time_since_epoch().count());
  stats::Rng mix(t ^ (static_cast<std::uint64_t>(getpid()) << 32));
  return mix.Next() % 1000000000ULL;  // short enough to read and type
}

}  // namespace v8bench::driver
