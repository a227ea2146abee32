// What the in-process instrument's JS functions (harness/engine/node_instrument*.cc) share: the way they
// report a failure to the runner. Part of the addon only.
#pragma once

#include <node.h>

#include <string>

namespace v8bench {

// Throws a JS Error with `message` in the calling function (which then returns at once).
inline void ThrowJsError(v8::Isolate* isolate, const std::string& message) {
  isolate->ThrowException(v8::Exception::Error(v8::String::NewFromUtf8(isolate, message.c_str()).ToLocalChecked()));
}

}  // namespace v8bench
