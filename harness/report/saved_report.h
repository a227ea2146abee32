// `v8bench report FILE`: a saved results file rendered again. A `compare --out` file is analysed as
// `compare` would (its settings, its seed, the same statistics: compare_output's RenderComparison);
// a `run --out` JSON file is read back into its cases and repetitions (run_json_reader) and rendered
// by the run's own reporters.
#pragma once

#include <string>

#include "harness/model/expected.h"

namespace v8bench::report {

// `format`: html, markdown (compare files only: a run file is an Error::Usage) or console (`plot`:
// with each case's samples as box plots, for a compare file; `explain`: a run file's table followed by
// every case behind each warning, as `run --explain`). A file that is neither is an Error::Input that
// points Google Benchmark JSON to `diff`.
Expected<std::string> RenderSavedResults(const std::string& path, const std::string& format, bool plot,
                                         bool explain = false);

}  // namespace v8bench::report
