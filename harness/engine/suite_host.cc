#include "harness/engine/suite_host.h"

#include <simdjson.h>

#include "harness/engine/js_error.h"
#include "harness/engine/suite_host_state.h"
#include "harness/engine/v8_compat.h"
#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
#include "harness/model/json_writer.h"
#include "js/js_sources.h"

namespace v8bench {

SuiteHost::SuiteHost(std::unique_ptr<State> state) : s_(std::move(state)) {}
SuiteHost::~SuiteHost() = default;

Expected<std::unique_ptr<SuiteHost>> SuiteHost::Open(V8Process& process, RealmKind kind, const std::string& path,
                                                     const std::string& source, const ParamOverrides& overrides,
                                                     double timeout_s) {
  auto realm = process.NewRealm(kind);
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
  // A top level that never ends (for(;;){}) or exhausts the heap is bounded like a case.
  state->activity = "loading " + path;
  state->watchdog->Arm(timeout_s);
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
    JsonWriter w;
    w.BeginObject();
    for (const auto& [name, values] : overrides) {
      w.Key(name).BeginArray();
      for (const auto& v : values) w.String(v);
      w.EndArray();
    }
    w.EndObject();
    const std::string json = w.str();
    auto configured =
        state->CallApi("configure", {v8::String::NewFromUtf8(r->isolate(), json.c_str()).ToLocalChecked()});
    if (!configured) return configured.error();
  }
  // The bench API says how this realm runs the file (js/bench_api/04_loading.js load()): a classic script's text to
  // run here, or (an ES module in the node realm) nothing once Node's own loader has evaluated the file's
  // module graph: CallApi awaits that under the watchdog, so declarations after a top-level await count.
  auto how = state->CallApi("load", {v8::String::NewFromUtf8(r->isolate(), source.data(), v8::NewStringType::kNormal,
                                                             static_cast<int>(source.size()))
                                         .ToLocalChecked(),
                                     v8::String::NewFromUtf8(r->isolate(), path.c_str()).ToLocalChecked()});
  if (!how) {
    // A module whose top-level await never settles, or that ended the environment, fails in the realm's
    // own words (CallApi has placed a throw at the user's line): name the file they are about.
    Error failed = how.error();
    if (failed.message.compare(0, path.size(), path) != 0) failed.message = path + ": " + failed.message;
    return failed;
  }
  if (how.value()->IsString()) {
    const std::string text = ToUtf8(r->isolate(), how.value());
    if (auto loaded = r->RunScript(text, path); !loaded) return state->Explain(loaded.error());
  }
  state->watchdog->Disarm();
  state->activity = "the case";
  return std::unique_ptr<SuiteHost>(new SuiteHost(std::move(state)));
}

RealmKind SuiteHost::realm() const { return s_->realm->kind(); }

