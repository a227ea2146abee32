#include "harness/report/native_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "harness/model/units.h"
#include "harness/stats/statistics.h"

namespace v8bench {

NativeFloorTable::NativeFloorTable(std::FILE* out, const std::vector<std::string>& names) : out_(out) {
  for (const auto& name : names) width_ = std::max(width_, name.size());
  fmt::print(out_, "{:<{}}  {:<10}  {:>10} {:>6}  {}\n", "case", width_, "floor", "time", "±CV", "throughput");
}

void NativeFloorTable::Measured(const std::string& name, const NativeFloor& f) {
  ++measured_;
  const double ns = stats::Median(f.ns_per_iteration);
  std::string throughput;
  if (f.bytes_per_iteration > 0) throughput = fmt::format("{:.3g} GB/s", f.bytes_per_iteration / ns);
  if (f.calls_per_iteration > 0) throughput = fmt::format("{} per call", FormatDuration(ns / f.calls_per_iteration));
  fmt::print(out_, "{:<{}}  {:<10}  {:>10} {:>6}  {}\n", name, width_, f.kind, FormatDuration(ns),
             FormatPercent(stats::Cv(f.ns_per_iteration)), throughput);
  std::fflush(out_);
}

void NativeFloorTable::Failed(const std::string& name, const std::string& why) {
  ++failed_;
  fmt::print(out_, "{:<{}}  failed: {}\n", name, width_, why);
}

void NativeFloorTable::Unsupported(const std::string& name, const std::string& why) {
  ++unsupported_;
  fmt::print(out_, "{:<{}}  unsupported by this engine: {}\n", name, width_, why);
}

void NativeFloorTable::End() {
  fmt::print(out_, "\n{} floor{} measured{}{}\n", measured_, measured_ == 1 ? "" : "s",
             failed_ ? fmt::format(", {} failed", failed_) : "",
             unsupported_ ? fmt::format(", {} unsupported by this engine", unsupported_) : "");
}

}  // namespace v8bench
