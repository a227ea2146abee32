// speed_probe: how fast is this machine right now, in the resources a JavaScript benchmark uses?
//
// Times fixed native kernels on the calling thread's CPU clock (the clock v8bench reports; the two-thread
// kernels below say which clock they use) and
// prints one JSON object: the median over --reps of each kernel's cost per unit of work. Run beside a
// v8bench process (research/process_variation.sh runs it before and after each one) it tells whether a
// process that timed slow ran while the machine itself was slow: if the case's per-process figures
// move and these do not, the variation is the process's own (its JIT and heap history), not the
// machine's.
//
// Kernels (each chosen for one resource; none but cross_free allocates while timed):
//   chain_ns        a dependent xorshift-multiply chain: core clock and latency (frequency, steal)
//   throughput_ns   four independent LCG chains: execution ports (a busy hyperthread sibling)
//   indirect_ns     calls through a table of 16 functions in a random order: branch prediction
//   chase_ns        a random pointer chase over 32 MiB: DRAM latency and TLB (memory contention)
//   copy_ns_per_kib memcpy of 16 MiB buffers: memory bandwidth
//   touch_ns_per_page  mmap 32 MiB, write one byte per 4 KiB page, munmap: page-fault cost (and, in
//                   a VM, the host backing fresh guest memory)
//   code_page_ns    calls into 16 MiB of executable memory, a different 4 KiB page each call, in a
//                   random order: instruction TLB and cache misses, as a JIT's and an engine's large
//                   code footprint incur (x86-64 only; null elsewhere)
// Two-thread kernels (a second thread as V8's platform workers are: where it runs, and how fast the two
// CPUs reach each other, is the host's placement of the VM's vCPUs, which can change while a VM runs):
//   handoff_ns      round trip of one cache line between this thread and a spinning second thread
//                   (wall clock): the cost of moving data between the two CPUs
//   wake_ns         round trip through a condition variable to a sleeping second thread and back
//                   (wall clock), as a platform posts a task to a worker; wake_cpu_ns: this thread's
//                   CPU time per round trip (the poster's share, which V8's main-thread figure includes)
//   cross_free_ns   malloc(8 KiB) on this thread while a second thread frees the previous batch (this
//                   thread's CPU per allocation), as Node's Buffer pools are allocated by the main
//                   thread and freed by V8's concurrent ArrayBuffer sweeping
// A two-thread kernel that cannot finish in its deadline (no second CPU free) reports what it did
// (cross_free: null if it did not get past its untimed batches).
// Limits: these are not JavaScript; a JIT-specific or heap-layout-specific slowness is invisible to
// them by design (that is what they separate). The kernels take about 0.5 s per repetition on this
// project's VM (each two-thread kernel at most 0.3 s).
#include <sys/mman.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <numeric>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

double ThreadCpuNs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// Keeps a result alive so that the optimiser cannot drop the work that produced it.
volatile std::uint64_t g_sink = 0;

template <typename Work>
double NsPer(double units, Work work) {
  const double start = ThreadCpuNs();
  work();
  return (ThreadCpuNs() - start) / units;
}

constexpr int kChainSteps = 10'000'000;
double Chain() {
  return NsPer(kChainSteps, [] {
    std::uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < kChainSteps; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      x *= 0x9E3779B97F4A7C15ULL;
    }
    g_sink = g_sink + x;
  });
}

double Throughput() {
  return NsPer(kChainSteps, [] {
    std::uint64_t y[4] = {1, 2, 3, 4};
    for (int i = 0; i < kChainSteps; ++i) {
      for (auto& v : y) {
        v = v * 6364136223846793005ULL + 1442695040888963407ULL;
        v ^= v >> 29;
      }
    }
    g_sink = g_sink + y[0] + y[1] + y[2] + y[3];
  });
}

