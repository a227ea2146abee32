// Human-readable figures: durations (ns/µs/ms/s), sizes (B/KB/MB/GB, 1024-based), shares.
#pragma once

#include <string>

#include "harness/model/result.h"

namespace v8bench {

std::string FormatDuration(double ns);
std::string FormatBytes(double bytes);
std::string FormatPercent(double fraction);
std::string FormatCount(double value);
// A figure in its unit: FormatDuration, FormatBytes, FormatPercent (ratio) or FormatCount.
std::string FormatValue(double value, Unit unit);

}  // namespace v8bench
