// What `v8bench list` prints of the loaded suite files: per suite its realm, case count, file,
// description and benches with their parameter grids (console), or per suite its file, name, realm,
// description and case names (JSON, one array).
#pragma once

#include <string>
#include <vector>

#include "harness/model/suite.h"

namespace v8bench {

// `quick`: the files were described with their quick grids (the console header says so).
std::string RenderSuiteList(const std::vector<SuiteFile>& files, bool quick, bool json);

}  // namespace v8bench
