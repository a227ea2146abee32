// --timeout's default by file: a file sized for one call per process (Node core's benchmark/ files, which
// compare.js runs with no time limit) gets kOneCallFileCallTimeoutSeconds per call, other suites the
// command's ordinary default, and a --timeout given holds for both; the supervisor and compare decide from
// the files' text before any worker starts, as the worker does (model/suite.h SizedForOneCallPerProcess).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "harness/cli/args.h"
#include "harness/cli/common.h"
#include "harness/driver/settings.h"
#include "harness/measure/thresholds.h"
#include "harness/model/suite.h"
#include "harness/runner/run_settings.h"
#include "harness/runner/suite_loader.h"

namespace v8bench {
namespace {

const std::string kCore = V8BENCH_SOURCE_DIR "/tests/fixtures/benchmark_files/core";

TEST(CallTimeout, NodeCoreFilesAreToldByTheirRequireOfCommon) {
  EXPECT_TRUE(SizedForOneCallPerProcess("const common = require('../common.js');"));
  EXPECT_TRUE(SizedForOneCallPerProcess("const common = require(\"../common\");"));
  EXPECT_TRUE(SizedForOneCallPerProcess("const common = require( '../../common.js');"));
  EXPECT_TRUE(SizedForOneCallPerProcess("import common from '../common.js';"));
  EXPECT_FALSE(SizedForOneCallPerProcess("suite({ name: 'x', benches: {} });"));
  EXPECT_FALSE(SizedForOneCallPerProcess("require('./common.js');"));               // not Node's benchmark/common.js
  EXPECT_FALSE(SizedForOneCallPerProcess("require('../common-utils.js');"));        // another module
  EXPECT_FALSE(SizedForOneCallPerProcess("require('../common.js\");"));             // unbalanced quotes
  EXPECT_FALSE(SizedForOneCallPerProcess("const { bench } = require('mitata');"));  // a harness of its own
}

TEST(CallTimeout, ADefaultIsTheFilesAndAGivenTimeoutHolds) {
  const RunSettings defaults;
  EXPECT_EQ(defaults.TimeoutFor(false), 120);
  EXPECT_EQ(defaults.TimeoutFor(true), kOneCallFileCallTimeoutSeconds);
  RunSettings given;
  given.timeout_s = 5;
  given.timeout_given = true;
  EXPECT_EQ(given.TimeoutFor(false), 5);
  EXPECT_EQ(given.TimeoutFor(true), 5);
  // An ordinary default already longer (scaled for callgrind) is not shortened.
  EXPECT_EQ(DefaultCallTimeout(true, 2400), 2400);
  EXPECT_EQ(DefaultCallTimeout(false, 60), 60);
  EXPECT_EQ(DefaultCallTimeout(true, 60), kOneCallFileCallTimeoutSeconds);
}

TEST(CallTimeout, RunKnowsWhetherTimeoutWasGiven) {
  auto plain = cli::Parse(cli::RunSpec(), {"a.js"});
  ASSERT_TRUE(plain.ok());
  auto settings = cli::RunSettingsFrom(plain.value());
  ASSERT_TRUE(settings.ok());
  EXPECT_FALSE(settings.value().timeout_given);
  auto given = cli::Parse(cli::RunSpec(), {"a.js", "--timeout", "7"});
  ASSERT_TRUE(given.ok());
  settings = cli::RunSettingsFrom(given.value());
  ASSERT_TRUE(settings.ok());
  EXPECT_TRUE(settings.value().timeout_given);
  EXPECT_EQ(settings.value().TimeoutFor(true), 7);
}

TEST(CallTimeout, TheParentReadsTheFilesBeforeAWorkerStarts) {
  EXPECT_TRUE(AnySizedForOneCallPerProcess({kCore + "/area/long_call.js"}));
  EXPECT_TRUE(AnySizedForOneCallPerProcess({kCore + "/area"}));  // a directory of them
  EXPECT_FALSE(AnySizedForOneCallPerProcess({V8BENCH_SOURCE_DIR "/tests/fixtures/usability.js"}));
  EXPECT_TRUE(
      AnySizedForOneCallPerProcess({V8BENCH_SOURCE_DIR "/tests/fixtures/usability.js", kCore + "/area/long_call.js"}));
  EXPECT_FALSE(AnySizedForOneCallPerProcess({"/nonexistent/file.js"}));  // the worker says what is wrong
}

// The help's words with line breaks and indentation as single spaces.
std::string Flat(const std::string& text) { return std::regex_replace(text, std::regex("\\s+"), " "); }

TEST(CallTimeout, HelpStatesBothDefaults) {
  const std::string run = Flat(cli::HelpText(cli::RunSpec()));
  EXPECT_NE(run.find("Default: 120 (1800 per call for files sized for one call per process, e.g. Node core's "
                     "benchmark/ files)."),
            std::string::npos)
      << run;
  const std::string compare = Flat(cli::HelpText(cli::CompareSpec()));
  EXPECT_NE(compare.find("Default: 60 (1800 per call for files sized for one call per process"), std::string::npos)
      << compare;
}

}  // namespace
}  // namespace v8bench