// Sixteen distinct functions, so that an indirect call's target is unpredictable.
template <int N>
__attribute__((noinline)) std::uint64_t Step(std::uint64_t x) {
  return (x * (2 * N + 1)) ^ (x >> (N % 13));
}
using StepFn = std::uint64_t (*)(std::uint64_t);
template <int... N>
constexpr std::array<StepFn, sizeof...(N)> StepTable(std::integer_sequence<int, N...>) {
  return {&Step<N>...};
}

constexpr int kIndirectCalls = 4'000'000;
double Indirect(const std::vector<std::uint8_t>& order) {
  static constexpr auto kTable = StepTable(std::make_integer_sequence<int, 16>{});
  return NsPer(kIndirectCalls, [&] {
    std::uint64_t z = 1;
    for (int i = 0; i < kIndirectCalls; ++i) z = kTable[order[i & (order.size() - 1)]](z) + 1;
    g_sink = g_sink + z;
  });
}

constexpr int kChaseLoads = 300'000;
double Chase(const std::vector<std::uint32_t>& next) {
  return NsPer(kChaseLoads, [&] {
    std::uint32_t p = 0;
    for (int i = 0; i < kChaseLoads; ++i) p = next[p];
    g_sink = g_sink + p;
  });
}

constexpr int kCopies = 6;
double Copy(std::vector<char>& from, std::vector<char>& to) {
  return NsPer(kCopies * (static_cast<double>(from.size()) / 1024), [&] {
    for (int k = 0; k < kCopies; ++k) {
      std::memcpy(to.data(), from.data(), from.size());
      ++from[static_cast<std::size_t>(k)];  // a different copy each time
    }
    g_sink = g_sink + static_cast<std::uint8_t>(to[5]);
  });
}

