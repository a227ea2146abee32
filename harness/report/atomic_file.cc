#include "harness/report/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace v8bench {

Status WriteFileAtomically(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return Error::Input(path + ": cannot write results (" + std::strerror(errno) + ")");
  const bool written = std::fwrite(content.data(), 1, content.size(), f) == content.size();
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    std::remove(tmp.c_str());
    return Error::Input(path + ": writing results failed (disk full?)");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return Error::Input(path + ": cannot replace the results file (" + std::strerror(errno) + ")");
  }
  return OkStatus();
}

}  // namespace v8bench
