#include "harness/report/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

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

Status CheckWritable(const std::string& option, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return Error::Input(option + " " + path + ": is a directory; give a file name");
  }
  // Create (and remove) the temporary file the atomic write uses: the same directory, the same rights.
  const std::string tmp = path + ".tmp";
  const bool existed = std::filesystem::exists(tmp, ec);
  FILE* f = std::fopen(tmp.c_str(), "ab");
  if (f == nullptr) {
    return Error::Input(option + " " + path + ": cannot write there (" + std::strerror(errno) +
                        "); give a file in an existing, writable directory");
  }
  std::fclose(f);
  if (!existed) std::remove(tmp.c_str());
  return OkStatus();
}

}  // namespace v8bench
