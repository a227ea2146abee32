// The in-process instrument (harness/engine/node_instrument.cc, a Node addon) for any Node. The build
// compiles it for the Nodes in third_party/engines (CMakeLists.txt); for any other Node whose headers
// are at hand (an npm package's or a `make install` prefix's include/node, a source tree's src/ and
// deps/v8/include) v8bench compiles it at run time with the build's own recipe, once per Node build,
// into its cache, so that such a Node measures as the embedded host does without a rebuild of v8bench.
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench::workers {

// How the build compiles the addon, declared once in CMakeLists.txt and generated into the binary
// (instrument_recipe.cc), with absolute paths.
struct InstrumentRecipe {
  std::string source_dir;                   // the v8bench source tree the binary was built from
  std::vector<std::string> launcher;        // the compiler launcher (ccache), or none
  std::string compiler;                     // the C++ compiler
  std::vector<std::string> sources;         // the addon's sources
  std::vector<std::string> flags;           // compile flags: standard, optimisation, includes, defines
  std::vector<std::string> config_defines;  // VARIABLE=DEFINE: DEFINE when the Node's config sets VARIABLE
  std::vector<std::string> built_for;       // ABI=INCLUDE_DIR: the addons the build made (build/node_instrument)
};
const InstrumentRecipe& TheInstrumentRecipe();

// What a Node says of its own build: the key of its cached addon.
struct NodeBuildFacts {
  std::string version;               // "v18.20.8"
  std::string v8;                    // "10.2.154.26-node.39"
  std::string modules;               // NODE_MODULE_VERSION, "108"
  std::string config;                // JSON.stringify(process.config)
  std::vector<std::string> defines;  // the recipe's config defines this build needs
};
Expected<NodeBuildFacts> AskNodeBuild(const std::string& node);

// Where addons compiled at run time live: CacheDirectory()/instrument, one folder per Node build.
std::string InstrumentCacheDir();

// The include directories of a Node's headers, found from its executable: PREFIX/include/node for
// PREFIX/bin/node (an npm package, a `make install` prefix), or a source tree's src/, deps/v8/include
// and deps/uv/include above it (out/Release/node). An Error::Input says where it looked.
Expected<std::vector<std::string>> FindNodeHeaders(const std::string& node);

// The instrument a Node gets, for js/external_runner/: the directory holding
// v8bench_instrument-<NODE_MODULE_VERSION>.node (`--instrument-dir`), or none and why (`--no-instrument`).
struct InstrumentChoice {
  std::string dir;   // empty: the Node runs JS-only
  std::string note;  // how it was obtained, or why there is none
};

// The build's addon when it was built against this Node's headers; else the cached one for this Node's
// build (NodeBuildFacts) and this v8bench's sources; else compiled now into the cache ($XDG_CACHE_HOME
// or ~/.cache/v8bench/instrument/KEY), which is said on stderr. A compile failure is kept in the cache
// (its log names the compiler's first errors) and the Node runs JS-only, also said once on stderr.
// Remembered per executable for the rest of the process.
InstrumentChoice InstrumentFor(const std::string& node);

}  // namespace v8bench::workers
