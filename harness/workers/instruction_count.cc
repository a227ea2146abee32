#include "harness/workers/instruction_count.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace v8bench::workers {

const std::vector<std::string>& DeterministicV8Flags() {
  // Without these two runs of one case differed by 0.03% in instructions (concurrent compilation and
  // GC threads interleave differently, hash tables are seeded at random); with them, by 0.0001%.
  static const std::vector<std::string> kFlags = {"--single-threaded", "--predictable", "--random-seed=1",
                                                  "--hash-seed=1"};
  return kFlags;
}

std::vector<std::string> CallgrindOptions(const std::string& dir) {
  return {"--tool=callgrind",
          "--instr-atstart=no",        // instrumented only around the batches (start-up runs several times faster)
          "--collect-atstart=no",      // collected only between a batch's start and stop
          "--smc-check=all-non-file",  // V8 writes machine code at run time: retranslate it when it changes
          "--callgrind-out-file=" + dir + "/callgrind.%p",
          "-q"};
}

Expected<std::string> FindValgrind() {
  const char* path = std::getenv("PATH");
  std::string_view rest = path == nullptr ? "" : path;
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    const std::string candidate = (dir.empty() ? "." : dir) + "/valgrind";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return Error::Usage(
      "--metric instructions counts instructions under Valgrind's callgrind where the machine has no hardware "
      "instructions counter, and valgrind is not on PATH: install it (Debian/Ubuntu: apt-get install valgrind; "
      "tools/setup.sh does) or choose a time metric");
}

std::string CountingAvailability() {
  const Status hardware = HardwareInstructionsAvailable();
  if (hardware) {
    return "yes, by the hardware counter (PERF_COUNT_HW_INSTRUCTIONS); this engine, and node with v8bench's "
           "in-process instrument (not deno/bun/workerd)";
  }
  auto valgrind = FindValgrind();
  if (!valgrind) return "no: no hardware counter (" + hardware.error().message + ") and no valgrind on PATH";
  return "yes, under callgrind (" + valgrind.value() + "; no hardware counter: " + hardware.error().message +
         "); this engine, and node with v8bench's in-process instrument, which marks its batches for callgrind "
         "(not deno/bun/workerd: their batches run in JS only; `info --engine PATH` says for an engine)";
}

Expected<std::unique_ptr<InstructionCounting>> InstructionCounting::Prepare() {
  auto c = std::make_unique<InstructionCounting>();
  if (HardwareInstructionsAvailable()) {
    c->source_ = InstructionSource::kHardware;
    return c;
  }
  auto valgrind = FindValgrind();
  if (!valgrind) return valgrind.error();
  c->valgrind_ = valgrind.value();
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "v8bench-callgrind-XXXXXX").string();
  if (ec || mkdtemp(pattern.data()) == nullptr) {
    return Error::Input("cannot make a directory for callgrind's dumps under the temporary directory (TMPDIR)");
  }
  c->dir_ = pattern;
  return c;
}

InstructionCounting::~InstructionCounting() {
  if (dir_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

namespace {

// node [node/V8 options] RUNNER run [runner options] SUITES...: the deterministic flags after the
// variant's own V8 flags (as for v8bench's workers), just before the runner; the runner takes its options
// anywhere.
void AddNodeCounting(std::vector<std::string>& args, const std::string& callgrind_dir) {
  const auto runner = std::find_if(args.begin(), args.end(), [](const std::string& a) { return !a.starts_with("-"); });
  args.insert(runner, DeterministicV8Flags().begin(), DeterministicV8Flags().end());
  args.insert(args.end(), {"--metric", "instructions"});
  if (!callgrind_dir.empty()) args.insert(args.end(), {"--callgrind-dir", callgrind_dir});
  if (std::find(args.begin(), args.end(), "--iterations") == args.end()) {
    args.insert(args.end(), {"--iterations", std::to_string(kCountedIterations)});
  }
}

}  // namespace

void InstructionCounting::Wrap(LaunchRequest& request, EngineKind engine) const {
  std::vector<std::string>& args = request.args;
  if (engine == EngineKind::kNode) {
    AddNodeCounting(args, source_ == InstructionSource::kCallgrind ? dir_ : "");
  } else {
    AddV8benchCounting(args);
  }
  if (source_ != InstructionSource::kCallgrind) return;
  request.cap_stderr = true;  // valgrind's own output is not v8bench's to pass on whole
  std::vector<std::string> wrapped = CallgrindOptions(dir_);
  wrapped.push_back(request.executable);
  wrapped.insert(wrapped.end(), args.begin(), args.end());
  request.executable = valgrind_;
  args = std::move(wrapped);
}

void InstructionCounting::AddV8benchCounting(std::vector<std::string>& args) const {
  auto dashes = std::find(args.begin(), args.end(), "--");
  std::vector<std::string> own;
  if (std::find(args.begin(), dashes, "--metric") == dashes &&
      std::find(args.begin(), dashes, "--metric=instructions") == dashes) {
    own = {"--metric", "instructions"};
  }
  if (source_ == InstructionSource::kCallgrind) own.insert(own.end(), {"--callgrind-dir", dir_});
  dashes = args.insert(dashes, own.begin(), own.end()) + static_cast<std::ptrdiff_t>(own.size());
  if (dashes == args.end()) args.push_back("--");
  args.insert(args.end(), DeterministicV8Flags().begin(), DeterministicV8Flags().end());
}

}  // namespace v8bench::workers
