// The shipped suites: quick mode runs every case and every case passes its own check; the checks can
// fail (a deliberately corrupted streams sink is caught).
#include <gtest/gtest.h>
#include <simdjson.h>

#include <map>
#include <set>

#include "tests/support/cli.h"

namespace v8bench {
namespace {

using testing::RunCli;
using testing::SuitePath;

std::set<std::string> ListedCases() {
  auto r = RunCli({"list", SuitePath(""), "--quick", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> names;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(r.out).get(doc) != simdjson::SUCCESS) return names;
  for (simdjson::dom::element suite : doc.get_array()) {
    for (simdjson::dom::element c : suite["cases"].get_array()) names.insert(std::string(c.get_string().value()));
  }
  return names;
}

TEST(Suites, AllFiveMissionSuitesAreListed) {
  auto r = RunCli({"list", SuitePath("")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* suite : {"json_reviver  (realm v8", "trig  (realm v8", "buffer_concat  (realm node",
                            "streams  (realm node", "young_gen  (realm v8"}) {
    EXPECT_NE(r.out.find(suite), std::string::npos) << suite;
  }
}

TEST(Suites, QuickModeRunsEveryCaseAndEachPassesItsOwnCheck) {
  const std::set<std::string> listed = ListedCases();
  ASSERT_GT(listed.size(), 40u);
  const std::string path = testing::TempDir() + "/quick.json";
  auto r = RunCli({"run", SuitePath(""), "--quick", "--out", path}, 600);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.load(path).get(doc), simdjson::SUCCESS);
  std::set<std::string> ran;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    const std::string name(b["run_name"].get_string().value());
    const std::string status(b["status"].get_string().value());
    ran.insert(name);
    if (status == "unsupported") {
      // Only features Node 18 / V8 10.2 lack: JSON.parse source text access, ReadableStream.from.
      EXPECT_TRUE(name.find("context_reviver") != std::string::npos ||
                  name.find("readable_stream_from") != std::string::npos)
          << name;
    } else {
      EXPECT_EQ(status, "ok") << name << ": " << std::string(b["error_message"].get_string().value_unsafe());
    }
  }
  EXPECT_EQ(ran, listed);
}

TEST(Suites, ACorruptedStreamsSinkFailsTheCheck) {
  auto r = RunCli({"run", SuitePath("streams.js"), "--quick", "--param", "corrupt=true", "--filter",
                   "node_to_node|nested_adapters", "--no-native"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("self-check failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 cases ok, 2 failed"), std::string::npos) << r.out;
}

TEST(Suites, ReviverCallsExceedOneHundredThousandAtOneMegabyte) {
  auto r = RunCli({"run", SuitePath("json_reviver.js"), "--filter", "arrow_reviver/size:1000000/shape:api",
                   "--repetitions", "1", "--min-time", "0.01", "--warmup", "0", "--no-native", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(r.out).get(doc), simdjson::SUCCESS);
  double calls = 0;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    double v = 0;
    if (std::string(b["run_type"].get_string().value()) == "iteration" &&
        b["reviver_calls"].get_double().get(v) == simdjson::SUCCESS) {
      calls = v;
    }
  }
  EXPECT_GT(calls, 100000);
}

// The streams suite's highWaterMark is real: a byte stream whose source fills the queue to 4096 bytes lets a BYOB
// reader take 32-byte chunks many at a time, a default reader reads them one by one, and every transfer still
// delivers all the bytes.
TEST(Suites, ABYOBReaderCoalescesSmallChunksUpToTheByteStreamsHighWaterMark) {
  auto r =
      RunCli({"run", SuitePath("streams.js"), "--filter", "web_byte_stream(_byob)?/chunk:32/n:1024/hwm:(4096|65536)/",
              "--repetitions", "1", "--min-time", "0.01", "--warmup", "0", "--no-native", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(r.out).get(doc), simdjson::SUCCESS);
  std::map<std::string, double> reads;
  for (simdjson::dom::element b : doc["benchmarks"].get_array()) {
    double v = 0;
    if (std::string(b["run_type"].get_string().value()) == "iteration" &&
        b["reads"].get_double().get(v) == simdjson::SUCCESS) {
      reads[std::string(b["run_name"].get_string().value())] = v;
      EXPECT_EQ(b["moved_bytes"].get_double().value(), 32.0 * 1024);
    }
  }
  ASSERT_EQ(reads.size(), 4u) << r.out;
  const std::string base = "streams/web_byte_stream";
  EXPECT_EQ(reads[base + "/chunk:32/n:1024/hwm:4096/corrupt:false"], 1024);
  // 32 KiB through a 16 KiB read buffer: at least 2 reads; with 4096 queued bytes, about 32 KiB / 4 KiB.
  const double byob4k = reads[base + "_byob/chunk:32/n:1024/hwm:4096/corrupt:false"];
  const double byob64k = reads[base + "_byob/chunk:32/n:1024/hwm:65536/corrupt:false"];
  EXPECT_GE(byob4k, 2);
  EXPECT_LE(byob4k, 64);
  EXPECT_GE(byob64k, 2);
  EXPECT_LE(byob64k, byob4k);
}

}  // namespace
}  // namespace v8bench
