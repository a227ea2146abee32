// The JS side of the harness, compiled into the binary from js/ (see cmake/EmbedJs.cmake): the
// declarations of the sources the v8bench_js library generates. The engine evaluates the bench API;
// the driver writes the others out for external engines.
#pragma once

namespace v8bench {

extern const char kBenchApiJs[];        // js/bench_api/*.js, joined in file-name order
extern const char kExternalRunnerJs[];  // js/external_runner/*.mjs, joined (written out for external engines)
extern const char kWorkerCasesJs[];     // js/worker_cases/ (beside the runner: benches inside worker_threads Workers)

}  // namespace v8bench
