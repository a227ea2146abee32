// The JS side of the harness, compiled into the binary from js/ (see cmake/EmbedJs.cmake).
#pragma once

namespace v8bench {

extern const char kBenchApiJs[];        // js/bench_api.js
extern const char kExternalRunnerJs[];  // js/external_runner.mjs (written out for node/deno engines)

}  // namespace v8bench
