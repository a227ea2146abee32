// The comparison's results file (JSON): settings, variants with their engines' facts, every sample,
// and the analysis. Rewritten atomically after every sample, so an interrupted comparison keeps all
// it measured and `compare --resume FILE` continues it. Each struct of the comparison is written and
// read from one declaration of its fields (results_file.cc, over json_fields.h). `diff` reads these files, `v8bench
// run`'s JSON, and Google Benchmark's JSON.
#pragma once

#include <optional>
#include <string>

#include "harness/analysis/analysis.h"
#include "harness/driver/comparison.h"
#include "harness/model/expected.h"
#include "harness/model/format_version.h"

namespace v8bench::files {

using analysis::Analysis;
using analysis::Dataset;
using analysis::VariantSeries;
using driver::CompareState;

// `analysis` may be null (the file saved after each sample has "analysis": null; the last one has it).
std::string RenderCompareJson(const CompareState& state, const Analysis* analysis);

// Reads a results file written by RenderCompareJson, for --resume. A missing, unreadable, corrupt
// or foreign file is an Error::Input that says which and why.
Expected<CompareState> ReadCompareState(const std::string& path);
// The same for a file's text already read (ReadResultsText), so that a file is read once.
Expected<CompareState> ParseCompareState(const std::string& path, const std::string& text);
// The text of a results file: a missing or unreadable file, or one larger than any results file
// (/dev/zero, a log), is an Error::Input naming it.
Expected<std::string> ReadResultsText(const std::string& path);

// One side of a diff: per case, the samples of each metric.
struct ResultsSide {
  std::string path;
  std::string format;   // "v8bench compare", "v8bench run", "Google Benchmark"
  std::string variant;  // the variant taken from a compare file
  std::string engine;   // "V8 10.2.154.26-node.36 (Node 18.20.4)" when known
  // Each sample ran in a worker process of its own (a compare file); otherwise the samples are the
  // repetitions of one process (run, Google Benchmark) and not independent (Dataset::one_process).
  bool own_processes = false;
  std::vector<std::string> order;  // case keys in file order
  std::map<std::string, VariantSeries> cases;
};

// `variant`: which variant of a compare file (empty: its first, the baseline); ignored otherwise.
Expected<ResultsSide> ReadResultsSide(const std::string& path, const std::string& variant);

// The JSON output of `diff`: both sides and the analysis (with every sample's value).
std::string RenderDiffJson(const ResultsSide& base, const ResultsSide& next, const Dataset& data,
                           const Analysis& analysis);

// The resumable results file (--out) of a running comparison: rewritten atomically after every sample
// (RenderCompareJson; the analysis is added at the end). The first write error is kept, and the
// comparison goes on, for the command to report when it ends. Without a path, Save does nothing.
class ResultsFileWriter {
 public:
  explicit ResultsFileWriter(std::optional<std::string> path) : path_(std::move(path)) {}
  void Save(const CompareState& state, const Analysis* analysed = nullptr);
  const std::string& error() const { return error_; }

 private:
  std::optional<std::string> path_;
  std::string error_;
};

}  // namespace v8bench::files
