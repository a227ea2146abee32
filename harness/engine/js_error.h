// Engine-internal: turns a caught JS exception into text a person can act on.
#pragma once

#include <v8.h>

#include <string>

namespace v8bench {

// "file:line:col: <message>" then the source line with a caret, then the JS stack when there is one.
std::string DescribeException(v8::Isolate* isolate, v8::Local<v8::Context> context, const v8::TryCatch& try_catch);
// For a promise's rejection reason (no Message object): its stack, or its string value.
std::string DescribeRejection(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> reason);
std::string ToUtf8(v8::Isolate* isolate, v8::Local<v8::Value> value);

}  // namespace v8bench
