// Results are written atomically: the whole file goes to PATH.tmp, then is renamed over PATH, so a
// reader (or an interrupted run) never sees a half-written file.
#pragma once

#include <string>

#include "harness/model/expected.h"

namespace v8bench {

Status WriteFileAtomically(const std::string& path, const std::string& content);

}  // namespace v8bench
