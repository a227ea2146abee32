#include "harness/files/cache_inventory.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "harness/files/bisect_file.h"
#include "harness/workers/external_engine.h"
#include "harness/workers/node_instrument_build.h"
#include "harness/workers/node_releases.h"

namespace v8bench::files {
namespace {

namespace fs = std::filesystem;

std::uint64_t BytesUnder(const fs::path& path) {
  std::error_code ec;
  if (fs::is_regular_file(fs::symlink_status(path, ec))) return fs::file_size(path, ec);
  std::uint64_t bytes = 0;
  for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && !it->is_symlink(ec)) bytes += it->file_size(ec);
  }
  return bytes;
}

// The entries of `dir` (whose names start with `prefix`), sorted.
std::vector<std::string> EntriesOf(const fs::path& dir, const std::string& prefix = "") {
  std::vector<std::string> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().filename().string().starts_with(prefix)) entries.push_back(e.path().string());
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

CachePart Part(std::string name, std::string what, std::vector<std::string> entries) {
  CachePart part{std::move(name), std::move(what), std::move(entries), 0};
  for (const auto& e : part.entries) part.bytes += BytesUnder(e);
  return part;
}

}  // namespace

std::vector<CachePart> ListCache() {
  return {
      Part("engines", "Node releases fetched from npm by bisect", EntriesOf(workers::FetchedEnginesDir())),
      Part("instruments", "the in-process instrument compiled for Nodes the build did not see",
           EntriesOf(workers::InstrumentCacheDir())),
      Part("steps", "bisect's measured steps", EntriesOf(StepCacheDir())),
      Part("runners", "the external runner's files, one folder per v8bench build",
           EntriesOf(workers::CacheDirectory(), workers::kRunnerCachePrefix)),
  };
}

std::vector<std::string> CachePartNames() {
  std::vector<std::string> names;
  for (const auto& p : ListCache()) names.push_back(p.name);
  return names;
}

Expected<std::uint64_t> CleanCache(const std::vector<std::string>& parts) {
  const std::vector<std::string> names = CachePartNames();
  for (const auto& p : parts) {
    if (p != "all" && std::find(names.begin(), names.end(), p) == names.end()) {
      return Error::Usage(fmt::format("no cache part '{}': name one or more of {}, or all", p, fmt::join(names, ", ")));
    }
  }
  std::uint64_t freed = 0;
  for (const CachePart& part : ListCache()) {
    if (std::find(parts.begin(), parts.end(), part.name) == parts.end() &&
        std::find(parts.begin(), parts.end(), "all") == parts.end()) {
      continue;
    }
    for (const auto& e : part.entries) {
      std::error_code ec;
      fs::remove_all(e, ec);
      if (ec)
        return Error::Input(fmt::format("cannot remove {}: {} (freed {} bytes before it)", e, ec.message(), freed));
    }
    freed += part.bytes;
  }
  return freed;
}

}  // namespace v8bench::files
