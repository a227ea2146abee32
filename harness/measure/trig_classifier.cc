#include "harness/measure/trig_classifier.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace v8bench {

std::vector<double> TrigProbeInputs() {
  std::vector<double> xs;
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto next = [&state] {  // xorshift64*: fixed sequence on every host
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return static_cast<double>((state * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;  // [0,1)
  };
  for (int i = 0; i < 1500; ++i) xs.push_back((next() * 2 - 1) * 3.14159);  // small and medium
  for (int i = 0; i < 400; ++i) xs.push_back((next() * 2 - 1) * 1e3);
  for (int i = 0; i < 100; ++i) xs.push_back((next() * 2 - 1) * 1e9);  // range reduction
  return xs;
}

TrigInfo ClassifyTrig(const std::vector<double>& inputs, const std::vector<double>& engine_sin_cos) {
  TrigInfo info;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < inputs.size() && 2 * i + 1 < engine_sin_cos.size(); ++i) {
    const double s = std::sin(inputs[i]);
    const double c = std::cos(inputs[i]);
    if (std::memcmp(&s, &engine_sin_cos[2 * i], sizeof s) != 0) ++differ;
    if (std::memcmp(&c, &engine_sin_cos[2 * i + 1], sizeof c) != 0) ++differ;
    info.probes += 2;
  }
  info.mismatch_fraction = info.probes == 0 ? 0 : static_cast<double>(differ) / static_cast<double>(info.probes);
  // Between the two measured populations (about 3% and 0.1%), with a wide margin on both sides.
  info.path = info.mismatch_fraction > 0.01 ? "fdlibm" : "libm";
  info.detected_by = "its Math.sin/cos differ from the host libm on " + std::to_string(differ) + " of " +
                     std::to_string(info.probes) + " probes (fdlibm ≈ 3%, libm-based ≈ 0.1%)";
  return info;
}

namespace {

std::size_t Differences(const std::vector<double>& a, const std::vector<double>& b) {
  std::size_t n = a.size() == b.size() ? 0 : std::max(a.size(), b.size()) - std::min(a.size(), b.size());
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof a[i]) != 0) ++n;
  }
  return n;
}

}  // namespace

TrigInfo ClassifyTrigBySwitch(const std::vector<double>& inputs, const std::vector<double>& engine_sin_cos,
                              const std::vector<double>& libm_sin_cos, const std::vector<double>& fdlibm_sin_cos) {
  TrigInfo info = ClassifyTrig(inputs, engine_sin_cos);
  const std::size_t apart = Differences(libm_sin_cos, fdlibm_sin_cos);
  if (apart == 0) return info;
  const std::string between =
      " (its two paths differ on " + std::to_string(apart) + " of " + std::to_string(libm_sin_cos.size()) + " probes)";
  if (Differences(engine_sin_cos, libm_sin_cos) == 0) {
    info.path = "libm";
    info.detected_by = std::string("equal bit for bit to the engine's own --") + kLibmTrigFlag + " results" + between;
  } else if (Differences(engine_sin_cos, fdlibm_sin_cos) == 0) {
    info.path = "fdlibm";
    info.detected_by =
        std::string("equal bit for bit to the engine's own --no-") + kLibmTrigFlag + " results" + between;
  }
  return info;
}

}  // namespace v8bench
