// Measures a case's native floor through Google Benchmark, with the same timing settings as the JS
// case, so the two figures are comparable.
#pragma once

#include <optional>
#include <string>

#include "harness/model/native_work.h"
#include "harness/native/floor_kernels.h"
#include "harness/runner/run_settings.h"

namespace v8bench {

NativeFloor MeasureFloor(const std::string& case_name, const NativeWork& work, const FloorKernel& kernel,
                         const RunSettings& settings);

struct PlannedCase;
class V8Process;
// `v8bench native`: the case's setup runs in its realm (to build the inputs), then only the floor is
// measured. nullopt when the bench declares no floor.
Expected<std::optional<NativeFloor>> MeasureCaseFloor(V8Process& process, const PlannedCase& planned,
                                                      const RunSettings& settings);

}  // namespace v8bench
