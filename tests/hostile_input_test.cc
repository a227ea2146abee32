// Hostile input to compare, diff and resume (issue 12): each is refused before anything is measured,
// with exit 2 and a message that names what is wrong. Results files are made by RenderCompareJson
// and then spoiled one field at a time.
#include <gtest/gtest.h>

#include <chrono>
#include <regex>

#include "harness/files/results_file.h"
#include "tests/support/cli.h"

namespace v8bench::testing {
namespace {

struct Expect {
  int exit_code;
  std::string fragment;  // in stderr
};

void ExpectRefused(const std::vector<std::string>& args, const Expect& e) {
  const auto r = RunCli(args, 60);
  EXPECT_EQ(r.exit_code, e.exit_code) << ::testing::PrintToString(args) << "\n" << r.out << r.err;
  EXPECT_NE(r.err.find(e.fragment), std::string::npos) << ::testing::PrintToString(args) << "\n" << r.err;
}

// A saved comparison with no samples: resuming it would start workers, so every refusal below
// happens before any.
std::string SavedComparison() {
  driver::CompareState s;
  s.settings.suites = {Fixture("compare_loop.js")};
  s.settings.seed = 42;
  for (const char* spec : {"base=", "new=--no-opt"}) s.variants.push_back({driver::ParseVariant(spec).value(), {}});
  return files::RenderCompareJson(s, nullptr);
}

// `json` with the first `"key":value` replaced by `"key":replacement`.
std::string Spoil(const std::string& json, const std::string& key, const std::string& replacement) {
  return std::regex_replace(json, std::regex("\"" + key + "\":[^,}]*"), "\"" + key + "\":" + replacement,
                            std::regex_constants::format_first_only);
}

TEST(HostileResume, EverySettingIsValidatedLikeItsOption) {
  const std::string good = SavedComparison();
  const struct {
    std::string key, value, fragment;
  } cases[] = {
      {"jobs", "0", "settings.jobs"},
      {"jobs", "-3", "settings.jobs"},
      {"max_runs", "-1", "settings.max_runs"},
      {"alpha", "5", "settings.alpha"},
      {"metric", "\"bogus\"", "settings.metric"},
      {"v8bench_compare", "99", "version 99"},
      {"format_version", "\"99.1\"", "format version 99.1, newer than this v8bench reads"},
      {"format_version", "\"1\"", "not MAJOR.MINOR"},
      {"min_samples", "-1", "settings.min_samples"},
      {"runs", "1e300", "settings.runs"},
      {"repetitions", "2.5", "settings.repetitions"},
      {"seed", "-1", "settings.seed"},
      {"max_runs", "3", "--min-runs 10 is more than --max-runs 3"},
  };
  for (const auto& c : cases) {
    const std::string path = WriteTempFile("cmp.json", Spoil(good, c.key, c.value));
    ExpectRefused({"compare", "--resume", path, "--quiet"}, {2, c.fragment});
  }
  // Adaptive with a target of 0 and an astronomic time limit would sample until killed.
  std::string endless = Spoil(Spoil(good, "runs", "0"), "target_ci_pct", "0");
  endless = Spoil(endless, "max_time_s", "1e300");
  ExpectRefused({"compare", "--resume", WriteTempFile("cmp.json", endless), "--quiet"}, {2, "settings."});
}

// A resumed comparison keeps how its samples were taken: another --copies or --alternate is refused
// (it was accepted, the file's settings rewritten, and every sample described by the new setting).
TEST(HostileResume, TheSamplingMethodCannotChange) {
  const std::string good = SavedComparison();  // --alternate 10, --copies 3 (the defaults)
  const std::string path = WriteTempFile("cmp.json", good);
  ExpectRefused({"compare", "--resume", path, "--copies", "1", "--quiet"}, {2, "keeps its --copies (3"});
  ExpectRefused({"compare", "--resume", path, "--alternate", "0", "--quiet"}, {2, "keeps its --alternate (10"});
  EXPECT_EQ(ReadWholeFile(path), good) << "a refused resume rewrote its file";
}

TEST(HostileOptions, SeedsAndRunLimitsAreCheckedLikeEveryOption) {
  const std::string suite = Fixture("compare_loop.js");
  ExpectRefused({"compare", suite, "--variant", "a=", "--variant", "b=", "--seed", "-1"}, {2, "--seed"});
  ExpectRefused({"compare", suite, "--variant", "a=", "--variant", "b=", "--seed", "99999999999999999999999"},
                {2, "--seed"});
  ExpectRefused({"compare", suite, "--variant", "a=", "--variant", "b=", "--target-ci", "2", "--min-runs", "50",
                 "--max-runs", "10"},
                {2, "--min-runs 50 is more than --max-runs 10"});
  ExpectRefused({"compare", suite, "--variant", "a=", "--variant", "b=", "--jobs", "nan"}, {2, "--jobs"});
  ExpectRefused({"diff", "a.json", "b.json", "--seed", "x"}, {2, "--seed"});
}

TEST(HostileOptions, AnUnwritableOutIsRefusedBeforeMeasuring) {
  const std::string dir = TempDir();
  for (const std::string& out : {dir + "/missing/results.json", dir, std::string("/proc/results.json")}) {
    const auto start = std::chrono::steady_clock::now();
    ExpectRefused({"run", Fixture("compare_loop.js"), "--out", out + (out == dir ? "" : ""), "--format", "json"},
                  {2, "--out"});
    ExpectRefused({"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=", "--out", out},
                  {2, "--out"});
    ExpectRefused({"profile", Fixture("compare_loop.js"), "--case", "cmp/loop/work:1", "--out", out}, {2, "--out"});
    // Nothing ran: a measured case would take far longer than a refusal.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  }
}

TEST(HostileDiff, EndlessTinyAndForeignFilesAreRefused) {
  ExpectRefused({"diff", "/dev/zero", "/dev/zero"}, {2, "larger than"});
  auto gb = [](const std::string& unit, const std::string& time) {
    std::string s = R"({"context": {}, "benchmarks": [)";
    for (int i = 0; i < 5; ++i) {
      s += std::string(i ? "," : "") + R"({"name": "BM_x", "run_type": "iteration", "cpu_time": )" + time +
           R"(, "real_time": )" + time + R"(, "time_unit": ")" + unit + R"("})";
    }
    return s + "]}";
  };
  const std::string good = WriteTempFile("good.json", gb("ns", "100"));
  ExpectRefused({"diff", good, WriteTempFile("parsec.json", gb("parsec", "100"))}, {2, "parsec"});
  ExpectRefused({"diff", good, WriteTempFile("negative.json", gb("ns", "-100"))}, {2, "at least 0"});
}

TEST(HostileSuites, EveryWorkerFailingBeforeItsFirstCaseIsAnErrorWithTheReasons) {
  const auto r = RunCli({"compare", Fixture("load_hang.js"), "--variant", "a=", "--variant", "b=", "--runs", "2",
                         "--min-samples", "2", "--timeout", "1", "--quiet"},
                        120);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  // The worker's own watchdog ends the load at --timeout (its silence limit, LongCallCaseSeconds, is longer),
  // and the driver stops at the first worker (either variant: the order is seeded) that could not load the file.
  EXPECT_NE(r.err.find("the worker rejected its configuration"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("load_hang.js timed out after 1 s (--timeout)"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("case"), std::string::npos) << "no empty table: " << r.out;
}

TEST(HostileOptions, AnUnknownParamIsAnErrorThatListsTheSuitesParameters) {
  ExpectRefused({"run", Fixture("compare_loop.js"), "--param", "nosuch=1"}, {2, "their parameters are: work"});
  // In a variant, the worker refuses it: the comparison stops before any sample.
  ExpectRefused({"compare", Fixture("compare_loop.js"), "--variant", "a=", "--variant", "b=--param nosuch=1", "--runs",
                 "5", "--quiet"},
                {2, "their parameters are: work"});
}

// A resumed comparison continues the suites it measured: a file with none, an edited suite and copied
// samples are refused, and a refused file is left exactly as it was.
TEST(HostileResume, NoSuitesChangedSuitesAndCopiedSamplesAreRefusedAndTheFileKept) {
  driver::CompareState s;
  s.settings.suites = {};
  s.settings.seed = 42;
  for (const char* spec : {"base=", "new=--no-opt"}) s.variants.push_back({driver::ParseVariant(spec).value(), {}});
  const std::string none = WriteTempFile("none.json", files::RenderCompareJson(s, nullptr));
  ExpectRefused({"compare", "--resume", none, "--quiet"}, {2, "names no suite files"});

  const std::string suite = WriteTempFile("edited.js", ReadWholeFile(Fixture("compare_loop.js")));
  s.settings.suites = {suite};
  s.suite_digests = {{suite, 3, "0123456789abcdef"}};
  const std::string edited = WriteTempFile("edited.json", files::RenderCompareJson(s, nullptr));
  ExpectRefused({"compare", "--resume", edited, "--quiet"}, {2, "changed since the comparison started"});
  EXPECT_EQ(ReadWholeFile(edited), files::RenderCompareJson(s, nullptr)) << "a refused resume rewrote its file";

  s.suite_digests.clear();
  driver::RunRecord r;
  r.block = 0;
  r.values["cmp/loop/work:1"]["cpu_ns"] = 100;
  s.runs = {r, r};  // sample 0 of variant 0, twice
  const std::string copied = WriteTempFile("copied.json", files::RenderCompareJson(s, nullptr));
  ExpectRefused({"compare", "--resume", copied, "--quiet"}, {2, "repeats sample 0 of variant 'base'"});
  ExpectRefused({"report", copied}, {2, "repeats sample 0"});
}

}  // namespace
}  // namespace v8bench::testing
