#include "harness/engine/cpu_profile.h"

#include <v8-profiler.h>
#include <v8.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "harness/engine/jit_code_log.h"
#include "harness/engine/js_error.h"
#include "harness/engine/suite_host_state.h"

namespace v8bench {

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// RAII for the profiler and the profile it returns.
class Profiler {
 public:
  explicit Profiler(v8::Isolate* isolate) : p_(v8::CpuProfiler::New(isolate, v8::kDebugNaming, v8::kLazyLogging)) {}
  ~Profiler() { p_->Dispose(); }
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;
  v8::CpuProfiler* operator->() { return p_; }

 private:
  v8::CpuProfiler* p_;
};

class Profile {
 public:
  explicit Profile(v8::CpuProfile* p) : p_(p) {}
  ~Profile() {
    if (p_ != nullptr) p_->Delete();
  }
  Profile(const Profile&) = delete;
  Profile& operator=(const Profile&) = delete;
  v8::CpuProfile* get() { return p_; }

 private:
  v8::CpuProfile* p_;
};

FrameKind KindOf(v8::CpuProfileNode::SourceType type) {
  switch (type) {
    case v8::CpuProfileNode::kScript:
      return FrameKind::kScript;
    case v8::CpuProfileNode::kBuiltin:
      return FrameKind::kBuiltin;
    case v8::CpuProfileNode::kCallback:
      return FrameKind::kCallback;
    case v8::CpuProfileNode::kInternal:
      return FrameKind::kInternal;
    default:
      return FrameKind::kUnresolved;
  }
}

std::string Str(const char* s) { return s == nullptr ? std::string() : std::string(s); }

ProfileNode ConvertNode(const v8::CpuProfileNode& n) {
  ProfileNode out;
  out.id = n.GetNodeId();
  out.function_name = Str(n.GetFunctionNameStr());
  out.script_id = n.GetScriptId();
  out.url = Str(n.GetScriptResourceNameStr());
  out.line = std::max(0, n.GetLineNumber());
  out.column = std::max(0, n.GetColumnNumber());
  out.kind = KindOf(n.GetSourceType());
  out.hit_count = n.GetHitCount();
  for (int i = 0; i < n.GetChildrenCount(); ++i) out.children.push_back(n.GetChild(i)->GetNodeId());
  if (const unsigned lines = n.GetHitLineCount(); lines > 0) {
    std::vector<v8::CpuProfileNode::LineTick> ticks(lines);
    if (n.GetLineTicks(ticks.data(), lines)) {
      for (const auto& t : ticks) out.line_ticks.push_back({t.line, t.hit_count});
    }
  }
  out.bailout_reason = Str(n.GetBailoutReason());
  for (const auto& d : n.GetDeoptInfos()) {
    ProfileDeopt deopt;
    deopt.reason = Str(d.deopt_reason);
    for (const auto& f : d.stack) deopt.stack.push_back({f.script_id, f.position});
    out.deopts.push_back(std::move(deopt));
  }
  return out;
}

void CountState(VmStateCounts& c, v8::StateTag state) {
  switch (state) {
    case v8::JS:
      ++c.js;
      break;
    case v8::GC:
      ++c.gc;
      break;
    case v8::PARSER:
      ++c.parser;
      break;
    case v8::BYTECODE_COMPILER:
      ++c.bytecode_compiler;
      break;
    case v8::COMPILER:
      ++c.compiler;
      break;
    case v8::EXTERNAL:
      ++c.external;
      break;
    case v8::ATOMICS_WAIT:
      ++c.atomics_wait;
      break;
    case v8::IDLE:
      ++c.idle;
      break;
    default:
      ++c.other;
      break;
  }
}

void Convert(v8::CpuProfile& profile, CpuProfileData& out) {
  std::vector<const v8::CpuProfileNode*> stack = {profile.GetTopDownRoot()};
  while (!stack.empty()) {
    const v8::CpuProfileNode* n = stack.back();
    stack.pop_back();
    out.nodes.push_back(ConvertNode(*n));
    for (int i = n->GetChildrenCount() - 1; i >= 0; --i) stack.push_back(n->GetChild(i));
  }
  const int count = profile.GetSamplesCount();
  out.samples.reserve(static_cast<std::size_t>(count));
  out.timestamps_us.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    out.samples.push_back(profile.GetSample(i)->GetNodeId());
    out.timestamps_us.push_back(profile.GetSampleTimestamp(i));
    CountState(out.states, profile.GetSampleState(i));
  }
  // Self counts from the samples themselves, so that hitCount and the sample list (what DevTools
  // and speedscope draw from) agree; V8's per-node counts can be off by a sample at the edges.
  if (!out.samples.empty()) {
    std::unordered_map<unsigned, unsigned> hits;
    for (unsigned id : out.samples) ++hits[id];
    for (auto& n : out.nodes) n.hit_count = hits.count(n.id) ? hits[n.id] : 0;
  }
  out.start_us = profile.GetStartTime();
  out.end_us = profile.GetEndTime();
}