constexpr std::size_t kPage = 4096;
constexpr std::size_t kTouchBytes = 32u << 20;
// Returns a negative value when mmap fails (reported as null).
double Touch() {
  const double start = ThreadCpuNs();
  void* mapped = mmap(nullptr, kTouchBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return -1;
  auto* bytes = static_cast<volatile char*>(mapped);
  for (std::size_t offset = 0; offset < kTouchBytes; offset += kPage) bytes[offset] = 1;
  g_sink = g_sink + static_cast<std::uint8_t>(bytes[kPage]);
  munmap(mapped, kTouchBytes);
  return (ThreadCpuNs() - start) / static_cast<double>(kTouchBytes / kPage);
}

constexpr std::size_t kCodeBytes = 16u << 20;
constexpr int kCodeCalls = 400'000;
// Returns a negative value where it cannot run (not x86-64, or no executable mapping allowed).
double CodePage(const std::vector<std::uint32_t>& page_order) {
#if defined(__x86_64__)
  void* mapped = mmap(nullptr, kCodeBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return -1;
  auto* bytes = static_cast<unsigned char*>(mapped);
  for (std::size_t offset = 0; offset < kCodeBytes; offset += kPage) bytes[offset] = 0xC3;  // ret
  if (mprotect(mapped, kCodeBytes, PROT_READ | PROT_EXEC) != 0) {
    munmap(mapped, kCodeBytes);
    return -1;
  }
  using Leaf = void (*)();
  const double ns = NsPer(kCodeCalls, [&] {
    for (int i = 0; i < kCodeCalls; ++i) {
      const std::size_t page = page_order[static_cast<std::size_t>(i) & (page_order.size() - 1)];
      reinterpret_cast<Leaf>(bytes + page * kPage)();
    }
  });
  munmap(mapped, kCodeBytes);
  return ns;
#else
  (void)page_order;
  return -1;
#endif
}

double WallNs() {
  return static_cast<double>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// Each two-thread kernel stops at its count or after this much wall time, whichever comes first.
constexpr double kCrossThreadDeadlineNs = 0.3e9;

constexpr int kHandoffs = 200'000;
double Handoff() {
  alignas(64) std::atomic<std::uint64_t> turn{0};  // odd: the partner's move; even: ours
  std::atomic<bool> stop{false};
  std::thread partner([&] {
    while (!stop.load(std::memory_order_relaxed)) {
      const std::uint64_t v = turn.load(std::memory_order_acquire);
      if (v & 1) turn.store(v + 1, std::memory_order_release);
    }
  });
  const double start = WallNs();
  int done = 0;
  for (; done < kHandoffs; ++done) {
    const std::uint64_t sent = 2 * static_cast<std::uint64_t>(done) + 1;
    turn.store(sent, std::memory_order_release);
    for (unsigned spins = 1; turn.load(std::memory_order_acquire) == sent; ++spins) {
      if ((spins & 1023) == 0 && WallNs() - start > kCrossThreadDeadlineNs) break;
    }
    if (turn.load(std::memory_order_acquire) == sent) break;  // past the deadline
  }
  const double elapsed = WallNs() - start;
  stop.store(true);
  partner.join();
  return elapsed / std::max(done, 1);
}

// Ends a partner thread that waits on `wakeup` until `stop` (guarded by `mutex`) is set.
void StopPartner(std::mutex& mutex, bool& stop, std::condition_variable& wakeup, std::thread& partner) {
  {
    std::lock_guard lock(mutex);
    stop = true;
  }
  wakeup.notify_one();
  partner.join();
}

struct WakeCost {
  double wall_ns;
  double cpu_ns;
};

constexpr int kWakes = 5'000;
WakeCost Wake() {
  std::mutex mutex;
  std::condition_variable to_partner, to_us;
  int posted = 0, answered = 0;
  bool stop = false;
  std::thread partner([&] {
    std::unique_lock lock(mutex);
    for (;;) {
      to_partner.wait(lock, [&] { return stop || posted > answered; });
      if (stop) return;
      answered = posted;
      to_us.notify_one();
    }
  });
  const double start = WallNs(), start_cpu = ThreadCpuNs();
  int done = 0;
  for (; done < kWakes && WallNs() - start < kCrossThreadDeadlineNs; ++done) {
    std::unique_lock lock(mutex);
    ++posted;
    to_partner.notify_one();
    to_us.wait(lock, [&] { return answered == posted; });
  }
  const WakeCost cost{(WallNs() - start) / std::max(done, 1), (ThreadCpuNs() - start_cpu) / std::max(done, 1)};
  StopPartner(mutex, stop, to_partner, partner);
  return cost;
}

constexpr std::size_t kBlockBytes = 8192;
constexpr std::size_t kBatch = 256;
constexpr int kBatches = 200;
constexpr int kUntimedBatches = 16;  // the heap grows to its working size before timing starts
double CrossFree() {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<void*> handed;  // blocks the partner is to free
  bool stop = false;
  std::thread partner([&] {
    std::unique_lock lock(mutex);
    for (;;) {
      cv.wait(lock, [&] { return stop || !handed.empty(); });
      if (handed.empty()) return;  // stopped, and nothing left to free
      std::vector<void*> mine;
      mine.swap(handed);
      lock.unlock();
      for (void* block : mine) std::free(block);
      lock.lock();
    }
  });
  const double start = WallNs();
  double start_cpu = 0;
  std::size_t timed_blocks = 0;
  std::vector<void*> batch;
  batch.reserve(kBatch);
  for (int b = 0; b < kBatches && WallNs() - start < kCrossThreadDeadlineNs; ++b) {
    if (b == kUntimedBatches) start_cpu = ThreadCpuNs();
    for (std::size_t i = 0; i < kBatch; ++i) {
      auto* block = static_cast<char*>(std::malloc(kBlockBytes));
      if (block == nullptr) break;
      block[0] = static_cast<char>(i);  // written, as a Buffer's bytes are
      batch.push_back(block);
    }
    if (b >= kUntimedBatches) timed_blocks += batch.size();
    std::lock_guard lock(mutex);
    handed.insert(handed.end(), batch.begin(), batch.end());
    batch.clear();
    cv.notify_one();
  }
  const double ns = timed_blocks > 0 ? (ThreadCpuNs() - start_cpu) / static_cast<double>(timed_blocks) : -1;
  StopPartner(mutex, stop, cv, partner);
  return ns;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// A kernel that could not run on this machine prints null.
void PrintMedianOrNull(const std::vector<double>& values, const char* format) {
  if (values.empty()) {
    std::printf("null");
  } else {
    std::printf(format, Median(values));
  }
}

constexpr const char* kUsage =
    "usage: speed_probe [--reps N]   (N in 1..100, default 3)\n"
    "Times fixed native kernels on this thread's CPU clock and prints one JSON object of\n"
    "medians over N repetitions (see the comment at the top of research/speed_probe.cc).\n";

int Refuse(const std::string& why) {
  std::fprintf(stderr, "speed_probe: %s\n%s", why.c_str(), kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg != "--reps" || i + 1 >= argc) return Refuse("unknown argument '" + arg + "'");
    char* end = nullptr;
    const long value = std::strtol(argv[++i], &end, 10);
    if (*end != '\0' || value < 1 || value > 100) return Refuse("--reps takes a whole number from 1 to 100");
    reps = static_cast<int>(value);
  }

  // Fixed inputs (seeded), prepared and touched before any timing.
  std::mt19937 rng(1);
  std::vector<std::uint32_t> next((32u << 20) / sizeof(std::uint32_t));
  {
    std::vector<std::uint32_t> cycle(next.size());
    std::iota(cycle.begin(), cycle.end(), 0u);
    std::shuffle(cycle.begin(), cycle.end(), rng);
    for (std::size_t i = 0; i < cycle.size(); ++i) next[cycle[i]] = cycle[(i + 1) % cycle.size()];
  }
  std::vector<std::uint8_t> order(1u << 16);
  for (auto& step : order) step = static_cast<std::uint8_t>(rng() & 15u);
  std::vector<std::uint32_t> page_order(1u << 16);
  for (auto& page : page_order) page = static_cast<std::uint32_t>(rng() % (kCodeBytes / kPage));
  std::vector<char> from(16u << 20, 1);
  std::vector<char> to(16u << 20, 2);

  std::vector<double> chain, throughput, indirect, chase, copy, touch, code, handoff, wake, wake_cpu, cross_free;
  for (int r = 0; r < reps; ++r) {
    chain.push_back(Chain());
    throughput.push_back(Throughput());
    indirect.push_back(Indirect(order));
    chase.push_back(Chase(next));
    copy.push_back(Copy(from, to));
    const double page = Touch();
    if (page >= 0) touch.push_back(page);
    const double call = CodePage(page_order);
    if (call >= 0) code.push_back(call);
    handoff.push_back(Handoff());
    const WakeCost woken = Wake();
    wake.push_back(woken.wall_ns);
    wake_cpu.push_back(woken.cpu_ns);
    const double allocation = CrossFree();
    if (allocation >= 0) cross_free.push_back(allocation);
  }
  std::printf(
      "{\"chain_ns\":%.4f,\"throughput_ns\":%.4f,\"indirect_ns\":%.4f,\"chase_ns\":%.3f,"
      "\"copy_ns_per_kib\":%.3f,\"touch_ns_per_page\":",
      Median(chain), Median(throughput), Median(indirect), Median(chase), Median(copy));
  PrintMedianOrNull(touch, "%.1f");
  std::printf(",\"code_page_ns\":");
  PrintMedianOrNull(code, "%.3f");
  std::printf(",\"handoff_ns\":%.1f,\"wake_ns\":%.0f,\"wake_cpu_ns\":%.0f,\"cross_free_ns\":", Median(handoff),
              Median(wake), Median(wake_cpu));
  PrintMedianOrNull(cross_free, "%.1f");
  std::printf(",\"reps\":%d}\n", reps);
  return 0;
}
