// compare --long-lived K (docs/paired.md, "Long-lived workers"): each variant's samples are taken by K
// worker processes that live across blocks. A worker (`run --serve`) warms its cases up once and then
// times one more sample for every "sample" line the driver writes to its stdin, closing it with an "end"
// line; what it writes of one sample is handed to Finish as a fresh worker's whole output would be (its
// context line ahead of it), so a long-lived sample is recorded, continued after a death and judged as
// any other.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "harness/driver/driver.h"
#include "harness/measure/cpu_affinity.h"
#include "harness/workers/worker_protocol.h"
#include "harness/workers/worker_stdin.h"

namespace v8bench::driver {
namespace {

// An idle long-lived worker writes nothing while the others take their turns: its timeout is set this
// high between samples, and back to the worker's own when it is asked for one.
constexpr double kIdleTimeoutS = 1e9;

// Whether `line` is the context line of a worker that writes no "ready" line (an older v8bench build as an
// engine, protocol < 1.4): it is taken as ready there, and its warm-up is its first sample's, as before.
bool ReadyAtContext(std::string_view line) {
  if (line.find(R"("type":"context")") == std::string_view::npos) return false;
  const workers::WorkerOutput out = workers::ParseWorkerOutput(line);
  return out.refused.has_value() || (out.context.has_value() && !workers::AnnouncesReady(out.format));
}

}  // namespace

std::string Driver::WithContext(const LongLived& w) {
  // Until the worker said it is ready, `pending` holds all it wrote, its context line included, and
  // `context` is empty; from then on `context` holds those lines and `pending` the sample's.
  return w.context + w.pending;
}

std::size_t LongLivedWorkerOf(int block, int workers_per_variant) {
  return static_cast<std::size_t>(block % std::max(1, workers_per_variant));
}

bool Driver::LongLivedServes(int block) {
  if (const auto known = block_serves_.find(block); known != block_serves_.end()) return known->second;
  // Once fresh, fresh to the end (the report's header says from which block).
  if (block > 0 && !LongLivedServes(block - 1)) return block_serves_[block] = false;
  // Each process once: a long-lived worker's samples all carry its one warm-up; a fresh worker's is its own.
  std::set<int> seen;
  std::map<std::string, int> capped;
  int processes = 0;
  for (const RunRecord& r : state_.runs) {
    if (r.block >= block || (r.worker_process != 0 && !seen.insert(r.worker_process).second)) continue;
    ++processes;
    for (const std::string& key : r.warmup_capped) ++capped[key];
  }
  const bool most_capped = !state_.case_keys.empty() && std::ranges::all_of(state_.case_keys, [&](const auto& key) {
    return 2 * capped[key] > processes;
  });
  return block_serves_[block] = !most_capped;
}

std::size_t Driver::LongLivedIndex(int variant, int block) const {
  const int k = state_.settings.long_lived;
  return static_cast<std::size_t>(variant) * static_cast<std::size_t>(k) + LongLivedWorkerOf(block, k);
}

void Driver::StartLongLived(std::size_t index, int variant, int block) {
  workers::LaunchRequest req = WorkerRequest(VariantOf(variant), filters_[static_cast<std::size_t>(variant)], false,
                                             BlockWarmupCap(block), true);
  LongLived& w = long_lived_.at(index);
  w = LongLived{};
  w.process = req.id;
  w.serial = ++long_lived_started_;
  w.warmup_cap_s = BlockWarmupCap(block);
  req.keep_stdin_open = true;
  if (!req.stdin_data.empty()) req.stdin_data += '\n';  // the seal, a line ahead of the commands
  req.on_stdout = [this, index](std::string_view chunk) { OnLongLivedOutput(index, chunk); };
  launcher_.Start(req);
}

void Driver::WarmUpTogether(int block) {
  const auto warming = [&] { return std::ranges::count_if(long_lived_, &LongLived::Warming); };
  const auto cpus = static_cast<std::ptrdiff_t>(std::max<std::size_t>(1, AllowedCpus().size()));
  for (std::size_t v = 0; v < started_.size() && warming() < cpus; ++v) {
    const std::size_t index = LongLivedIndex(static_cast<int>(v), block);
    if (started_[v] == block && long_lived_.at(index).process == 0) StartLongLived(index, static_cast<int>(v), block);
  }
}

void Driver::AskLongLived(std::uint64_t slot_id) {
  RunRecord& rec = slots_.at(slot_id).records.front();
  const std::size_t index = LongLivedIndex(rec.variant, rec.block);
  // Its first turn, or its first after it died: start-up and warm-up are this sample's.
  if (long_lived_.at(index).process == 0) StartLongLived(index, rec.variant, rec.block);
  WarmUpTogether(rec.block);
  LongLived& w = long_lived_.at(index);
  rec.worker_process = w.serial;
  rec.warmup_cap_s = w.warmup_cap_s;
  w.sample_ended = false;
  w.held = true;
  w.sample_timeout_s = WorkerRequestTimeout();
  w.asked = std::chrono::steady_clock::now();
  process_to_slot_[w.process] = slot_id;
  SendHeldSamples();
  Report(last_, false);
}

void Driver::SendHeldSamples() {
  if (std::ranges::any_of(long_lived_, &LongLived::Warming)) return;
  for (LongLived& w : long_lived_) {
    if (!w.held || w.process == 0) continue;
    w.held = false;
    launcher_.SetTimeout(w.process, w.sample_timeout_s);
    // A worker that has ended cannot take it: its end comes from Wait() and LongLivedEnded records the sample
    // as a dead worker's.
    (void)launcher_.WriteStdin(w.process, std::string(workers::kSampleCommand) + "\n");
  }
}

void Driver::OnLongLivedOutput(std::size_t worker, std::string_view chunk) {
  LongLived& w = long_lived_.at(worker);
  w.pending.append(chunk);
  const int variant = static_cast<int>(worker / static_cast<std::size_t>(state_.settings.long_lived));
  const std::string seal = SealOf(VariantOf(variant));
  if (!w.ready) {
    // What it wrote ahead of its first sample, up to its "ready" line (or, without one, its context line).
    for (std::size_t begin = 0, end; (end = w.pending.find('\n', begin)) != std::string::npos; begin = end + 1) {
      const auto line = workers::UnsealLine(std::string_view(w.pending).substr(begin, end - begin), seal);
      const bool announced = line == std::optional<std::string_view>(workers::kReadyLine);
      if (!line || (!announced && !ReadyAtContext(*line))) continue;
      w.ready = true;
      w.context = w.pending.substr(0, announced ? begin : end + 1);
      w.pending.erase(0, end + 1);
      launcher_.SetTimeout(w.process, kIdleTimeoutS);  // it waits, perhaps for others' warm-ups
      launcher_.Wake();
      break;
    }
    return;
  }
  if (w.sample_ended || w.pending.size() < 2 || w.pending.back() != '\n') return;
  // The sample ends with its "end" line, the last the worker writes before it waits for the next command.
  const std::size_t newline_before = w.pending.rfind('\n', w.pending.size() - 2);
  const std::size_t start = newline_before == std::string::npos ? 0 : newline_before + 1;
  const std::string_view last = std::string_view(w.pending).substr(start, w.pending.size() - 1 - start);
  if (workers::UnsealLine(last, seal) == std::optional<std::string_view>(workers::kEndLine)) {
    w.sample_ended = true;
    launcher_.Wake();
  }
}

Status Driver::FinishLongLivedSamples() {
  for (LongLived& w : long_lived_) {
    if (!w.sample_ended || process_to_slot_.count(w.process) == 0) continue;
    workers::LaunchResult sample;  // as a fresh worker's whole output: its context, then the sample
    sample.id = w.process;
    sample.kind = workers::ExitKind::kExited;
    sample.exit_code = 0;
    sample.out = WithContext(w);
    sample.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - w.asked).count();
    w.pending.clear();
    w.sample_ended = false;
    launcher_.SetTimeout(w.process, kIdleTimeoutS);
    state_.elapsed_s = Elapsed();
    V8BENCH_OK(Finish(sample));
    if (++w.samples >= state_.settings.worker_samples && state_.settings.worker_samples > 0) Retire(w);
  }
  return OkStatus();
}

