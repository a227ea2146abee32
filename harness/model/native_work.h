// The same work as a JS case, done natively: what a suite's floor(state) declares.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace v8bench {

struct NativeWork {
  std::string kind;            // json_parse | sin | cos | sincos | memcpy
  std::string text;            // json_parse: the payload
  std::vector<double> inputs;  // sin/cos/sincos: the arguments of one iteration
  std::uint64_t bytes = 0;     // memcpy: bytes copied per iteration
};

// What a suite's floor(state) may ask the host to allocate: the sizes come from suite input, so they
// are checked against these caps before anything is allocated (docs/measurement.md, "Native floors").
inline constexpr std::uint64_t kMaxFloorMemcpyBytes = std::uint64_t{256} << 20;  // 256 MiB (x2 buffers)
inline constexpr std::uint64_t kMaxFloorTextBytes = std::uint64_t{256} << 20;    // json_parse payload, UTF-8
inline constexpr std::uint64_t kMaxFloorInputs = std::uint64_t{16} << 20;        // sin/cos: 16 Mi doubles

// A floor's measurement: time per iteration of the same work, per repetition.
struct NativeFloor {
  std::string kind;
  std::vector<double> ns_per_iteration;
  double bytes_per_iteration = 0;  // json_parse: payload size; memcpy: bytes copied
  double calls_per_iteration = 0;  // sin/cos/sincos: libm calls (sincos counts a pair as one)
};

}  // namespace v8bench
