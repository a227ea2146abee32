#include "harness/engine/jit_code_log.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

#include "harness/engine/v8_compat.h"

namespace v8bench {
namespace {

std::mutex& RegistryMutex() {
  static std::mutex mu;
  return mu;
}

// V8 takes one plain function pointer per isolate; the logs are found through this registry.
std::vector<JitCodeLog*>& Registry() {
  static std::vector<JitCodeLog*> logs;
  return logs;
}

bool IsNumber(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

JitCodeLog::JitCodeLog(v8::Isolate* isolate) : isolate_(isolate) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  Registry().push_back(this);
}

JitCodeLog::~JitCodeLog() {
  if (listening_ > 0) isolate_->SetJitCodeEventHandler(v8::kJitCodeEventDefault, nullptr);
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto& r = Registry();
  r.erase(std::remove(r.begin(), r.end(), this), r.end());
}

void JitCodeLog::Listen() {
  // Without enumerating the code that exists: only code created from here on is of interest.
  if (listening_++ == 0) isolate_->SetJitCodeEventHandler(v8::kJitCodeEventDefault, &JitCodeLog::OnEvent);
}

void JitCodeLog::Unlisten() {
  if (listening_ > 0 && --listening_ == 0) isolate_->SetJitCodeEventHandler(v8::kJitCodeEventDefault, nullptr);
}

void JitCodeLog::SetReplaying(bool replaying) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  replaying_ = replaying;
}

std::vector<JitCodeLog::Entry> JitCodeLog::TakeEntries() {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  return std::move(entries_);
}

int JitCodeLog::TakeOptimizedCount() {
  int n = 0;
  for (const Entry& e : TakeEntries()) {
    if (e.code.tier == CodeTier::kTurboFan || e.code.tier == CodeTier::kMidTier) ++n;
  }
  return n;
}

void JitCodeLog::OnEvent(const v8::JitCodeEvent* event) {
  std::lock_guard<std::mutex> lock(RegistryMutex());
  for (JitCodeLog* log : Registry()) {
    if (log->isolate_ == event->isolate) log->Handle(*event);
  }
}

void JitCodeLog::Handle(const v8::JitCodeEvent& e) {
  if (e.type != v8::JitCodeEvent::CODE_ADDED || e.code_type == v8::JitCodeEvent::WASM_CODE) return;
  // Starting a profiler re-announces the code that exists (on this thread, which compiles nothing
  // meanwhile); that is no new code.
  if (e.code_start == nullptr || replaying_) return;
  std::string_view name(e.name.str, e.name.len);
  const auto colon = name.find(':');
  if (colon == std::string_view::npos) return;
  const std::string_view tag = name.substr(0, colon);
  if (!v8compat::IsJsFunctionCodeTag(tag)) return;  // not a JS function's code
  std::string_view rest = name.substr(colon + 1);
  CompiledCode code;
  code.tier = CodeTier::kIgnition;  // no marker: interpreted, optimisation disabled
  if (!rest.empty()) {
    switch (rest.front()) {
      case '~':
        rest.remove_prefix(1);
        break;
      case '^':
        code.tier = CodeTier::kSparkplug;
        rest.remove_prefix(1);
        break;
      case '+':
        code.tier = CodeTier::kMidTier;
        rest.remove_prefix(1);
        break;
      case '*':
        code.tier = CodeTier::kTurboFan;
        rest.remove_prefix(1);
        break;
      default:
        break;
    }
    if (code.tier == CodeTier::kTurboFan || code.tier == CodeTier::kMidTier) {
      rest = v8compat::WithoutContextSpecializedMark(rest);
    }
  }
  // rest is "<function name> <script name>:<line>". The two names are split later (SplitNames),
  // away from this hook: nothing here may allocate on the V8 heap (a GC would re-enter it).
  auto line_colon = rest.rfind(':');
  if (line_colon == std::string_view::npos || line_colon == 0) return;
  // "file.js:3:10" (V8 11.3 onwards, v8compat::IsJsFunctionCodeTag): the column is dropped.
  if (const auto prev = rest.rfind(':', line_colon - 1);
      prev != std::string_view::npos && IsNumber(rest.substr(prev + 1, line_colon - prev - 1))) {
    rest = rest.substr(0, line_colon);
    line_colon = prev;
  }
  code.line = std::atoi(std::string(rest.substr(line_colon + 1)).c_str());
  code.function_name = std::string(rest.substr(0, line_colon));
  code.script_id = -1;
  // The script handle can be read only on the thread that is running the isolate.
  if (!e.script.IsEmpty() && v8::Isolate::TryGetCurrent() == isolate_) {
    v8::HandleScope scope(isolate_);
    code.script_id = e.script->GetId();
  }
  entries_.push_back({std::move(code), Clock::now()});
}

}  // namespace v8bench
