// Results are written atomically: the whole file goes to PATH.tmp, then is renamed over PATH, so a
// reader (or an interrupted run) never sees a half-written file.
#pragma once

#include <string>

#include "harness/model/expected.h"

namespace v8bench {

Status WriteFileAtomically(const std::string& path, const std::string& content);

// Whether WriteFileAtomically(path, ...) can succeed: checked before measuring, so an unwritable
// --out (missing directory, a directory, /proc) is an Error::Input (exit 2) that costs nothing.
Status CheckWritable(const std::string& option, const std::string& path);

}  // namespace v8bench
