// Errors as values at module boundaries: Expected<T> holds a T or an Error.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace v8bench {

// What went wrong, said for a person: what, where, and what to do. `kind` lets callers react
// (a timed-out case is reported differently from a JS exception) and decides the exit code, so the
// two cannot disagree.
struct Error {
  enum class Kind { kUsage, kInput, kJsException, kTimeout, kOutOfMemory, kUnsupported, kInternal, kInterrupted };
  Kind kind = Kind::kInput;
  std::string message;
  int signal = 0;  // kInterrupted: the user's SIGINT or SIGTERM

  // What the CLI returns when the error ends the process: 2 for bad input (options, files, flags, an
  // engine that lacks a feature), 1 for a failure of the code being measured or of the harness.
  int exit_code() const {
    switch (kind) {
      case Kind::kUsage:
      case Kind::kInput:
      case Kind::kUnsupported:
        return 2;
      case Kind::kInterrupted:  // as a shell reports a process that signal ended: 130, 143
        return 128 + signal;
      default:
        return 1;
    }
  }

  static Error Usage(std::string m) { return {Kind::kUsage, std::move(m)}; }
  static Error Input(std::string m) { return {Kind::kInput, std::move(m)}; }
  static Error Js(std::string m) { return {Kind::kJsException, std::move(m)}; }
  static Error Timeout(std::string m) { return {Kind::kTimeout, std::move(m)}; }
  static Error OutOfMemory(std::string m) { return {Kind::kOutOfMemory, std::move(m)}; }
  static Error Unsupported(std::string m) { return {Kind::kUnsupported, std::move(m)}; }
  static Error Internal(std::string m) { return {Kind::kInternal, std::move(m)}; }
  // The user stopped the command (a child it waited for was killed for it); `m` says what was kept.
  static Error Interrupted(int signal, std::string m) { return {Kind::kInterrupted, std::move(m), signal}; }
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Expected(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// For operations that return nothing but can fail.
struct Done {};
using Status = Expected<Done>;
inline Status OkStatus() { return Done{}; }

// In a function that returns a Status or an Expected: declares `decl` with the value of an Expected,
// or returns its error (V8BENCH_TRY(auto files, LoadSuites(...));). Several statements: under an `if`,
// give it braces. V8BENCH_OK returns a Status's error (one statement).
#define V8BENCH_TRY(decl, ...) V8BENCH_TRY_AS(decl, V8BENCH_TRY_NAME(__LINE__), __VA_ARGS__)
#define V8BENCH_TRY_NAME(line) V8BENCH_TRY_PASTE(v8bench_try_, line)
#define V8BENCH_TRY_PASTE(a, b) a##b
#define V8BENCH_TRY_AS(decl, tmp, ...) \
  auto tmp = (__VA_ARGS__);            \
  if (!tmp) return tmp.error();        \
  decl = std::move(tmp).value()
#define V8BENCH_OK(...) \
  if (auto v8bench_ok = (__VA_ARGS__); !v8bench_ok) return v8bench_ok.error()

}  // namespace v8bench
