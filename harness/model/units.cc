#include "harness/model/units.h"

#include <fmt/format.h>

#include <cmath>

namespace v8bench {

// Three significant digits, and the larger unit once a value would round to 1000 of the smaller one
// (999.7 ns is "1 µs", not "1e+03 ns").
std::string FormatDuration(double ns) {
  const double a = std::fabs(ns);
  if (a < 999.5) return fmt::format("{:.3g} ns", ns);
  if (a < 999.5e3) return fmt::format("{:.3g} µs", ns / 1e3);
  if (a < 999.5e6) return fmt::format("{:.3g} ms", ns / 1e6);
  return fmt::format("{:.3g} s", ns / 1e9);
}

// Binary units: 1000-1023 of one unit are shown whole ("1010 B"), not as "1.01e+03 B".
std::string FormatBytes(double bytes) {
  const double a = std::fabs(bytes);
  if (a > 0 && a < 1) return "<1 B";  // heap accounting noise (JIT metadata), not the bench's objects
  const auto in = [](double v, const char* unit) {
    return std::fabs(v) < 999.5 ? fmt::format("{:.3g} {}", v, unit) : fmt::format("{:.0f} {}", v, unit);
  };
  if (a < 1023.5) return in(bytes, "B");
  if (a < 1023.5 * 1024) return in(bytes / 1024, "KB");
  if (a < 1023.5 * 1024 * 1024) return in(bytes / (1024.0 * 1024), "MB");
  return in(bytes / (1024.0 * 1024 * 1024), "GB");
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
