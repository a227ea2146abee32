// Results are written atomically: the whole file goes to PATH.tmp, then is renamed over PATH, so a
// reader (or an interrupted run) never sees a half-written file.
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench {

// A symlink's target is replaced (the link stays); a path that is not a regular file (a device, a FIFO)
// is never replaced: an Error::Input.
Status WriteFileAtomically(const std::string& path, const std::string& content);

// Whether WriteFileAtomically(path, ...) can succeed: checked before measuring, so an unwritable
// --out (missing directory, a directory, /proc, a device or FIFO) is an Error::Input (exit 2) that costs
// nothing.
Status CheckWritable(const std::string& option, const std::string& path);

// Refuses (Error::Usage) an output path that is the same file as one of `inputs`, however spelled.
Status CheckNotAnInput(const std::string& option, const std::string& path, const std::vector<std::string>& inputs);

}  // namespace v8bench