namespace {

// A description without cases says why (bench_api.js noCaseReason): false when that part is malformed.
bool ReadNoCase(simdjson::dom::element doc, SuiteFile& file) {
  simdjson::dom::element no_case;
  if (doc["no_case"].get(no_case) != simdjson::SUCCESS) return true;
  std::string_view reason;
  if (no_case["text"].get(reason) != simdjson::SUCCESS ||
      no_case["left_out"].get(file.all_left_out) != simdjson::SUCCESS) {
    return false;
  }
  file.no_case_reason = std::string(reason);
  return true;
}

// Reads the description the bench API built (js/bench_api/02_suites.js describe()). simdjson's error-code API
// only: whatever the JSON holds, a wrong shape is an error value naming the file, never an exception.
Expected<SuiteFile> ParseDescription(const std::string& path, const std::string& json) {
  auto bad = [&](const char* what) {
    return Error::Internal(path + ": the bench API's description of the file cannot be read (" + what +
                           "); a suite may have replaced a JS built-in the harness relies on");
  };
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(json).get(doc) != simdjson::SUCCESS) return bad("not JSON");
  auto text = [](simdjson::dom::element e, const char* key, std::string& out) {
    std::string_view v;
    if (e[key].get(v) != simdjson::SUCCESS) return false;
    out = std::string(v);
    return true;
  };
  auto realm_of = [](const std::string& r) { return r == "node" ? RealmKind::kNode : RealmKind::kV8; };
  SuiteFile file;
  file.path = path;
  simdjson::dom::array suites;
  if (doc["suites"].get(suites) != simdjson::SUCCESS) return bad("no suites array");
  for (simdjson::dom::element s : suites) {
    SuiteInfo suite;
    std::string realm;
    simdjson::dom::array benches;
    if (!text(s, "name", suite.name) || !text(s, "realm", realm) || !text(s, "description", suite.description) ||
        s["benches"].get(benches) != simdjson::SUCCESS) {
      return bad("a suite lacks name, realm, description or benches");
    }
    suite.realm = realm_of(realm);
    for (simdjson::dom::element b : benches) {
      BenchInfo bench;
      simdjson::dom::object grid;
      if (!text(b, "name", bench.name) || b["grid"].get(grid) != simdjson::SUCCESS) {
        return bad("a bench lacks name or grid");
      }
      for (auto [key, values] : grid) {
        simdjson::dom::array list;
        if (values.get(list) != simdjson::SUCCESS) return bad("a grid parameter is not an array");
        std::vector<std::string> vs;
        for (simdjson::dom::element v : list) {
          std::string_view str;
          if (v.get(str) == simdjson::SUCCESS) {
            vs.emplace_back(str);
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
  simdjson::dom::array cases;
  if (doc["cases"].get(cases) != simdjson::SUCCESS) return bad("no cases array");
  std::size_t index = 0;
  for (simdjson::dom::element c : cases) {
    CaseInfo info;
    info.index = index++;
    std::string realm;
    simdjson::dom::array params;
    if (!text(c, "name", info.name) || !text(c, "suite", info.suite) || !text(c, "bench", info.bench) ||
        !text(c, "realm", realm) || c["params"].get(params) != simdjson::SUCCESS) {
      return bad("a case lacks name, suite, bench, realm or params");
    }
    info.realm = realm_of(realm);
    for (simdjson::dom::element kv : params) {
      std::string_view k;
      std::string_view v;
      if (kv.at(0).get(k) != simdjson::SUCCESS || kv.at(1).get(v) != simdjson::SUCCESS) {
        return bad("a case parameter is not a [name, value] pair of strings");
      }
      info.params.emplace_back(std::string(k), std::string(v));
    }
    file.cases.push_back(std::move(info));
  }
  if (!ReadNoCase(doc, file)) return bad("no_case lacks text or left_out");
  return file;
}

}  // namespace

Expected<SuiteFile> SuiteHost::Describe(bool quick) {
  RealmScope scope(*s_->realm);
  s_->activity = "describing " + s_->path;
  auto out = s_->CallApi("describe", {v8::Boolean::New(s_->realm->isolate(), quick)});
  s_->activity = "the case";
  if (!out) return out.error();
  return ParseDescription(s_->path, ToUtf8(s_->realm->isolate(), out.value()));
}

Status SuiteHost::Prepare(std::size_t case_index, bool quick) {
  RealmScope scope(*s_->realm);
  if (!s_->listening) s_->listening.emplace(*s_->jit);
  v8::Isolate* iso = s_->realm->isolate();
  auto batch =
      s_->CallApi("prepare", {v8::Number::New(iso, static_cast<double>(case_index)), v8::Boolean::New(iso, quick)});
  if (!batch) return batch.error();
  if (!batch.value()->IsFunction()) return Error::Internal("bench API: prepare() did not return the batch function");
  s_->batch.Reset(iso, batch.value().As<v8::Function>());
  ++s_->prepared;
  ++s_->live;
  auto is_async = s_->CallApi("isAsync", {});
  if (!is_async) return is_async.error();
  s_->async = is_async.value()->IsTrue();
  if (auto probed = s_->CallApi("probed", {}); !probed) return probed.error();
  auto checked = s_->CallApi("check", {});
  if (!checked) {
    if (checked.error().kind != Error::Kind::kJsException) return checked.error();
    return Error::Js("self-check failed: " + checked.error().message);
  }
  auto probe_s = s_->CallApi("probeSeconds", {});
  if (!probe_s) return probe_s.error();
  s_->probe_s = probe_s.value()->IsNumber() ? probe_s.value().As<v8::Number>()->Value() : -1;
  return OkStatus();
}

std::size_t SuiteHost::PreparedSlot() const { return s_->prepared - 1; }

double SuiteHost::ProbeSeconds() const { return s_->probe_s; }

Status SuiteHost::Resume(std::size_t slot) {
  RealmScope scope(*s_->realm);
  v8::Isolate* iso = s_->realm->isolate();
  auto batch = s_->CallApi("resume", {v8::Number::New(iso, static_cast<double>(slot))});
  if (!batch) return batch.error();
  if (!batch.value()->IsFunction()) return Error::Internal("bench API: resume() did not return the batch function");
  s_->batch.Reset(iso, batch.value().As<v8::Function>());
  auto is_async = s_->CallApi("isAsync", {});
  if (!is_async) return is_async.error();
  s_->async = is_async.value()->IsTrue();
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

Expected<std::optional<double>> SuiteHost::Operations(bool begin) {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("operations", {v8::Boolean::New(s_->realm->isolate(), begin)});
  if (!out) return out.error();
  if (!out.value()->IsNumber()) return std::optional<double>{};
  const double ops = out.value().As<v8::Number>()->Value();
  return ops > 0 ? std::optional<double>(ops) : std::nullopt;
}

Expected<std::vector<Counter>> SuiteHost::CaseCounters() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("counters", {});
  if (!out) return out.error();
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  const std::string json = ToUtf8(s_->realm->isolate(), out.value());
  simdjson::dom::object object;
  if (parser.parse(json).get(doc) != simdjson::SUCCESS || doc.get(object) != simdjson::SUCCESS) {
    return Error::Internal(s_->path + ": the bench API's counters cannot be read (not a JSON object)");
  }
  std::vector<Counter> counters;
  for (auto [key, value] : object) {
    const std::string name(key);
    double number = 0;
    if (value.get(number) != simdjson::SUCCESS) {
      return Error::Internal(s_->path + ": the bench API's counter '" + name + "' is not a number");
    }
    if (IsReservedCounterName(name)) return Error::Input(s_->path + ": " + ReservedCounterMessage(name));
    // Its unit from its name, by the one rule the files are read back with (CounterUnit).
    counters.push_back({name, number, CounterUnit(name)});
  }
  return counters;
}

Status SuiteHost::Teardown() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("teardown", {});
  s_->batch.Reset();
  if (s_->live > 0) --s_->live;
  if (s_->live == 0) s_->listening.reset();
  if (!out) return out.error();
  // A Node core file's main rejecting after bench.end(), or a callback that ends the environment: a node
  // process would run the callbacks and crash; they fail the case here, before its result is kept.
  if (auto left = s_->realm->RunLeftCallbacks(kLeftCallbacksSeconds, s_->watchdog->expired()); !left) return left;
  // A late bench.end() (from a callback the case left): the bench API records it with the file's line
  // rather than throwing where no caller would see it.
  auto stray = s_->CallApi("strayCall", {});
  if (!stray) return stray.error();
  if (!stray.value()->IsString() || stray.value().As<v8::String>()->Length() == 0) return OkStatus();
  return Error::Js(ToUtf8(s_->realm->isolate(), stray.value()));
}

Status SuiteHost::Settle(TierMode mode) {
  RealmScope scope(*s_->realm);
  auto settled =
      s_->CallApi("settle", {v8::String::NewFromUtf8(s_->realm->isolate(), TierModeName(mode)).ToLocalChecked()});
  if (!settled) return settled.error();
  return OkStatus();
}

Status SuiteHost::LeaveLoopUnoptimised() {
  RealmScope scope(*s_->realm);
  auto left = s_->CallApi("leaveLoopUnoptimised", {});
  if (!left) return left.error();
  return OkStatus();
}

namespace {

// The bench API's tier codes (js/bench_api/03_cases.js, tierOf): 0 unknown, 1..4 Ignition..TurboFan.
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

SuiteHost::Deadline::Deadline(SuiteHost& host, double seconds) : host_(host) { host_.s_->watchdog->Arm(seconds); }
SuiteHost::Deadline::~Deadline() { host_.s_->watchdog->Disarm(); }
void SuiteHost::Deadline::Restart(double seconds) { host_.s_->watchdog->Arm(seconds); }
void SuiteHost::Deadline::Pause() { host_.s_->watchdog->Disarm(); }

}  // namespace v8bench

namespace v8bench {

Expected<std::optional<NativeWork>> SuiteHost::NativeFloorWork() {
  RealmScope scope(*s_->realm);
  auto out = s_->CallApi("floor", {});
  if (!out) return out.error();
  if (out.value()->IsNull()) return std::optional<NativeWork>{};
  v8::Isolate* iso = s_->realm->isolate();
  v8::Local<v8::Context> ctx = s_->realm->context();
  if (!out.value()->IsObject()) return Error::Internal("bench API: floor() did not return an object");
  v8::Local<v8::Object> obj = out.value().As<v8::Object>();
  auto field = [&](const char* name) -> v8::Local<v8::Value> {
    v8::Local<v8::Value> v;
    if (!obj->Get(ctx, v8::String::NewFromUtf8(iso, name).ToLocalChecked()).ToLocal(&v)) return v8::Undefined(iso);
    return v;
  };
  // Sizes are suite input: checked against the caps before the host allocates anything for them.
  const std::string where = s_->path + ": floor(state)";
  auto too_big = [&](const std::string& what, double size, std::uint64_t cap, const char* unit) {
    char text[96];
    std::snprintf(text, sizeof text, " %.15g %s, more than the %llu %s v8bench allows", size, unit,
                  static_cast<unsigned long long>(cap), unit);
    return Error::Input(where + ": " + what + text + "; give a smaller native floor");
  };
  NativeWork work;
  work.kind = ToUtf8(iso, field("kind"));
  if (auto text = field("text"); text->IsString()) {
    const std::uint64_t bytes = v8compat::Utf8Length(iso, text.As<v8::String>());
    if (bytes > kMaxFloorTextBytes) {
      return too_big("json_parse text is", static_cast<double>(bytes), kMaxFloorTextBytes, "bytes");
    }
    work.text = ToUtf8(iso, text);
  }
  if (auto inputs = field("inputs"); inputs->IsFloat64Array()) {
    auto arr = inputs.As<v8::Float64Array>();
    if (arr->Length() > kMaxFloorInputs) {
      return too_big(work.kind + " inputs are", static_cast<double>(arr->Length()), kMaxFloorInputs, "numbers");
    }
    work.inputs.resize(arr->Length());
    arr->CopyContents(work.inputs.data(), work.inputs.size() * sizeof(double));
  }
  if (auto bytes = field("bytes"); bytes->IsNumber()) {
    const double value = bytes.As<v8::Number>()->Value();
    // Compared as a double first: casting 1e300 (or NaN) to an integer is undefined.
    if (!(value >= 0) || value > static_cast<double>(kMaxFloorMemcpyBytes)) {
      return too_big("memcpy bytes is", value, kMaxFloorMemcpyBytes, "bytes");
    }
    work.bytes = static_cast<std::uint64_t>(value);
  }
  return std::optional<NativeWork>(std::move(work));
}

}  // namespace v8bench
