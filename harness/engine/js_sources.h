// The JS side of the harness, compiled into the binary from js/ (see cmake/EmbedJs.cmake).
#pragma once

namespace v8bench {

extern const char kBenchApiJs[];  // js/bench_api.js

}  // namespace v8bench
