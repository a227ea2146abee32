#include "harness/engine/suite_host.h"

#include <simdjson.h>

#include "harness/engine/js_error.h"
#include "harness/engine/js_sources.h"
#include "harness/engine/suite_host_state.h"

namespace v8bench {

namespace {

std::string JsonQuote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out.push_back(c);
  }
  return out + "\"";
}

}  // namespace

SuiteHost::SuiteHost(std::unique_ptr<State> state) : s_(std::move(state)) {}
SuiteHost::~SuiteHost() = default;

Expected<std::unique_ptr<SuiteHost>> SuiteHost::Open(V8Process& process, RealmKind kind, const std::string& path,
                                                     const std::string& source, const ParamOverrides& overrides) {
  auto realm = CreateRealm(kind, process.impl());
  if (!realm) return realm.error();
  auto state = std::make_unique<State>();
  state->realm = std::move(realm.value());
  state->path = path;
  Realm* r = state->realm.get();
  state->lock = std::make_unique<v8::Locker>(r->isolate());
  state->watchdog = std::make_unique<Watchdog>([r] {
    r->isolate()->TerminateExecution();
    r->Wake();
  });
  RealmScope scope(*state->realm);
  state->gc = std::make_unique<GcMonitor>(r->isolate());
  state->jit = std::make_unique<JitCodeLog>(r->isolate());
  if (auto api = r->RunScript(kBenchApiJs, "v8bench:bench_api.js"); !api) return api.error();
  v8::Local<v8::Value> api;
  if (!r->context()
           ->Global()
           ->Get(r->context(), v8::String::NewFromUtf8Literal(r->isolate(), "__v8bench"))
           .ToLocal(&api) ||
      !api->IsObject()) {
    return Error::Internal("bench API did not install globalThis.__v8bench");
  }
  state->api.Reset(r->isolate(), api.As<v8::Object>());
  if (!overrides.empty()) {
    std::string json = "{";
    for (const auto& [name, values] : overrides) {
      if (json.size() > 1) json += ",";
      json += JsonQuote(name);
      json += ":[";
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) json += ",";
        json += JsonQuote(values[i]);
      }
      json += "]";
    }
    json += "}";
    auto configured =
        state->CallApi("configure", {v8::String::NewFromUtf8(r->isolate(), json.c_str()).ToLocalChecked()});
    if (!configured) return configured.error();
  }
  if (auto loaded = r->RunScript(source, path); !loaded) return state->Explain(loaded.error());
  return std::unique_ptr<SuiteHost>(new SuiteHost(std::move(state)));
}

RealmKind SuiteHost::realm() const { return s_->realm->kind(); }

namespace {

Expected<SuiteFile> ParseDescription(const std::string& path, const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(json).get(doc) != simdjson::SUCCESS) return Error::Internal("bench API returned bad JSON");
  SuiteFile file;
  file.path = path;
  auto realm_of = [](std::string_view r) { return r == "node" ? RealmKind::kNode : RealmKind::kV8; };
  for (simdjson::dom::element s : doc["suites"].get_array()) {
    SuiteInfo suite;
    suite.name = std::string(s["name"].get_string().value());
    suite.realm = realm_of(s["realm"].get_string().value());
    suite.description = std::string(s["description"].get_string().value());
    for (simdjson::dom::element b : s["benches"].get_array()) {
      BenchInfo bench;
      bench.name = std::string(b["name"].get_string().value());
      for (auto [key, values] : b["grid"].get_object()) {
        std::vector<std::string> vs;
        for (simdjson::dom::element v : values.get_array()) {
          if (v.is_string()) {
            vs.emplace_back(v.get_string().value());
          } else {
            vs.push_back(simdjson::minify(v));
          }
        }
        bench.grid.emplace_back(std::string(key), std::move(vs));
      }
      suite.benches.push_back(std::move(bench));
    }
    file.suites.push_back(std::move(suite));
  }
  std::size_t index = 0;
  for (simdjson::dom::element c : doc["cases"].get_array()) {
    CaseInfo info;
    info.index = index++;
    info.name = std::string(c["name"].get_string().value());
    info.suite = std::string(c["suite"].get_string().value());
    info.bench = std::string(c["bench"].get_string().value());
    info.realm = realm_of(c["realm"].get_string().value());
    for (simdjson::dom::element kv : c["params"].get_array()) {
      info.params.emplace_back(std::string(kv.at(0).get_string().value()), std::string(kv.at(1).get_string().value()));
    }
    file.cases.push_back(std::move(info));
  }
  return file;
}

}  // namespace

Expected<SuiteFile> SuiteHost::Describe(bool quick) {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("describe", {v8::Boolean::New(s_->realm->isolate(), quick)});
  if (!out) return out.error();
  return ParseDescription(s_->path, ToUtf8(s_->realm->isolate(), out.value()));
}

