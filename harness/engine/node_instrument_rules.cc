#include "harness/engine/node_instrument_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "harness/engine/node_instrument_js.h"
#include "harness/measure/method_rules.h"

namespace v8bench {
namespace {

// Argument `i` as a number (NaN when it is none: every rule then answers as for no data).
double Arg(const v8::FunctionCallbackInfo<v8::Value>& info, int i) {
  return i < info.Length() && info[i]->IsNumber() ? info[i].As<v8::Number>()->Value() : std::nan("");
}
int IntArg(const v8::FunctionCallbackInfo<v8::Value>& info, int i) {
  const double v = Arg(info, i);
  return std::isnan(v) ? 0 : static_cast<int>(v);
}
std::uint64_t CountArg(const v8::FunctionCallbackInfo<v8::Value>& info, int i) {
  const double v = Arg(info, i);
  return v > 0 ? static_cast<std::uint64_t>(v) : 0;
}

void Answer(const v8::FunctionCallbackInfo<v8::Value>& info, bool value) { info.GetReturnValue().Set(value); }
void Answer(const v8::FunctionCallbackInfo<v8::Value>& info, double value) {
  info.GetReturnValue().Set(v8::Number::New(info.GetIsolate(), value));
}

void QuietLongEnoughJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, QuietLongEnough(TheMethodRules(), Arg(info, 0), Arg(info, 1), Arg(info, 2)));
}
void LongWarmupBatchJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, LongWarmupBatch(TheMethodRules(), Arg(info, 0)));
}
void NextWarmupBatchJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, static_cast<double>(NextWarmupBatch(TheMethodRules(), CountArg(info, 0), Arg(info, 1))));
}
void MayResettleJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, MayResettle(TheMethodRules(), IntArg(info, 0)));
}
void FaultRateSettledJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, FaultRateSettled(TheMethodRules(), Arg(info, 0), Arg(info, 1)));
}
void YoungFilledJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, YoungGenerationFilled(TheMethodRules(), CountArg(info, 0), Arg(info, 1), Arg(info, 2), CountArg(info, 3),
                                     Arg(info, 4)));
}
void RepetitionSecondsJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, RepetitionSeconds(TheMethodRules(), Arg(info, 0), IntArg(info, 1), Arg(info, 2)));
}
void MayRerunJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, MayRerun(TheMethodRules(), IntArg(info, 0), IntArg(info, 1), Arg(info, 2), Arg(info, 3)));
}
void LongCallSecondsJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, LongCallSeconds(TheMethodRules(), Arg(info, 0)));
}
void LongCallRepetitionsJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, static_cast<double>(LongCallRepetitions(TheMethodRules(), IntArg(info, 0), Arg(info, 1))));
}
void LoopLeftUnoptimisedJs(const v8::FunctionCallbackInfo<v8::Value>& info) {
  Answer(info, LoopLeftUnoptimised(TheMethodRules(), Arg(info, 0)));
}

// The handed-over table as MethodRules: every row present as a number, no other key.
Expected<MethodRules> RulesFrom(v8::Isolate* iso, v8::Local<v8::Context> ctx, v8::Local<v8::Value> value) {
  if (!value->IsObject()) return Error::Usage("methodRules(table): the table is not an object");
  v8::Local<v8::Object> table = value.As<v8::Object>();
  v8::Local<v8::Array> keys = table->GetOwnPropertyNames(ctx).ToLocalChecked();
  MethodRules rules;
  for (const auto& row : kMethodRules) {
    v8::Local<v8::Value> v;
    const auto key = v8::String::NewFromUtf8(iso, std::string(row.name).c_str()).ToLocalChecked();
    if (!table->Get(ctx, key).ToLocal(&v) || !v->IsNumber()) {
      return Error::Usage("methodRules(table): row " + std::string(row.name) + " is missing or not a number");
    }
    if (auto set = rules.Set(row.name, v.As<v8::Number>()->Value()); !set) return set.error();
  }
  for (std::uint32_t i = 0; i < keys->Length(); ++i) {
    const std::string key = *v8::String::Utf8Value(iso, keys->Get(ctx, i).ToLocalChecked());
    if (std::none_of(kMethodRules.begin(), kMethodRules.end(), [&](const auto& row) { return row.name == key; })) {
      return Error::Usage("methodRules(table): '" + key +
                          "' is no rule of this instrument (harness/measure/method_rules.h)");
    }
  }
  return rules;
}

}  // namespace

void MethodRulesObject(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* iso = info.GetIsolate();
  v8::Local<v8::Context> ctx = iso->GetCurrentContext();
  auto rules = RulesFrom(iso, ctx, info[0]);
  if (!rules) return ThrowJsError(iso, rules.error().message);
  // One table per process (a Worker that measures hands over the same one): written only when it differs.
  if (rules->Json() != TheMethodRules().Json()) UseMethodRules(rules.value());
  v8::Local<v8::Object> out = v8::Object::New(iso);
  auto add = [&](const char* name, v8::FunctionCallback fn) {
    out->Set(ctx, v8::String::NewFromUtf8(iso, name).ToLocalChecked(),
             v8::FunctionTemplate::New(iso, fn)->GetFunction(ctx).ToLocalChecked())
        .Check();
  };
  add("quietLongEnough", QuietLongEnoughJs);
  add("longWarmupBatch", LongWarmupBatchJs);
  add("nextWarmupBatch", NextWarmupBatchJs);
  add("mayResettle", MayResettleJs);
  add("faultRateSettled", FaultRateSettledJs);
  add("youngFilled", YoungFilledJs);
  add("repetitionSeconds", RepetitionSecondsJs);
  add("mayRerun", MayRerunJs);
  add("longCallSeconds", LongCallSecondsJs);
  add("longCallRepetitions", LongCallRepetitionsJs);
  add("loopLeftUnoptimised", LoopLeftUnoptimisedJs);
  info.GetReturnValue().Set(out);
}

}  // namespace v8bench
