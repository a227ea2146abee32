// Human-readable figures: durations (ns/µs/ms/s), sizes (B/KB/MB/GB, 1024-based), shares.
#pragma once

#include <string>

namespace v8bench {

std::string FormatDuration(double ns);
std::string FormatBytes(double bytes);
std::string FormatPercent(double fraction);
std::string FormatCount(double value);

}  // namespace v8bench