Status SuiteHost::Prepare(std::size_t case_index, bool quick) {
  RealmScope scope(*s_->realm);
  v8::Isolate* iso = s_->realm->isolate();
  auto batch =
      s_->CallApi("prepare", {v8::Number::New(iso, static_cast<double>(case_index)), v8::Boolean::New(iso, quick)});
  if (!batch) return batch.error();
  if (!batch.value()->IsFunction()) return Error::Internal("bench API: prepare() did not return the batch function");
  s_->batch.Reset(iso, batch.value().As<v8::Function>());
  auto is_async = s_->CallApi("isAsync", {});
  if (!is_async) return is_async.error();
  s_->async = is_async.value()->IsTrue();
  auto checked = s_->CallApi("check", {});
  if (!checked) {
    if (checked.error().kind != Error::Kind::kJsException) return checked.error();
    return Error::Js("self-check failed: " + checked.error().message);
  }
  return OkStatus();
}

Status SuiteHost::RunBatch(std::uint64_t iterations) {
  RealmScope scope(*s_->realm);
  v8::Isolate* iso = s_->realm->isolate();
  v8::Local<v8::Value> argv[] = {v8::Number::New(iso, static_cast<double>(iterations))};
  auto result = s_->realm->Call(s_->batch.Get(iso), 1, argv);
  if (!result) return s_->Explain(result.error());
  if (s_->async) {
    if (!result.value()->IsPromise()) return Error::Internal("async batch did not return a promise");
    auto settled = s_->realm->Settle(result.value().As<v8::Promise>(), s_->watchdog->expired());
    if (!settled) return s_->Explain(settled.error());
  }
  return OkStatus();
}

Expected<std::vector<Counter>> SuiteHost::CaseCounters() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("counters", {});
  if (!out) return out.error();
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  const std::string json = ToUtf8(s_->realm->isolate(), out.value());
  if (parser.parse(json).get(doc) != simdjson::SUCCESS) return Error::Internal("bench API: counters() bad JSON");
  std::vector<Counter> counters;
  for (auto [key, value] : doc.get_object()) {
    const std::string name(key);
    const bool bytes = name.size() >= 6 && name.compare(name.size() - 6, 6, "_bytes") == 0;
    counters.push_back({name, value.get_double().value(), bytes ? Unit::kBytes : Unit::kCount});
  }
  return counters;
}

Status SuiteHost::Teardown() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("teardown", {});
  s_->batch.Reset();
  if (!out) return out.error();
  return OkStatus();
}

Status SuiteHost::Settle(TierMode mode) {
  RealmScope scope(*s_->realm);
  auto settled =
      s_->CallApi("settle", {v8::String::NewFromUtf8(s_->realm->isolate(), TierModeName(mode)).ToLocalChecked()});
  if (!settled) return settled.error();
  return OkStatus();
}

namespace {

// The bench API's tier codes (js/bench_api.js, tierOf): 0 unknown, 1..4 Ignition..TurboFan.
std::optional<CodeTier> TierFromCode(int code) {
  switch (code) {
    case 1:
      return CodeTier::kIgnition;
    case 2:
      return CodeTier::kSparkplug;
    case 3:
      return CodeTier::kMidTier;
    case 4:
      return CodeTier::kTurboFan;
    default:
      return std::nullopt;
  }
}

}  // namespace

Expected<CodeState> SuiteHost::TakeCodeState() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("codeState", {});
  if (!out) return out.error();
  const int code = out.value()->IsNumber() ? static_cast<int>(out.value().As<v8::Number>()->Value()) : 0;
  CodeState state;
  state.batch = TierFromCode(code / 8);
  state.bench = TierFromCode(code % 8);
  state.compiles = s_->jit->TakeOptimizedCount();
  return state;
}

HeapProbe& SuiteHost::heap() { return *s_->gc; }

std::uint64_t SuiteHost::YoungGenerationBytes() { return s_->realm->YoungGenerationBytes(); }

void SuiteHost::ArmDeadline(double seconds) { s_->watchdog->Arm(seconds); }
void SuiteHost::Disarm() { s_->watchdog->Disarm(); }

}  // namespace v8bench

namespace v8bench {

Expected<std::optional<NativeWork>> SuiteHost::NativeFloorWork() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("floor", {});
  if (!out) return out.error();
  if (out.value()->IsNull()) return std::optional<NativeWork>{};
  v8::Isolate* iso = s_->realm->isolate();
  v8::Local<v8::Context> ctx = s_->realm->context();
  v8::Local<v8::Object> obj = out.value().As<v8::Object>();
  auto field = [&](const char* name) {
    return obj->Get(ctx, v8::String::NewFromUtf8(iso, name).ToLocalChecked()).ToLocalChecked();
  };
  NativeWork work;
  work.kind = ToUtf8(iso, field("kind"));
  if (auto text = field("text"); text->IsString()) work.text = ToUtf8(iso, text);
  if (auto inputs = field("inputs"); inputs->IsFloat64Array()) {
    auto arr = inputs.As<v8::Float64Array>();
    work.inputs.resize(arr->Length());
    arr->CopyContents(work.inputs.data(), work.inputs.size() * sizeof(double));
  }
  if (auto bytes = field("bytes"); bytes->IsNumber()) {
    work.bytes = static_cast<std::uint64_t>(bytes.As<v8::Number>()->Value());
  }
  return std::optional<NativeWork>(std::move(work));
}

}  // namespace v8bench
