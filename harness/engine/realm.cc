#include "harness/engine/realm.h"

#include <cstring>

#include "harness/engine/js_error.h"
#include "harness/engine/v8_compat.h"

namespace v8bench {

std::uint64_t Realm::YoungGenerationBytes() const {
  const std::size_t spaces = isolate_->NumberOfHeapSpaces();
  for (std::size_t i = 0; i < spaces; ++i) {
    v8::HeapSpaceStatistics stats;
    if (isolate_->GetHeapSpaceStatistics(&stats, i) && std::strcmp(stats.space_name(), "new_space") == 0) {
      return stats.space_size();
    }
  }
  return 0;
}

v8::Local<v8::Value> Realm::TakeThrown() {
  if (thrown_.IsEmpty()) return {};
  v8::Local<v8::Value> value = thrown_.Get(isolate_);
  thrown_.Reset();
  return value;
}

Expected<v8::Local<v8::Value>> Realm::RunScript(const std::string& source, const std::string& name) {
  v8::Isolate* iso = isolate();
  v8::Local<v8::Context> ctx = context();
  v8::TryCatch try_catch(iso);
  v8::Local<v8::String> src;
  if (!v8::String::NewFromUtf8(iso, source.data(), v8::NewStringType::kNormal, static_cast<int>(source.size()))
           .ToLocal(&src)) {
    return Error::Input(name + ": source too large for a V8 string");
  }
  v8::ScriptOrigin origin = v8compat::ScriptOriginFor(iso, v8::String::NewFromUtf8(iso, name.c_str()).ToLocalChecked());
  v8::Local<v8::Script> script;
  if (!v8::Script::Compile(ctx, src, &origin).ToLocal(&script)) {
    return Error::Input(DescribeException(iso, ctx, try_catch));
  }
  v8::Local<v8::Value> result;
  ForgetThrown();
  if (!script->Run(ctx).ToLocal(&result)) {
    if (!try_catch.HasTerminated()) SetThrown(try_catch.Exception());
    if (auto code = ExitRequested()) {
      return Error::Js(name + ": the script called process.exit(" + std::to_string(*code) + ")");
    }
    return Error::Input(DescribeException(iso, ctx, try_catch));
  }
  return result;
}

Expected<std::unique_ptr<Realm>> CreateRealm(RealmKind kind, V8Process::Impl& process) {
  return kind == RealmKind::kNode ? CreateNodeRealm(process) : CreateBareRealm(process);
}

}  // namespace v8bench
