// Native floors: the work a JS case does, done in C++ (simdjson, the host libm, memcpy), so a report
// shows how far the engine is from the machine.
#pragma once

#include <cstdint>
#include <functional>

#include "harness/model/expected.h"
#include "harness/model/native_work.h"

namespace v8bench {

// Runs `iterations` iterations of the native work; each iteration is the JS case's one iteration.
using FloorKernel = std::function<void(std::uint64_t iterations)>;

// A kernel for `work` (it owns copies of the inputs). An unknown kind or an unparseable JSON payload
// is an Error::Input.
Expected<FloorKernel> MakeFloorKernel(const NativeWork& work);

}  // namespace v8bench
