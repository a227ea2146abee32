#include "harness/engine/trig_probe.h"

#include <cstring>

#include "harness/engine/realm.h"

namespace v8bench {

TrigInfo DetectTrig(Realm& realm) {
  const std::vector<double> xs = TrigProbeInputs();
  v8::Isolate* iso = realm.isolate();
  auto fn = realm.RunScript(
      "(function (xs) { const o = new Float64Array(xs.length * 2);"
      " for (let i = 0; i < xs.length; i++) { o[2 * i] = Math.sin(xs[i]); o[2 * i + 1] = Math.cos(xs[i]); }"
      " return o; })",
      "v8bench:trig_probe.js");
  if (!fn.ok() || !fn.value()->IsFunction()) return {"unknown", 0, 0, "the trig probe could not run"};
  v8::Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(iso, xs.size() * sizeof(double));
  std::memcpy(buffer->GetBackingStore()->Data(), xs.data(), xs.size() * sizeof(double));
  v8::Local<v8::Float64Array> input = v8::Float64Array::New(buffer, 0, xs.size());
  v8::Local<v8::Value> argv[] = {input};
  auto out = realm.Call(fn.value().As<v8::Function>(), 1, argv);
  if (!out.ok() || !out.value()->IsFloat64Array()) return {"unknown", 0, 0, "the trig probe could not run"};
  auto arr = out.value().As<v8::Float64Array>();
  std::vector<double> results(arr->Length());
  arr->CopyContents(results.data(), results.size() * sizeof(double));
  return ClassifyTrig(xs, results);
}

}  // namespace v8bench
