// Other engines: Node, Deno, Bun and workerd executables (from npm) run the suites unchanged through
// js/external_runner/, which implements the suite API and speaks the same worker protocol as
// `v8bench run --format jsonl`. This file knows how to recognise such an engine, where the runner
// lives, and how each engine takes V8 flags (Bun runs JavaScriptCore and takes none; workerd takes
// them in the config file v8bench writes for it).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "harness/measure/trig_classifier.h"
#include "harness/model/expected.h"
#include "harness/model/knobs.h"
#include "harness/workers/launcher.h"

namespace v8bench::workers {

enum class EngineKind { kV8bench, kNode, kDeno, kBun, kWorkerd };
const char* EngineKindName(EngineKind kind);

// Whether a worker of this engine can live across samples (`run --serve`, compare --long-lived): v8bench,
// Node and Bun take their commands on stdin. workerd has none; Deno's GC figures come from its --trace-gc
// lines, which reach stdout block-buffered, after the sample they belong to.
constexpr bool ServesSamples(EngineKind kind) {
  return kind == EngineKind::kV8bench || kind == EngineKind::kNode || kind == EngineKind::kBun;
}

// Runs `path --version` and recognises node ("v22.1.0"), deno ("deno 2.x"), workerd ("workerd
// 2026-11-17"), bun ("1.3.0", confirmed by `--revision`) or v8bench. An executable that is none of
// them is an Error::Usage that says what is accepted.
Expected<EngineKind> DetectEngineKind(const std::string& path);

// Another v8bench build as the engine of `info --engine PATH` or `profile --engine PATH`: it runs
// `command` itself, with the same arguments `argv` less --engine PATH (or --engine=PATH), to its end;
// its stdout is returned, its stderr too unless `inherit_stderr` (then it goes straight to ours).
LaunchResult RunOtherV8bench(const std::string& path, const std::string& command, const std::vector<std::string>& argv,
                             bool inherit_stderr);

// Whether the engine's V8 has the flag `name` (without dashes, e.g. "use-libm-trig-functions"): node
// lists its V8 flags with `--v8-options`, deno with `--v8-flags=--help`; workerd refuses a config with
// a flag its V8 lacks ("unrecognized V8 flag"). Bun has no V8: false.
Expected<bool> EngineHasV8Flag(const std::string& path, EngineKind kind, const std::string& name);

// The V8 flags the engine gets for a variant's knobs and V8 flags (`who` names the variant, or the
// command, in messages): KnobV8Flags(knobs) (model/knobs.h, the one translation), then `v8_flags`.
// Refused with an Error::Usage (exit 2):
//   - any V8 flag or V8 knob on Bun (JavaScriptCore, not V8);
//   - --fast-trig where the engine's V8 has no --use-libm-trig-functions (Node's builds, workerd);
//   - --no-fast-trig there, unless the engine's one path is fdlibm (then the knob asks for what the
//     engine does anyway, and gives no flag: the engine would refuse it).
// Other flags are checked by the engine itself when it runs (ProbeExternalEngine with them).
Expected<std::vector<std::string>> EngineV8Flags(const std::string& path, EngineKind kind, const std::string& who,
                                                 const EngineKnobs& knobs, const std::vector<std::string>& v8_flags);

// v8bench's cache directory: $XDG_CACHE_HOME/v8bench, else ~/.cache/v8bench, else /tmp/v8bench-UID.
std::string CacheDirectory();
// The runner's folders in it: CacheDirectory()/PREFIX<digest of the runner's files>, one per v8bench build.
inline constexpr const char* kRunnerCachePrefix = "runner-";

// Writes the embedded runner and bench API into v8bench's cache ($XDG_CACHE_HOME or ~/.cache, else
// /tmp), once per content, and returns the runner's path.
Expected<std::string> MaterializeRunner();

// The command line (argv[1..]) that makes an external engine run `runner_args` (the runner's `run`
// options and suite files) with `v8_flags`, each in the engine's own syntax:
//   node --max-semi-space-size=1 RUNNER run ...      deno run -A --v8-flags=--a,--b RUNNER run ...
//   bun RUNNER run ...                               workerd test --experimental CONFIG.capnp
// For workerd this writes CONFIG (WorkerdConfig) into the runner's directory first. Node `engine` gets
// `--instrument-dir DIR` last, where its in-process instrument is (InstrumentFor, node_instrument_build.h),
// or `--no-instrument WHY` (js/external_runner/). Every engine's runner gets `--method-rules JSON`: the
// method's rules as this process has them (measure/method_rules.h MethodRules::Json), of which it has no copy.
std::vector<std::string> ExternalEngineArgs(const std::string& engine, EngineKind kind, const std::string& runner,
                                            const std::vector<std::string>& v8_flags,
                                            const std::vector<std::string>& runner_args);

// workerd's config: one worker whose main module is the runner (its `test` handler runs), the
// nodejs_compat flag (node:stream, Buffer), an UNSAFE_EVAL binding (a worker may not compile code
// from strings otherwise; bench_api.js compiles each case's loop), the V8BENCH binding (the runner's
// arguments, bench_api.js and the text of every suite file named in `runner_args` — a directory
// becomes its *.js files), and `v8_flags` as the config's v8Flags. No socket: `workerd test` runs
// the handler without listening anywhere. Written as RUNNER_DIR/workerd-HASH.capnp (by content).
Expected<std::string> WorkerdConfig(const std::string& runner, const std::vector<std::string>& v8_flags,
                                    const std::vector<std::string>& runner_args);

struct ExternalEngineInfo {
  EngineKind kind = EngineKind::kNode;
  std::string engine_version;  // "v24.1.0", "2.9.6", "1.3.0" (bun), "2026-11-17" (workerd)
  std::string v8_version;      // empty when the engine does not say (workerd) or has no V8 (bun)
  std::string js_engine;       // "V8" or "JavaScriptCore"
  TrigInfo trig;
  bool thread_cpu = false;  // has a main-thread CPU clock (process.threadCpuUsage)
  bool allocation = false;  // has v8.getHeapStatistics().total_allocated_bytes
  // How the runner obtains each figure on this engine, or why it is absent: (figure, how).
  std::vector<std::pair<std::string, std::string>> measured_by;
};

// Asks the engine for its versions and runs the trig probe in it with `v8_flags` (`info --engine PATH`,
// and once per variant in a comparison: the trig path depends on the flags, e.g. Deno's
// --use-libm-trig-functions). Flags the engine refuses are an Error::Usage with its message.
Expected<ExternalEngineInfo> ProbeExternalEngine(const std::string& path, EngineKind kind,
                                                 const std::vector<std::string>& v8_flags = {});

// The figures the external runner says how it measures (its `measured_by` keys), in the metric
// registry's order (measure/metrics.h): each metric `--metric` can compare except page faults (no
// engine's JavaScript can count them), under its counter name, but GC time as "gc" (GC observation
// gives gc_ns and gc_count alike).
std::vector<std::string> MeasuredFigures();

// The `measured_by` key of a metric's counter (gc_ns -> "gc"; others their own name).
std::string MeasuredFigureOf(const std::string& counter);

// Whether the engine gives the figure a comparison's --metric needs (`counter`: cpu_ns, wall_ns, ...).
// One it lacks (cpu_ns on Node 18 or workerd, alloc_bytes on Bun) is an Error::Usage naming the
// variant, why the figure is absent and the metrics it does give, rather than a column of empty cells.
Status CheckEngineMeasures(const ExternalEngineInfo& info, const std::string& counter, const std::string& variant);

}  // namespace v8bench::workers
