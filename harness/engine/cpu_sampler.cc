#include "harness/engine/cpu_sampler.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace v8bench {

namespace {

// Owns the profile V8 returns.
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

}  // namespace

void CpuSampler::UseDetailedSourcePositions(v8::Isolate* isolate) {
  v8::CpuProfiler::UseDetailedSourcePositionsForProfiling(isolate);
}

CpuSampler::CpuSampler(v8::Isolate* isolate, JitCodeLog& jit)
    : isolate_(isolate), jit_(jit), profiler_(v8::CpuProfiler::New(isolate, v8::kDebugNaming, v8::kLazyLogging)) {}

// Disposing of the profiler ends a profile still running (a case that failed while sampled).
CpuSampler::~CpuSampler() { profiler_->Dispose(); }

Status CpuSampler::Start(int interval_us) {
  profiler_->SetSamplingInterval(interval_us);
  jit_.SetReplaying(true);
  const v8::CpuProfilingResult started =
      profiler_->Start(v8::CpuProfilingOptions(v8::kLeafNodeLineNumbers, v8::CpuProfilingOptions::kNoSampleLimit, 0));
  jit_.SetReplaying(false);
  if (started.status != v8::CpuProfilingStatus::kStarted) {
    return Error::Internal("V8's CPU profiler did not start (status " +
                           std::to_string(static_cast<int>(started.status)) + ")");
  }
  id_ = started.id;
  start_ = std::chrono::steady_clock::now();
  return OkStatus();
}

Status CpuSampler::Stop(CpuProfileData& data) {
  Profile profile(profiler_->Stop(id_));
  for (auto& c : jit_.TakeEntries()) {
    c.code.at_s = std::chrono::duration<double>(c.at - start_).count();
    data.code.push_back(std::move(c.code));
  }
  if (profile.get() == nullptr) return Error::Internal("V8's CPU profiler returned no profile");
  Convert(*profile.get(), data);
  SplitNames(data);
  return OkStatus();
}

}  // namespace v8bench
