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

// A floor's measurement: time per iteration of the same work, per repetition.
struct NativeFloor {
  std::string kind;
  std::vector<double> ns_per_iteration;
  double bytes_per_iteration = 0;  // json_parse: payload size; memcpy: bytes copied
  double calls_per_iteration = 0;  // sin/cos/sincos: libm calls (sincos counts a pair as one)
};

}  // namespace v8bench
