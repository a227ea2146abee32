#include "harness/engine/v8_process.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "harness/engine/process_impl.h"
#include "harness/engine/realm.h"

namespace v8bench {
namespace {

bool g_started = false;

// Runs fn with the process's stderr captured, and returns what was written there. V8 reports a
// malformed flag value only as text on stderr.
template <class Fn>
std::string CaptureStderr(Fn&& fn) {
  std::fflush(stderr);
  FILE* tmp = std::tmpfile();
  if (tmp == nullptr) {
    fn();
    return "";
  }
  const int saved = dup(STDERR_FILENO);
  dup2(fileno(tmp), STDERR_FILENO);
  fn();
  std::fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buf[512];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, tmp)) > 0) text.append(buf, n);
  std::fclose(tmp);
  // V8 appends a hint that points at its own --help, which v8bench does not have.
  if (auto pos = text.find("Try --help"); pos != std::string::npos) text.erase(pos);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

struct FlagVerdict {
  bool accepted = false;
  std::string v8_says;
};

// Offers one flag to V8. V8 takes the flags it knows out of argv and leaves the rest; it stops at
// the first malformed value, so flags are offered one at a time.
FlagVerdict OfferFlag(const std::string& flag) {
  std::string prog = "v8bench";
  std::string copy = flag;
  char* argv[] = {prog.data(), copy.data(), nullptr};
  int argc = 2;
  FlagVerdict verdict;
  verdict.v8_says = CaptureStderr([&] { v8::V8::SetFlagsFromCommandLine(&argc, argv, /*remove_flags=*/true); });
  verdict.accepted = argc == 1;
  return verdict;
}

// Validates and sets the V8 flags, before anything initialises V8. Unknown flags are errors here: V8
// itself only warns, and a benchmark run with a silently ignored flag is a wrong answer. The value says
// whether V8 took a libm trig switch for the --fast-trig/--no-fast-trig request.
Expected<bool> OfferFlagsToV8(const std::vector<std::string>& flags, TrigRequest trig) {
  bool has_libm_switch = trig != TrigRequest::kEngineDefault;
  for (const auto& flag : flags) {
    if (flag == "--help" || flag == "-h") {
      return Error::Usage("--v8-flags: '--help' would print V8's flags and exit; use `v8bench info --v8-options`");
    }
    if (flag.rfind("-", 0) != 0) {
      return Error::Usage("--v8-flags: '" + flag +
                          "' is not a V8 flag (V8 flags start with --, e.g. --max-semi-space-size=16)");
    }
    const FlagVerdict verdict = OfferFlag(flag);
    if (verdict.accepted) continue;
    const bool is_trig = flag.find(kLibmTrigFlag) != std::string::npos;
    if (is_trig && trig == TrigRequest::kFast) {
      return Error::Unsupported(
          std::string("--fast-trig: V8 ") + v8::V8::GetVersion() +
          " has no runtime switch for the libm sin/cos path (--" + kLibmTrigFlag +
          " exists only in V8 builds made with v8_use_libm_trig_functions=true); it uses its fdlibm port. "
          "Build V8 with that option and pass -DV8_ROOT=<build>, or run the suite on an engine that has it "
          "(see `v8bench info`), or drop --fast-trig.");
    }
    if (is_trig && trig == TrigRequest::kSlow) {
      has_libm_switch = false;  // fine if this V8 already uses fdlibm; V8Process::Start checks
      continue;
    }
    std::string message = "unknown or malformed V8 flag '" + flag + "'";
    if (!verdict.v8_says.empty()) message += " (V8 says: " + verdict.v8_says + ")";
    message += "; list this V8's flags with `v8bench info --v8-options`";
    return Error::Usage(message);
  }
  return has_libm_switch;
}

}  // namespace

std::string EmbeddedV8Version() { return v8::V8::GetVersion(); }

void PrintV8Options() {
  v8::V8::SetFlagsFromString("--help");  // V8 prints its flags and exits
  std::exit(0);
}

