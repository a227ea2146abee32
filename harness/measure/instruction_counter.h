// Counting the instructions a timed batch executes, for `--metric instructions`: under Valgrind's
// callgrind through its client requests (collection switched on around the batch, the batch's cost
// dumped and read back), or with the CPU's retired-instructions counter (perf_event_open) where the
// machine has one. A count does not move with the machine's load or speed states; it is not time
// (docs/instructions.md).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "harness/model/expected.h"

namespace v8bench {

enum class InstructionSource {
  kCallgrind,  // this process runs under valgrind --tool=callgrind --collect-atstart=no
  kHardware,   // PERF_COUNT_HW_INSTRUCTIONS of the calling thread, user space only
};

class InstructionCounter {
 public:
  virtual ~InstructionCounter() = default;
  // Around one timed batch, on the thread that runs it. Stop returns the instructions in between.
  virtual void Start() = 0;
  virtual Expected<std::uint64_t> Stop() = 0;
  virtual InstructionSource source() const = 0;
};

// Iterations in each counted batch unless --iterations says: counting needs a fixed batch (one grown to a
// time would follow the simulation's speed). For v8bench's own workers (RunSettings::FixedIterations)
// and Node's (workers::InstructionCounting::Wrap) alike.
inline constexpr std::uint64_t kCountedIterations = 100;

// A process under callgrind runs some 20-50x slower (more on a busy machine): the default --timeout of a
// counting run or comparison under callgrind is this many times the default (a --timeout given is kept as
// given: it bounds each case in wall-clock seconds, callgrind included).
inline constexpr double kCallgrindTimeScale = 20;

// True when this process runs under Valgrind (any tool).
bool RunningUnderValgrind();

// The counter this process can use: callgrind's when it runs under Valgrind (`callgrind_dir`: the
// directory of its --callgrind-out-file=DIR/callgrind.%p, where each batch's dump is read and removed),
// else the hardware counter; an error that says why neither is available.
Expected<std::unique_ptr<InstructionCounter>> OpenInstructionCounter(const std::string& callgrind_dir);

// Whether the calling thread can count retired instructions in hardware (the reason when not, e.g.
// "perf_event_open: No such file or directory", a VM without a virtual PMU).
Status HardwareInstructionsAvailable();

// The total cost ("totals:" line, else "summary:") of a callgrind dump's text; nullopt when it has none.
std::optional<std::uint64_t> CallgrindDumpTotal(std::string_view dump);

// How the counts were taken, for the results' context: "callgrind (Valgrind): Ir, the measuring thread
// only collected" or "hardware: PERF_COUNT_HW_INSTRUCTIONS, user space, the measuring thread".
std::string DescribeInstructionSource(InstructionSource source);

}  // namespace v8bench
