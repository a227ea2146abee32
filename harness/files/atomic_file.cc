#include "harness/files/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace v8bench {

namespace {

// What `path` names, for a message, when it exists and is not a regular file (following symlinks);
// empty when it is a regular file or absent.
std::string NotARegularFile(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  switch (status.type()) {
    case std::filesystem::file_type::not_found:
    case std::filesystem::file_type::regular:
      return "";
    case std::filesystem::file_type::directory:
      return "a directory";
    case std::filesystem::file_type::character:
    case std::filesystem::file_type::block:
      return "a device";
    case std::filesystem::file_type::fifo:
      return "a FIFO";
    case std::filesystem::file_type::socket:
      return "a socket";
    default:
      return ec ? "" : "not a regular file";
  }
}

// The file a write to `path` replaces: a symlink's target (so the link stays a link), else `path`.
std::string ReplacedFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_symlink(path, ec)) return path;
  const auto target = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : target.string();
}

}  // namespace

Status WriteFileAtomically(const std::string& given_path, const std::string& content) {
  // Only a regular file is ever replaced: a device, FIFO or directory put there since the check is left alone.
  if (const std::string what = NotARegularFile(given_path); !what.empty()) {
    return Error::Input(given_path + ": is " + what + ", not a regular file; results were not written");
  }
  const std::string path = ReplacedFile(given_path);
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

Status CheckWritable(const std::string& option, const std::string& given_path) {
  std::error_code ec;
  if (std::filesystem::is_directory(given_path, ec)) {
    return Error::Input(option + " " + given_path + ": is a directory; give a file name");
  }
  // Results are written by renaming a new file over the old one, which would replace a device or FIFO
  // with a regular file (as root, --out /dev/null would remove the device).
  if (const std::string what = NotARegularFile(given_path); !what.empty()) {
    return Error::Input(option + " " + given_path + ": is " + what +
                        ", not a regular file; give a file name (without " + option + " the output goes to stdout)");
  }
  const std::string path = ReplacedFile(given_path);
  // Create (and remove) the temporary file the atomic write uses: the same directory, the same rights.
  const std::string tmp = path + ".tmp";
  const bool existed = std::filesystem::exists(tmp, ec);
  FILE* f = std::fopen(tmp.c_str(), "ab");
  if (f == nullptr) {
    return Error::Input(option + " " + given_path + ": cannot write there (" + std::strerror(errno) +
                        "); give a file in an existing, writable directory");
  }
  std::fclose(f);
  if (!existed) std::remove(tmp.c_str());
  return OkStatus();
}

Status CheckNotAnInput(const std::string& option, const std::string& path, const std::vector<std::string>& inputs) {
  std::error_code ec;
  for (const std::string& input : inputs) {
    if (std::filesystem::equivalent(path, input, ec) && !ec) {
      return Error::Usage(option + " " + path + ": is the input file " + input +
                          "; writing the output there would destroy it: give another file name");
    }
  }
  return OkStatus();
}

}  // namespace v8bench
