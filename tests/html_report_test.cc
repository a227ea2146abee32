// The HTML reports: escaping and chart marks (unit), the run/report/diff pages end to end, and a real
// browser: headless Chromium opens each page, runs it without console errors, renders every sample
// mark (--dump-dom) and paints a non-blank screenshot.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <regex>

#include "harness/files/run_json_reader.h"
#include "harness/report/html.h"
#include "harness/report/reporters.h"
#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::ReadWholeFile;
using testing::RunCli;
using testing::TempDir;

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + what.size())) ++n;
  return n;
}

TEST(Html, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(html::Escape(R"(<a href="x">'&'</a>)"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST(Html, StripPlotDrawsOneMarkPerValueAndEscapesLabels) {
  const std::string svg = html::StripPlot({{"base<1>", {1, 2, 3, 4}, "v0", {}}, {"new", {2, 2, 2}, "v1", {}}},
                                          [](double v) { return std::to_string(v); });
  EXPECT_EQ(Count(svg, "<circle class=\"sample"), 7u);
  EXPECT_THAT(svg, HasSubstr("base&lt;1&gt;"));
  EXPECT_THAT(svg, Not(HasSubstr("base<1>")));
  EXPECT_EQ(Count(svg, "class=\"median\""), 2u);
}

TEST(Html, ForestPlotPutsZeroBetweenLowerAndHigherChanges) {
  const std::string svg =
      html::ForestPlot({{"a", -0.10, -0.12, -0.08, "lower", ""}, {"b", 0.05, 0.03, 0.07, "higher", ""}});
  EXPECT_EQ(Count(svg, "<g class=\"change"), 2u);
  // The zero line lies between the two points: its x is right of a's box and left of b's.
  std::smatch zero;
  ASSERT_TRUE(std::regex_search(svg, zero, std::regex(R"re(class="zero" x1="([0-9.]+)")re")));
  std::vector<double> boxes;
  const std::regex box(R"re(<rect class="(?:lower|higher)" x="([0-9.]+)" y="[0-9.]+" width="7")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), box); it != std::sregex_iterator(); ++it) {
    boxes.push_back(std::stod((*it)[1]));
  }
  ASSERT_EQ(boxes.size(), 2u);
  EXPECT_LT(boxes[0], std::stod(zero[1]));
  EXPECT_GT(boxes[1], std::stod(zero[1]));
}

TEST(Html, RunPageHasEveryRepetitionItsCodeStateAndNoMarkupFromNames) {
  RunContext context;
  context.v8_version = "10.2";
  context.v8_flags = "--foo=<b>";
  CaseResult r;
  r.info.name = "s/<script>alert(1)</script>";
  for (int i = 0; i < 4; ++i) {
    Sample s;
    s.iterations = 10;
    s.counters = {{"wall_ns", 100.0 + i, Unit::kNanoseconds}, {"cpu_ns", 90.0 + i, Unit::kNanoseconds}};
    s.code = CodeState{CodeTier::kTurboFan, CodeTier::kTurboFan, i == 2 ? 3 : 0, i == 2};
    r.samples.push_back(s);
  }
  const std::string page = RenderHtml(context, {r});
  EXPECT_THAT(page, Not(HasSubstr("<script")));
  EXPECT_THAT(page, HasSubstr("s/&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(page, HasSubstr("--foo=&lt;b&gt;"));
  EXPECT_EQ(Count(page, "<circle class=\"sample steady\""), 3u);
  EXPECT_EQ(Count(page, "<circle class=\"sample changed\""), 1u);
  EXPECT_THAT(page, HasSubstr("changed while timed"));
}

// A case whose repetitions ran on two CPUs 1.7x apart (a VM's vCPUs): the page says so, with each CPU's median.
TEST(Html, RunPageNamesRepetitionsOnCpusThatTimedApart) {
  CaseResult r;
  r.info.name = "trig/cos/range:medium";
  for (int i = 0; i < 4; ++i) {
    Sample s;
    s.iterations = 10;
    const double ns = i < 2 ? 2000 : 3400;
    s.counters = {{"wall_ns", ns, Unit::kNanoseconds}, {"cpu_ns", ns, Unit::kNanoseconds}};
    s.main_cpu = i < 2 ? 0 : 1;
    r.samples.push_back(s);
  }
  EXPECT_THAT(RenderHtml(RunContext{}, {r}),
              HasSubstr("its repetitions ran on different CPUs, which timed 70.0% apart (median CPU time: CPU 0 2 µs, "
                        "CPU 1 3.4 µs)"));
  for (auto& s : r.samples) s.main_cpu = 0;
  EXPECT_THAT(RenderHtml(RunContext{}, {r}), Not(HasSubstr("different CPUs")));
}

// --- end to end -------------------------------------------------------------------------------------

// A run of the hot fixture (one case) with `reps` repetitions.
std::string RunJson(const std::string& dir, const std::string& name, int reps) {
  const std::string path = dir + "/" + name;
  auto r = RunCli({"run", Fixture("hot.js"), "--repetitions", std::to_string(reps), "--min-time", "0.01", "--warmup",
                   "0.01", "--out", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return path;
}

TEST(HtmlCli, ReportRendersASavedRunWithEveryRepetition) {
  const std::string dir = TempDir();
  const std::string json = RunJson(dir, "a.json", 4);
  auto r = RunCli({"report", json, "--out", dir + "/a.html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = ReadWholeFile(dir + "/a.html");
  EXPECT_EQ(page.rfind("<!doctype html>", 0), 0u);
  EXPECT_EQ(Count(page, "<circle class=\"sample"), 4u);  // one case x four repetitions
  // Each repetition's code state: the bench optimised (its calls last half a millisecond, so its batch
  // loop is left unoptimised: measure/method_rules.h unoptimised_loop_call_seconds).
  EXPECT_EQ(Count(page, " / TurboFan</td>"), 4u);
  // No network reference: the only URLs are the SVG namespace names.
  EXPECT_EQ(Count(page, "://"), Count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(Count(page, "<script"), 0u);
}

TEST(HtmlCli, RunWritesHtmlByTheOutExtension) {
  const std::string dir = TempDir();
  auto r = RunCli({"run", Fixture("hot.js"), "--repetitions", "3", "--min-time", "0.01", "--warmup", "0.01", "--out",
                   dir + "/run.html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = ReadWholeFile(dir + "/run.html");
  EXPECT_EQ(page.rfind("<!doctype html>", 0), 0u);
  EXPECT_EQ(Count(page, "<circle class=\"sample"), 3u);
  EXPECT_THAT(r.out, HasSubstr("hot/spin")) << "the table still goes to stdout";
}

TEST(HtmlCli, ReportRefusesAFileThatIsNoResultsFile) {
  const std::string path = testing::WriteTempFile("x.json", R"({"hello": 1})");
  auto r = RunCli({"report", path});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("is neither a `v8bench compare --out` file nor a `v8bench run --out`"));
}

// --- in a real browser -----------------------------------------------------------------------------

constexpr const char* kChromium = "/usr/bin/chromium";

struct Browser {
  int exit_code;
  std::string out, err;
};

// Runs headless Chromium on `page` with `extra` arguments and a fresh profile directory.
Browser Chromium(const std::string& page, const std::string& extra) {
  const std::string dir = TempDir();
  const std::string profile = dir + "/profile-" + std::to_string(std::rand());
  const std::string out = dir + "/chromium.out", err = dir + "/chromium.err";
  const std::string cmd = std::string("timeout 60 ") + kChromium +
                          " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                          " --disable-background-networking --disable-component-update --disable-sync"
                          " --enable-logging=stderr --v=0 --user-data-dir=" +
                          profile + " " + extra + " 'file://" + page + "' >" + out + " 2>" + err;
  const int status = std::system(cmd.c_str());
  std::filesystem::remove_all(profile);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, ReadWholeFile(out), ReadWholeFile(err)};
}

// The DOM Chromium built holds `marks` sample marks and no script error; the screenshot has ink.
void ExpectRendered(const std::string& page, std::size_t marks) {
  const Browser dom = Chromium(page, "--dump-dom");
  ASSERT_EQ(dom.exit_code, 0) << dom.err;
  EXPECT_EQ(Count(dom.out, "<circle class=\"sample"), marks);
  EXPECT_THAT(dom.out, HasSubstr("</svg>"));
  EXPECT_THAT(dom.err, Not(HasSubstr("Uncaught")));
  const std::string png = page + ".png";
  const Browser shot = Chromium(page, "--screenshot=" + png + " --window-size=1200,1600");
  ASSERT_EQ(shot.exit_code, 0) << shot.err;
  EXPECT_THAT(shot.err, Not(HasSubstr("Uncaught")));
  const std::string ink_cmd =
      "python3 " V8BENCH_SOURCE_DIR "/tests/support/png_ink.py '" + png + "' > '" + png + ".ink'";
  ASSERT_EQ(std::system(ink_cmd.c_str()), 0);
  std::size_t ink = 0, width = 0, height = 0;
  ASSERT_EQ(std::sscanf(ReadWholeFile(png + ".ink").c_str(), "%zu %zu %zu", &ink, &width, &height), 3);
  EXPECT_EQ(width, 1200u);
  EXPECT_EQ(height, 1600u);
  // Text, tables and charts cover well over 1% of the page; a blank or unstyled-error page does not.
  EXPECT_GT(ink, width * height / 100) << "screenshot " << png << " is (nearly) blank";
}

TEST(HtmlBrowser, RunAndDiffPagesRenderEverySampleWithoutErrors) {
  if (!std::filesystem::exists(kChromium)) {
    GTEST_SKIP() << kChromium << " is absent: install Debian's chromium (tools/setup.sh does) to run this test";
  }
  const std::string dir = TempDir();
  const std::string a = RunJson(dir, "a.json", 5), b = RunJson(dir, "b.json", 5);
  auto run = RunCli({"report", a, "--out", dir + "/run.html"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  ExpectRendered(dir + "/run.html", 5);
  auto diff = RunCli({"diff", a, b, "--out", dir + "/diff.html"});
  ASSERT_EQ(diff.exit_code, 0) << diff.err;
  const std::string page = ReadWholeFile(dir + "/diff.html");
  EXPECT_EQ(Count(page, "<g class=\"change"), 0u);  // run files: one process per side, no interval to draw
  ExpectRendered(dir + "/diff.html", 10);           // one case x two sides x five samples
}

}  // namespace
}  // namespace v8bench
