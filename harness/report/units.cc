#include "harness/report/units.h"

#include <fmt/format.h>

#include <cmath>

namespace v8bench {

std::string FormatDuration(double ns) {
  const double a = std::fabs(ns);
  if (a < 1e3) return fmt::format("{:.3g} ns", ns);
  if (a < 1e6) return fmt::format("{:.3g} µs", ns / 1e3);
  if (a < 1e9) return fmt::format("{:.3g} ms", ns / 1e6);
  return fmt::format("{:.3g} s", ns / 1e9);
}

std::string FormatBytes(double bytes) {
  const double a = std::fabs(bytes);
  if (a > 0 && a < 1) return "<1 B";  // heap accounting noise (JIT metadata), not the bench's objects
  if (a < 1024) return fmt::format("{:.3g} B", bytes);
  if (a < 1024.0 * 1024) return fmt::format("{:.3g} KB", bytes / 1024);
  if (a < 1024.0 * 1024 * 1024) return fmt::format("{:.3g} MB", bytes / (1024.0 * 1024));
  return fmt::format("{:.3g} GB", bytes / (1024.0 * 1024 * 1024));
}

std::string FormatPercent(double fraction) { return fmt::format("{:.1f}%", fraction * 100); }

std::string FormatCount(double value) {
  if (value != 0 && std::fabs(value) < 0.01) return fmt::format("{:.2e}", value);
  return fmt::format("{:.4g}", value);
}

std::string FormatValue(double value, Unit unit) {
  switch (unit) {
    case Unit::kNanoseconds:
      return FormatDuration(value);
    case Unit::kBytes:
      return FormatBytes(value);
    case Unit::kRatio:
      return FormatPercent(value);
    case Unit::kCount:
      break;
  }
  return FormatCount(value);
}

}  // namespace v8bench
