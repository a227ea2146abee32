// Every results file committed under results/ reads with the product's own readers, whatever format
// version wrote it: the *.json files beside the READMEs and those inside each raw.tar.xz (unpacked into
// a scratch directory). A compare file (`v8bench_compare`) reads as `report`, `diff`, `--resume` and
// `merge` read it (ParseCompareState) and as a diff side; a run file (a context with `v8_version`) as
// `report` reads it (ParseRunJson) and as a diff side; Google Benchmark JSON as a diff side. JSON of
// no v8bench format (a research script's own output) is counted, not read. Adds nothing: the files are
// the committed ones.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <map>

#include "harness/files/results_file.h"
#include "harness/files/run_json_reader.h"
#include "harness/workers/launcher.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

namespace fs = std::filesystem;

enum class Kind { kCompare, kRun, kGoogleBenchmark, kOther };

Kind KindOf(const std::string& text) {
  simdjson::dom::parser parser;
  simdjson::dom::object o;
  if (parser.parse(text).get(o) != simdjson::SUCCESS) return Kind::kOther;
  if (o["v8bench_compare"].error() == simdjson::SUCCESS) return Kind::kCompare;
  if (IsRunJson(text)) return Kind::kRun;
  if (o["benchmarks"].error() == simdjson::SUCCESS) return Kind::kGoogleBenchmark;
  return Kind::kOther;
}

// What reading `path` as its kind says when it fails (empty: it read).
std::string ReadFailure(const std::string& path, const std::string& text, Kind kind) {
  if (kind == Kind::kCompare) {
    auto state = files::ParseCompareState(path, text);
    if (!state) return state.error().message;
    // Written before variants could take turns in one worker: resumed, it goes on with a worker per sample.
    if (text.find("\"alternate\"") == std::string::npos && state.value().settings.alternate != 0) {
      return path + ": a file without the alternate setting reads as alternating";
    }
  }
  if (kind == Kind::kRun) {
    if (auto doc = ParseRunJson(path, text); !doc) return doc.error().message;
  }
  if (auto side = files::ReadResultsSide(path, ""); !side) return side.error().message;
  return "";
}

// The archives unpacked under `dir`, one directory each; a failure to unpack is a failure of the test.
void Unpack(const fs::path& results, const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::recursive_directory_iterator(results)) {
    if (e.path().filename() != "raw.tar.xz") continue;
    const fs::path into = dir / std::to_string(n++);
    fs::create_directories(into);
    workers::LaunchRequest tar;
    tar.executable = "tar";
    tar.args = {"-xJf", e.path().string(), "-C", into.string()};
    tar.timeout_s = 120;
    const workers::LaunchResult r = workers::RunToEnd(tar);
    ASSERT_TRUE(r.kind == workers::ExitKind::kExited && r.exit_code == 0)
        << e.path() << ": " << workers::DescribeExit(r) << " " << r.err;
  }
  EXPECT_GT(n, 0) << "no raw.tar.xz under " << results;
}

TEST(CommittedResults, EveryResultsFileReads) {
  const fs::path results = fs::path(V8BENCH_SOURCE_DIR) / "results";
  const fs::path unpacked = testing::TempDir();
  Unpack(results, unpacked);
  std::map<Kind, int> read;
  std::vector<std::string> failures;
  for (const fs::path& root : {results, unpacked}) {
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file() || e.path().extension() != ".json") continue;
      const std::string path = e.path().string();
      auto text = files::ReadResultsText(path);
      ASSERT_TRUE(text.ok()) << text.error().message;
      const Kind kind = KindOf(text.value());
      ++read[kind];
      if (kind == Kind::kOther) continue;
      if (const std::string why = ReadFailure(path, text.value(), kind); !why.empty()) failures.push_back(why);
    }
  }
  for (const auto& f : failures) ADD_FAILURE() << f;
  // Counted so that a test which found nothing cannot pass.
  EXPECT_GT(read[Kind::kCompare], 0);
  EXPECT_GT(read[Kind::kRun], 0);
  std::printf(
      "read %d compare files, %d run files, %d Google Benchmark files; %d other JSON files are no v8bench "
      "format\n",
      read[Kind::kCompare], read[Kind::kRun], read[Kind::kGoogleBenchmark], read[Kind::kOther]);
}

}  // namespace
}  // namespace v8bench
