#include "harness/engine/js_error.h"

namespace v8bench {

std::string ToUtf8(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  v8::String::Utf8Value utf8(isolate, value);
  if (*utf8 != nullptr) return std::string(*utf8, static_cast<std::size_t>(utf8.length()));
  // Converting it to text threw (its toString throws, or the stack is too small to call it).
  return value->IsObject() ? "a thrown object that cannot be converted to text (its toString threw, or the stack is "
                             "too small: see --stack-size)"
                           : "a thrown value that cannot be converted to text";
}

std::string DescribeRejection(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> reason) {
  if (reason->IsObject()) {
    v8::Local<v8::Value> stack;
    if (reason.As<v8::Object>()->Get(context, v8::String::NewFromUtf8Literal(isolate, "stack")).ToLocal(&stack) &&
        stack->IsString()) {
      return ToUtf8(isolate, stack);
    }
  }
  return ToUtf8(isolate, reason);
}

std::string DescribeException(v8::Isolate* isolate, v8::Local<v8::Context> context, const v8::TryCatch& try_catch) {
  if (try_catch.HasTerminated()) return "execution terminated";
  std::string out;
  v8::Local<v8::Message> message = try_catch.Message();
  const std::string text = ToUtf8(isolate, try_catch.Exception());
  // A message without a script or line (V8 could not even run the harness's JS, e.g. under a tiny
  // --stack-size) gets no "undefined:0:0" location.
  const bool located = !message.IsEmpty() && message->GetScriptResourceName()->IsString() &&
                       message->GetLineNumber(context).FromMaybe(0) > 0;
  if (located) {
    const std::string file = ToUtf8(isolate, message->GetScriptResourceName());
    const int line = message->GetLineNumber(context).FromMaybe(0);
    const int col = message->GetStartColumn(context).FromMaybe(0) + 1;
    out = file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + text;
    v8::Local<v8::String> source_line;
    if (message->GetSourceLine(context).ToLocal(&source_line)) {
      std::string src = ToUtf8(isolate, source_line);
      if (src.size() > 200) src = src.substr(0, 200) + "...";
      const int start = message->GetStartColumn(context).FromMaybe(0);
      const int end = message->GetEndColumn(context).FromMaybe(start + 1);
      out += "\n    " + src + "\n    ";
      if (start >= 0 && start < 200) {
        out += std::string(static_cast<std::size_t>(start), ' ');
        out += std::string(static_cast<std::size_t>(std::max(1, std::min(end, 200) - start)), '^');
      }
    }
  } else {
    out = text;
  }
  v8::Local<v8::Value> stack;
  if (try_catch.StackTrace(context).ToLocal(&stack) && stack->IsString()) {
    std::string s = ToUtf8(isolate, stack);
    // The stack's first line repeats the message; keep only the frames.
    const auto nl = s.find('\n');
    if (nl != std::string::npos) out += s.substr(nl);
  }
  return out;
}

}  // namespace v8bench
