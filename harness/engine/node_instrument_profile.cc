#include "harness/engine/node_instrument_profile.h"

#include <cstddef>
#include <string>
#include <utility>

#include "harness/engine/node_instrument_js.h"
#include "harness/profile/cpuprofile_writer.h"

namespace v8bench {

NodeProfile::~NodeProfile() {
  sampler_.reset();
  Unlisten();
}

void NodeProfile::Unlisten() {
  if (listening_) jit_.Unlisten();
  listening_ = false;
}

void NodeProfile::Begin(const v8::FunctionCallbackInfo<v8::Value>& info) {
  CpuSampler::UseDetailedSourcePositions(info.GetIsolate());
  (void)jit_.TakeEntries();
  if (!listening_) jit_.Listen();
  listening_ = true;
}

void NodeProfile::Start(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (sampler_) return ThrowJsError(isolate, "profileStart(): a profile is already running (profileStop() first)");
  const int interval_us =
      info[0]->IsInt32() && info[0].As<v8::Int32>()->Value() > 0 ? info[0].As<v8::Int32>()->Value() : 100;
  auto sampler = std::make_unique<CpuSampler>(isolate, jit_);
  if (auto started = sampler->Start(interval_us); !started) return ThrowJsError(isolate, started.error().message);
  sampler_ = std::move(sampler);
}

void NodeProfile::Stop(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!sampler_) return ThrowJsError(isolate, "profileStop(): no profile is running (profileStart(intervalUs) first)");
  CpuProfileData data;
  const Status stopped = sampler_->Stop(data);
  sampler_.reset();
  Unlisten();
  if (!stopped) return ThrowJsError(isolate, stopped.error().message);
  const std::string json = CpuProfileJson(data, ProfileFields::kWithV8bench);
  v8::Local<v8::String> out;
  if (json.size() > static_cast<std::size_t>(v8::String::kMaxLength) ||
      !v8::String::NewFromUtf8(isolate, json.data(), v8::NewStringType::kNormal, static_cast<int>(json.size()))
           .ToLocal(&out)) {
    return ThrowJsError(isolate, "profileStop(): the profile's JSON is too large for a JS string");
  }
  info.GetReturnValue().Set(out);
}

}  // namespace v8bench
