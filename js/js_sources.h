// The JS side of the harness, compiled into the binary from js/ (see cmake/EmbedJs.cmake): the
// declarations of the sources the v8bench_js library generates. The engine evaluates the bench API;
// the driver writes the others out for external engines.
#pragma once

namespace v8bench {

extern const char kBenchApiJs[];        // js/bench_api.js
extern const char kExternalRunnerJs[];  // js/external_runner.mjs (written out for node/deno engines)
extern const char kWorkerCasesJs[];     // js/worker_cases.mjs (beside it: benches inside worker_threads Workers)

}  // namespace v8bench