V8Process::V8Process(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Expected<std::unique_ptr<V8Process>> V8Process::Start(const EngineOptions& options) {
  if (g_started) return Error::Internal("V8Process::Start called twice in one process");
  std::vector<std::string> flags = ComposeV8Flags(options);
  // The harness reads and drives each case's tiers through V8's natives syntax (js/bench_api/03_cases.js,
  // settle/codeState); the flag only lets scripts parse %-calls. --no-allow-natives-syntax opts out
  // (code state then unknown, tiering V8's own).
  if (std::find(flags.begin(), flags.end(), "--no-allow-natives-syntax") == flags.end()) {
    flags.insert(flags.begin(), "--allow-natives-syntax");
  }
  // WebAssembly compiled on the main thread: in V8 10.2 a background wasm compile job (undici's llhttp, which
  // Node's fetch, Request and Response load) and the isolate's teardown deadlock on the wasm engine's lock, so
  // a node-realm suite that touched fetch hung at the end of its case. No JS code is affected.
  const auto wasm_tasks = [](const std::string& f) { return f.starts_with("--wasm-num-compilation-tasks"); };
  if (std::none_of(flags.begin(), flags.end(), wasm_tasks))
    flags.insert(flags.begin(), "--wasm-num-compilation-tasks=0");

  auto has_libm_switch = OfferFlagsToV8(flags, options.trig);
  if (!has_libm_switch) return has_libm_switch.error();
  auto impl = std::make_unique<Impl>();
  impl->facts.v8_version = v8::V8::GetVersion();
  impl->facts.flags = flags;
#if V8BENCH_HAVE_NODE
  using PF = node::ProcessInitializationFlags::Flags;
  // Node's per-process state (ICU, OpenSSL, options), but V8 and its platform are ours to set up.
  const auto init_flags = static_cast<PF>(node::ProcessInitializationFlags::kNoInitializeV8 |
                                          node::ProcessInitializationFlags::kNoInitializeNodeV8Platform |
                                          node::ProcessInitializationFlags::kNoStdioInitialization |
                                          node::ProcessInitializationFlags::kNoDefaultSignalHandling |
                                          node::ProcessInitializationFlags::kDisableNodeOptionsEnv |
                                          node::ProcessInitializationFlags::kNoPrintHelpOrVersionOutput |
                                          node::ProcessInitializationFlags::kNoUseLargePages);
  auto init = node::InitializeOncePerProcess({"v8bench"}, init_flags);
  if (init->exit_code() != 0 || init->early_return()) {
    std::string text = "Node's per-process initialisation failed:";
    for (const auto& e : init->errors()) text += " " + e;
    return Error::Internal(text);
  }
  impl->facts.node_version = NODE_VERSION;
  impl->facts.node_realm_problem = NodeRealmProblem();
  impl->facts.node_realm_available = impl->facts.node_realm_problem.empty();
  impl->platform = node::MultiIsolatePlatform::Create(2);
#else
  impl->facts.node_realm_problem = "built against a V8 without Node (V8_ROOT)";
  impl->platform = v8::platform::NewDefaultPlatform(2);
#endif
  v8::V8::InitializePlatform(impl->platform.get());
  v8::V8::Initialize();
  g_started = true;
  std::unique_ptr<V8Process> process(new V8Process(std::move(impl)));

  if (options.trig == TrigRequest::kSlow && !has_libm_switch.value() && process->trig().path != "fdlibm") {
    return Error::Unsupported(std::string("--no-fast-trig: V8 ") + v8::V8::GetVersion() +
                              " uses a libm-based sin/cos and has no runtime switch back to fdlibm; drop "
                              "--no-fast-trig or run the suite on another engine");
  }
  return process;
}

V8Process::~V8Process() {
  v8::V8::Dispose();
  v8::V8::DisposePlatform();
  impl_->platform.reset();
#if V8BENCH_HAVE_NODE
  node::TearDownOncePerProcess();
#endif
  g_started = false;
}

const EngineFacts& V8Process::facts() const { return impl_->facts; }

Expected<std::unique_ptr<Realm>> V8Process::NewRealm(RealmKind kind) { return CreateRealm(kind, *impl_); }

void V8Process::Impl::ProbeOnce() {
  if (trig) return;
  auto realm = CreateBareRealm(*this);
  if (!realm) {
    trig = TrigInfo{"unknown", 0, 0, "the trig probe could not run"};
    return;
  }
  {
    RealmScope scope(*realm.value());
    trig = DetectTrig(*realm.value());
    young_generation_bytes = realm.value()->YoungGenerationBytes();
    v8::HeapStatistics stats;
    realm.value()->isolate()->GetHeapStatistics(&stats);
    heap_size_limit = stats.heap_size_limit();
  }
}

const TrigInfo& V8Process::trig() {
  impl_->ProbeOnce();
  return *impl_->trig;
}

std::uint64_t V8Process::InitialYoungGenerationBytes() {
  impl_->ProbeOnce();
  return impl_->young_generation_bytes;
}

std::uint64_t V8Process::HeapSizeLimitBytes() {
  impl_->ProbeOnce();
  return impl_->heap_size_limit;
}

}  // namespace v8bench