void Driver::Retire(LongLived& w) {
  launcher_.CloseStdin(w.process);
  launcher_.SetTimeout(w.process, std::max(1.0, state_.settings.timeout_s));
  retiring_.insert(w.process);
  w.process = 0;
}

bool Driver::LongLivedEnded(const workers::LaunchResult& result, bool drop, Status& status) {
  if (retiring_.erase(result.id) > 0) return true;  // retired between samples: nothing was lost
  const auto it = std::ranges::find_if(long_lived_, [&](const LongLived& w) { return w.process == result.id; });
  if (it == long_lived_.end()) return false;
  it->process = 0;  // its next turn starts a new process
  it->held = false;
  if (process_to_slot_.count(result.id) == 0) return true;  // ended between samples: nothing was lost
  if (drop || !status.ok()) {
    process_to_slot_.erase(result.id);
    return true;
  }
  workers::LaunchResult dead = result;  // what it wrote of this sample, as a worker that died in it
  dead.out = WithContext(*it);
  dead.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - it->asked).count();
  it->pending.clear();
  state_.elapsed_s = Elapsed();
  if (auto s = Finish(dead); !s.ok()) status = s;
  return true;
}

void Driver::StopLongLived() {
  for (LongLived& w : long_lived_) {
    if (w.process != 0) Retire(w);
  }
  std::set<std::uint64_t> running = std::move(retiring_);
  retiring_.clear();
  while (!running.empty()) {
    const auto ended = launcher_.Wait();
    if (ended.empty()) break;
    for (const auto& r : ended) running.erase(r.id);
  }
}

}  // namespace v8bench::driver
