// `v8bench native`'s table: one row per case as its native floor is measured (kind, median time per
// iteration, CV, throughput), or why it failed, then how many were measured and failed.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "harness/model/native_work.h"

namespace v8bench {

class NativeFloorTable {
 public:
  // Prints the heading; `names` (the planned cases) size the first column.
  NativeFloorTable(std::FILE* out, const std::vector<std::string>& names);
  void Measured(const std::string& name, const NativeFloor& floor);
  void Failed(const std::string& name, const std::string& why);
  // A case whose setup needs what this engine lacks: said, and not counted as failed.
  void Unsupported(const std::string& name, const std::string& why);
  // "N floors measured, M failed, K unsupported by this engine".
  void End();
  std::size_t failed() const { return failed_; }

 private:
  std::FILE* out_;
  std::size_t width_ = 24;
  std::size_t measured_ = 0, failed_ = 0, unsupported_ = 0;
};

}  // namespace v8bench