// Code event names hold "<function name> <script name>"; the profile knows each script's name.
void SplitNames(CpuProfileData& data) {
  std::unordered_map<int, std::string> url_of;
  for (const auto& n : data.nodes) url_of.emplace(n.script_id, n.url);
  for (auto& c : data.code) {
    std::string& label = c.function_name;
    auto url = url_of.find(c.script_id);
    std::string suffix(1, ' ');
    if (url != url_of.end()) suffix += url->second;
    if (url != url_of.end() && label.size() >= suffix.size() &&
        label.compare(label.size() - suffix.size(), suffix.size(), suffix) == 0) {
      label.resize(label.size() - suffix.size());
    } else if (const auto space = label.rfind(' '); space != std::string::npos) {
      label.resize(space);
    }
  }
}

// Batches aim at this length: long enough that the host->JS call is noise, short enough that the
// profile ends close to --duration.
constexpr double kTargetBatchSeconds = 0.005;

// Untimed batches for at least `seconds` (and three batches), doubling the batch until one takes
// kTargetBatchSeconds: the batch size to profile with.
Expected<std::uint64_t> WarmUp(SuiteHost& host, double seconds) {
  std::uint64_t n = 1;
  const auto start = Clock::now();
  for (int batches = 0;; ++batches) {
    const auto b0 = Clock::now();
    if (auto ran = host.RunBatch(n); !ran) return ran.error();
    const double took = SecondsSince(b0);
    if (SecondsSince(start) >= seconds && batches >= 2) return n;
    if (took < kTargetBatchSeconds && n < (std::uint64_t{1} << 40)) n *= 2;
  }
}

}  // namespace

Expected<CpuProfileData> ProfileCase(SuiteHost& host, const ProfileOptions& options) {
  return host.RunUnderProfiler(options);
}

Expected<CpuProfileData> SuiteHost::RunUnderProfiler(const ProfileOptions& options) {
  State& s = *s_;
  SuiteHost& host = *this;
  v8::Isolate* isolate = s.realm->isolate();
  CpuProfileData data;
  data.interval_us = options.interval_us;

  // Before any of the case's code is compiled: line-level positions for optimised code, and the
  // JIT code log (which tier V8 compiled each function to, and when).
  v8::CpuProfiler::UseDetailedSourcePositionsForProfiling(isolate);
  // The profile reports what the case compiles from here on (the host's batches recorded theirs).
  JitCodeLog& jit = *s.jit;
  (void)jit.TakeEntries();
  JitCodeLog::Listening listening(jit);
  const SuiteHost::Deadline deadline(host, options.timeout_s);
  auto fail = [&](const Error& e) -> Error {
    (void)host.Teardown();
    return e;
  };
  if (auto prepared = host.Prepare(options.case_index, options.quick); !prepared) return fail(prepared.error());
  if (auto settled = host.Settle(options.tier); !settled) return fail(settled.error());
  {
    RealmScope scope(*s.realm);
    v8::Local<v8::Function> batch = s.batch.Get(isolate);
    data.batch_script_id = batch->ScriptId();
    data.batch_function = ToUtf8(isolate, batch->GetName());
  }

  const auto warm_start = Clock::now();
  auto batch_size = WarmUp(host, options.warmup_s);
  if (!batch_size) return fail(batch_size.error());
  const std::uint64_t n = batch_size.value();
  data.warmup_s = SecondsSince(warm_start);
  data.batch_size = n;

  Profiler profiler(isolate);
  profiler->SetSamplingInterval(options.interval_us);
  v8::ProfilerId id = 0;
  {
    RealmScope scope(*s.realm);
    jit.SetReplaying(true);
    const v8::CpuProfilingResult started =
        profiler->Start(v8::CpuProfilingOptions(v8::kLeafNodeLineNumbers, v8::CpuProfilingOptions::kNoSampleLimit, 0));
    jit.SetReplaying(false);
    if (started.status != v8::CpuProfilingStatus::kStarted) {
      return fail(Error::Internal("V8's CPU profiler did not start (status " +
                                  std::to_string(static_cast<int>(started.status)) + ")"));
    }
    id = started.id;
  }
  const auto profile_start = Clock::now();
  do {
    if (auto ran = host.RunBatch(n); !ran) return fail(ran.error());
    data.iterations += n;
  } while (SecondsSince(profile_start) < options.duration_s);
  data.profiled_s = SecondsSince(profile_start);

  {
    RealmScope scope(*s.realm);
    Profile profile(profiler->Stop(id));
    std::vector<JitCodeLog::Entry> compiled = jit.TakeEntries();
    for (auto& c : compiled) {
      c.code.at_s = std::chrono::duration<double>(c.at - profile_start).count();
      data.code.push_back(std::move(c.code));
    }
    if (profile.get() == nullptr) return fail(Error::Internal("V8's CPU profiler returned no profile"));
    Convert(*profile.get(), data);
    SplitNames(data);
  }
  if (auto torn = host.Teardown(); !torn) return torn.error();
  return data;
}

}  // namespace v8bench
