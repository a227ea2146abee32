// What v8bench keeps in its cache directory (workers::CacheDirectory()), by part: the Node releases
// `bisect` fetched, the in-process instruments compiled at run time, bisect's measured steps and the
// external runner's files. Each part's folder is declared where it is written; this lists and removes them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench::files {

struct CachePart {
  std::string name;                  // "engines", "instruments", "steps", "runners"
  std::string what;                  // for people
  std::vector<std::string> entries;  // the part's files or folders, sorted
  std::uint64_t bytes = 0;           // on disk, all entries
};

// The parts, in the order above; a part with no folder yet has no entries.
std::vector<CachePart> ListCache();

// The part names ListCache gives, for --help and messages.
std::vector<std::string> CachePartNames();

// Removes every entry of the parts named (each a CachePartNames() entry; "all" for every part) and returns
// the bytes freed. An unknown name is an Error::Usage naming the parts; a failed removal an Error::Input
// naming the path.
Expected<std::uint64_t> CleanCache(const std::vector<std::string>& parts);

}  // namespace v8bench::files
