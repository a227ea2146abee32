// How a worker process (run's child, a comparison's workers) counts instructions for
// `--metric instructions`: natively where the machine has a hardware instructions counter, else under
// Valgrind's callgrind, whose client requests the worker makes around each timed batch
// (measure/instruction_counter.h); and the V8 flags that make the counts repeat. docs/instructions.md.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "harness/measure/instruction_counter.h"
#include "harness/model/expected.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/launcher.h"

namespace v8bench::workers {

// The V8 flags every counting worker gets (after its own): compilation and GC on the main thread,
// V8's predictable mode, fixed random and hash seeds. Recorded in the results' context with the
// other V8 flags.
const std::vector<std::string>& DeterministicV8Flags();

// The valgrind options a counting worker runs under, `dir` its dumps' directory.
std::vector<std::string> CallgrindOptions(const std::string& dir);

class InstructionCounting {
 public:
  // How this machine counts: the hardware counter when perf_event_open gives one, else callgrind
  // (valgrind found on PATH; a private directory for its dumps, removed with this object). A usage
  // error (exit 2) that says what to install when neither is available.
  static Expected<std::unique_ptr<InstructionCounting>> Prepare();
  InstructionCounting() = default;  // counts nothing of its own until Prepare fills it
  ~InstructionCounting();
  InstructionCounting(const InstructionCounting&) = delete;
  InstructionCounting& operator=(const InstructionCounting&) = delete;

  // Turns a worker's request into a counting one. A v8bench `run` worker (`engine` kV8bench): `--metric
  // instructions` (unless there), `--callgrind-dir`, the deterministic V8 flags after `--`. A Node
  // running js/external_runner/ (kNode; its in-process instrument counts, node_instrument_count.h):
  // the deterministic V8 flags after the variant's own among node's options, and the runner's `--metric instructions`,
  // `--callgrind-dir` and `--iterations kCountedIterations` (unless given). Then, under callgrind,
  // valgrind as the executable with the worker's command line after its options, its stderr capped
  // (LaunchRequest::cap_stderr) (its timeout is the
  // caller's: --timeout, whose default the caller scales by kCallgrindTimeScale under callgrind). Other
  // engines cannot count (PrepareWorkerEngine refused them).
  void Wrap(LaunchRequest& request, EngineKind engine = EngineKind::kV8bench) const;

  InstructionSource source() const { return source_; }
  const std::string& valgrind() const { return valgrind_; }

 private:
  // v8bench `run`'s worker arguments: see Wrap.
  void AddV8benchCounting(std::vector<std::string>& args) const;

  InstructionSource source_ = InstructionSource::kCallgrind;
  std::string valgrind_;  // callgrind: the executable
  std::string dir_;       // callgrind: where its dumps go
};

// Whether and how `--metric instructions` can count on this machine, for `info`: "hardware counter",
// "callgrind (valgrind at PATH; ...)" or "no: why". v8bench's own engine, and Node with the in-process
// instrument (`info --engine` says for a given engine).
std::string CountingAvailability();

// The valgrind executable on PATH; an error naming the package when there is none.
Expected<std::string> FindValgrind();

}  // namespace v8bench::workers
