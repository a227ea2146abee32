#ifndef V8BENCH_ENGINE_V8_COMPAT_H_
#define V8BENCH_ENGINE_V8_COMPAT_H_

// The one place where V8's API differences between versions are bridged, the way nodejs/nan does it
// for addons: one inline helper per difference, each naming the versions on either side of the change.
// The rest of the engine calls these helpers and contains no version test of its own.
//
// Compile-tested against V8 10.2 (Debian's libnode, Node 18), 11.3 (Node 20), 12.4 (Node 22),
// 13.6 (Node 24) and 14.6 (Node 26): ctest -L v8compat compiles every engine/ and measure/ source
// against each fetched Node's own headers. A cutoff below is the first of those versions that has
// the newer API where the older one was still present too, so either side of it compiles for every
// version in between; a V8 outside that range needs only a new line here.

#include <v8-version.h>
#include <v8.h>

#include <cstdint>
#include <string_view>

#define V8BENCH_V8_AT_LEAST(major, minor) \
  (V8_MAJOR_VERSION > (major) || (V8_MAJOR_VERSION == (major) && V8_MINOR_VERSION >= (minor)))

namespace v8bench::v8compat {

// The minor (young-generation) mark collector's GC type. Renamed kGCTypeMinorMarkCompact ->
// kGCTypeMinorMarkSweep: V8 12.4 has both (the old one deprecated), 13.6 only the new one.
// The value (1 << 1) did not change.
inline constexpr v8::GCType kGCTypeMinorMark =
#if V8BENCH_V8_AT_LEAST(12, 4)
    v8::kGCTypeMinorMarkSweep;
#else
    v8::kGCTypeMinorMarkCompact;
#endif

// A script's origin from its resource name. ScriptOrigin lost its leading Isolate* argument:
// V8 12.4 has both constructors, 13.6 only the one without the isolate.
inline v8::ScriptOrigin ScriptOriginFor([[maybe_unused]] v8::Isolate* isolate, v8::Local<v8::Value> name) {
#if V8BENCH_V8_AT_LEAST(12, 4)
  return v8::ScriptOrigin(name);
#else
  return v8::ScriptOrigin(isolate, name);
#endif
}

// The length of a string in UTF-8 bytes. String::Utf8Length (int) became Utf8LengthV2 (size_t):
// V8 13.6 has both (the old one deprecated), 14.6 only Utf8LengthV2.
inline std::uint64_t Utf8Length(v8::Isolate* isolate, v8::Local<v8::String> text) {
#if V8BENCH_V8_AT_LEAST(13, 6)
  return static_cast<std::uint64_t>(text->Utf8LengthV2(isolate));
#else
  return static_cast<std::uint64_t>(text->Utf8Length(isolate));
#endif
}

// Whether a JIT code event's name tag (the text before the first ':') marks a JS function's code.
// V8 10.2 names it "LazyCompile:~f file.js:3" or "Function:*f file.js:3"; V8 11.3 onwards
// "JS:~f file.js:3:10" (a column follows the line; JitCodeLog reads the line before it). Accepted
// alike on every version, so no version test is needed.
constexpr bool IsJsFunctionCodeTag(std::string_view tag) {
  return tag == "LazyCompile" || tag == "Function" || tag == "JS";
}

// The rest of an optimised code event's name after its tier marker ('*' TurboFan, '+' Maglev), less the
// mark V8 13.6 onwards puts after the marker of context-specialised code ("JS:*'f file.js:3:10"; V8 11.3
// and 12.4 write "JS:*f", 10.2 "Function:*f"). Dropped alike on every version: only a function whose own
// name starts with a quote (a string-literal key) would lose a character it really has.
constexpr std::string_view WithoutContextSpecializedMark(std::string_view rest) {
  return !rest.empty() && rest.front() == '\'' ? rest.substr(1) : rest;
}

}  // namespace v8bench::v8compat

#undef V8BENCH_V8_AT_LEAST

#endif  // V8BENCH_ENGINE_V8_COMPAT_H_
