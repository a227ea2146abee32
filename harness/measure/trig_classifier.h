// Which sin/cos implementation an engine uses, found by behaviour: Math.sin/cos results are compared
// bit for bit with the host's libm over a fixed set of inputs. V8's own fdlibm port (every V8 up to
// at least 14.6 by default) differs from glibc on about 3% of such inputs; a libm-based V8
// (v8_use_libm_trig_functions) on about 0.1%. Pure C++: the embedded engine (engine/trig_probe) and
// external engines (driver/) both feed it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "harness/model/knobs.h"  // kLibmTrigFlag

namespace v8bench {

struct TrigInfo {
  std::string path;              // "fdlibm" or "libm"
  double mismatch_fraction = 0;  // share of probe results that differ from the host libm
  std::size_t probes = 0;        // sin and cos results compared
  // How `path` was found, for people: the mismatch rate (ClassifyTrig) or the engine's own two paths
  // (ClassifyTrigBySwitch).
  std::string detected_by;
};

// The fixed probe inputs (deterministic): small, medium and large magnitudes.
std::vector<double> TrigProbeInputs();

// Classifies results computed by the engine for TrigProbeInputs(): sin and cos interleaved.
TrigInfo ClassifyTrig(const std::vector<double>& inputs, const std::vector<double>& engine_sin_cos);

// For an engine whose V8 has the runtime switch (--use-libm-trig-functions), the rate above does not
// tell its paths apart (Deno's V8 15.0: fdlibm differs from glibc on 0.15% of the probes, its libm
// path on 0%; workerd's libm path on 0.15% too). Its two paths, forced with --use-libm-trig-functions
// (`libm_sin_cos`) and --no-use-libm-trig-functions (`fdlibm_sin_cos`), are the references: the path
// is the one whose results `engine_sin_cos` equals bit for bit. Where the two paths agree on every
// probe, or the results equal neither, ClassifyTrig's answer stands.
TrigInfo ClassifyTrigBySwitch(const std::vector<double>& inputs, const std::vector<double>& engine_sin_cos,
                              const std::vector<double>& libm_sin_cos, const std::vector<double>& fdlibm_sin_cos);

}  // namespace v8bench
