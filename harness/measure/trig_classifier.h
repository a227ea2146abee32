// Which sin/cos implementation an engine uses, found by behaviour: Math.sin/cos results are compared
// bit for bit with the host's libm over a fixed set of inputs. V8's own fdlibm port (every V8 up to
// at least 14.6 by default) differs from glibc on about 3% of such inputs; a libm-based V8
// (v8_use_libm_trig_functions) on about 0.1%. Pure C++: the embedded engine (engine/trig_probe) and
// external engines (driver/) both feed it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace v8bench {

// The runtime switch that exists only in V8 builds made with v8_use_libm_trig_functions.
inline constexpr const char* kLibmTrigFlag = "use-libm-trig-functions";

struct TrigInfo {
  std::string path;              // "fdlibm" or "libm"
  double mismatch_fraction = 0;  // share of probe results that differ from the host libm
  std::size_t probes = 0;        // sin and cos results compared
};

// The fixed probe inputs (deterministic): small, medium and large magnitudes.
std::vector<double> TrigProbeInputs();

// Classifies results computed by the engine for TrigProbeInputs(): sin and cos interleaved.
TrigInfo ClassifyTrig(const std::vector<double>& inputs, const std::vector<double>& engine_sin_cos);

}  // namespace v8bench
