#include "harness/engine/suite_host.h"

#include <simdjson.h>

#include "harness/engine/gc_monitor.h"
#include "harness/engine/js_error.h"
#include "harness/engine/js_sources.h"
#include "harness/engine/realm.h"
#include "harness/engine/watchdog.h"

namespace v8bench {

struct SuiteHost::State {
  std::unique_ptr<Realm> realm;
  // Held for the host's life: this thread owns the isolate, and heap readings between calls
  // (BatchTimer) happen under the lock too. RealmScope's lockers nest inside it.
  std::unique_ptr<v8::Locker> lock;
  std::unique_ptr<GcMonitor> gc;
  std::unique_ptr<Watchdog> watchdog;
  v8::Global<v8::Object> api;      // globalThis.__v8bench
  v8::Global<v8::Function> batch;  // the prepared case's compiled loop
  bool async = false;
  std::string path;

  ~State() {
    // V8 handles and callbacks go before the isolate does.
    watchdog.reset();
    {
      RealmScope scope(*realm);
      api.Reset();
      batch.Reset();
      gc.reset();
    }
    lock.reset();
    realm.reset();
  }

  // Rewrites a failure in the light of why JS stopped: deadline, heap limit or a plain throw.
  Error Explain(Error error) {
    v8::Isolate* iso = realm->isolate();
    if (watchdog->expired().load()) {
      iso->CancelTerminateExecution();
      return Error::Timeout("timed out after " + std::to_string(watchdog->seconds()) +
                            " s (--timeout); the case was terminated");
    }
    if (gc->HeapLimitReached()) {
      iso->CancelTerminateExecution();
      return Error::OutOfMemory("out of memory: the V8 heap reached its limit (" +
                                std::to_string(gc->HeapLimitBytes() >> 20) +
                                " MB); the case was terminated. Raise it with --v8-flags=--max-old-space-size=MB "
                                "if the case really needs more");
    }
    return error;
  }

  Expected<v8::Local<v8::Function>> ApiMethod(const char* name) {
    v8::Isolate* iso = realm->isolate();
    v8::Local<v8::Value> fn;
    if (!api.Get(iso)->Get(realm->context(), v8::String::NewFromUtf8(iso, name).ToLocalChecked()).ToLocal(&fn) ||
        !fn->IsFunction()) {
      return Error::Internal(std::string("bench API has no function ") + name);
    }
    return fn.As<v8::Function>();
  }

  // Calls __v8bench.<name>(args...) and, if it returns a promise, awaits it.
  Expected<v8::Local<v8::Value>> CallApi(const char* name, std::vector<v8::Local<v8::Value>> args) {
    auto fn = ApiMethod(name);
    if (!fn) return fn.error();
    auto result = realm->Call(fn.value(), static_cast<int>(args.size()), args.data());
    if (!result) return Explain(result.error());
    if (result.value()->IsPromise()) {
      auto settled = realm->Settle(result.value().As<v8::Promise>(), watchdog->expired());
      if (!settled) return Explain(settled.error());
      return settled;
    }
    return result;
  }
};

SuiteHost::SuiteHost(std::unique_ptr<State> state) : s_(std::move(state)) {}
SuiteHost::~SuiteHost() = default;

Expected<std::unique_ptr<SuiteHost>> SuiteHost::Open(V8Process& process, RealmKind kind, const std::string& path,
                                                     const std::string& source) {
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
  if (!checked) return Error::Js("self-check failed: " + checked.error().message);
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

HeapProbe& SuiteHost::heap() { return *s_->gc; }

std::uint64_t SuiteHost::YoungGenerationBytes() { return s_->realm->YoungGenerationBytes(); }

void SuiteHost::ArmDeadline(double seconds) { s_->watchdog->Arm(seconds); }
void SuiteHost::Disarm() { s_->watchdog->Disarm(); }

}  // namespace v8bench
