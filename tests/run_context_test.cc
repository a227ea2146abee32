// A RunContext is written to two files (a run JSON's context by report/json_reporter.cc, the worker
// protocol's context line by report/jsonl_reporter.cc) by one writer, workers::WriteRunContextFields,
// and read back from both by one reader, workers::ReadRunContext.
#include <gtest/gtest.h>

#include <cstdio>

#include "harness/files/run_json_reader.h"
#include "harness/report/jsonl_reporter.h"
#include "harness/report/reporters.h"
#include "harness/workers/worker_protocol.h"

namespace v8bench::workers {
namespace {

RunContext AFullContext() {
  RunContext c;
  c.date = "2026-11-30T08:00:00+00:00";
  c.host_name = "box \"one\"";
  c.executable = "build/v8bench";
  c.num_cpus = 2;
  c.mhz_per_cpu = 2400;  // the run JSON writes it as Google Benchmark does: a whole number
  c.cpu_scaling_enabled = true;
  c.load_avg = {1.5, 0.25, 3};
  c.v8_version = "10.2.154.26-node.37";
  c.node_version = "v18.20.4";
  c.v8_flags = "--max-semi-space-size=8 --no-opt";
  c.semi_space_mb = 8;
  c.young_generation_bytes = 25165824;
  c.trig_path = "fdlibm";
  c.trig_mismatch_fraction = 0.125;
  c.malloc_policy = "mmap_threshold=33554432";
  c.build_type = "release";
  c.quick = true;
  c.repetitions = 7;
  c.min_time_s = 0.05;
  return c;
}

void ExpectSameContext(const RunContext& got, const RunContext& want) {
  EXPECT_EQ(got.date, want.date);
  EXPECT_EQ(got.host_name, want.host_name);
  EXPECT_EQ(got.executable, want.executable);
  EXPECT_EQ(got.num_cpus, want.num_cpus);
  EXPECT_DOUBLE_EQ(got.mhz_per_cpu, want.mhz_per_cpu);
  EXPECT_EQ(got.cpu_scaling_enabled, want.cpu_scaling_enabled);
  EXPECT_EQ(got.load_avg, want.load_avg);
  EXPECT_EQ(got.v8_version, want.v8_version);
  EXPECT_EQ(got.node_version, want.node_version);
  EXPECT_EQ(got.v8_flags, want.v8_flags);
  EXPECT_EQ(got.semi_space_mb, want.semi_space_mb);
  EXPECT_EQ(got.young_generation_bytes, want.young_generation_bytes);
  EXPECT_EQ(got.trig_path, want.trig_path);
  EXPECT_DOUBLE_EQ(got.trig_mismatch_fraction, want.trig_mismatch_fraction);
  EXPECT_EQ(got.malloc_policy, want.malloc_policy);
  EXPECT_EQ(got.build_type, want.build_type);
  EXPECT_EQ(got.quick, want.quick);
  EXPECT_EQ(got.repetitions, want.repetitions);
  EXPECT_DOUBLE_EQ(got.min_time_s, want.min_time_s);
}

TEST(RunContextFiles, ARunJsonGivesBackTheContextItWasWrittenFrom) {
  const RunContext want = AFullContext();
  auto doc = ParseRunJson("run.json", RenderJson(want, {}));
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ExpectSameContext(doc->context, want);
}

TEST(RunContextFiles, TheProtocolLineGivesBackTheContextAndThePlan) {
  const RunContext want = AFullContext();
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&text, &size);
  ASSERT_NE(out, nullptr);
  JsonlReporter(out, {"s/a", "s/b"}).Begin(want);
  std::fclose(out);
  const WorkerOutput parsed = ParseWorkerOutput(std::string_view(text, size));
  std::free(text);
  ASSERT_TRUE(parsed.context.has_value());
  ExpectSameContext(*parsed.context, want);
  EXPECT_EQ(parsed.planned, (std::vector<std::string>{"s/a", "s/b"}));
}

// A run JSON records its format version; one of a newer major version is refused with what to do, and
// one written before versions were recorded (no field: 1.0) reads.
TEST(RunContextFiles, ARunJsonOfANewerMajorVersionIsRefusedAndAnOlderOneReads) {
  const std::string written = RenderJson(AFullContext(), {});
  EXPECT_NE(written.find("\"format_version\":\"" + FormatVersionText(kRunJsonFormat) + "\""), std::string::npos)
      << written;
  const std::string newer = FormatVersionText({kRunJsonFormat.major + 1, 0});
  auto refused =
      ParseRunJson("new.json", R"({"benchmarks":[],"context":{"format_version":")" + newer + R"(","v8_version":"x"}})");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("run file 'new.json' is of format version " + newer), std::string::npos)
      << refused.error().message;
  EXPECT_TRUE(ParseRunJson("old.json", R"({"benchmarks":[],"context":{"v8_version":"x"}})").ok());
}

// Each file names the build type its own way; the reader takes the file's key and ignores the other.
TEST(RunContextFiles, EachFileNamesTheBuildTypeItsOwnWay) {
  const std::string both = R"({"build_type":"protocol","library_build_type":"gbench","v8_version":"x"})";
  simdjson::dom::parser parser;
  simdjson::dom::object o;
  ASSERT_EQ(parser.parse(both).get(o), simdjson::SUCCESS);
  EXPECT_EQ(ReadRunContext(o, ContextFile::kProtocolLine).build_type, "protocol");
  EXPECT_EQ(ReadRunContext(o, ContextFile::kRunJson).build_type, "gbench");
}

// Counts out of range or of the wrong type keep their defaults, in a run JSON as in the protocol.
TEST(RunContextFiles, HostileCountsKeepTheirDefaultsInBothFiles) {
  const std::string fields =
      R"("num_cpus":-3,"semi_space_mb":4294967296,"repetitions":1e300,"young_generation_bytes":-1,)"
      R"("quick":"yes","min_time_s":"0.1","v8_version":"x")";
  const std::string run_json = R"({"benchmarks":[],"context":{)" + fields + "}}";
  auto doc = ParseRunJson("run.json", run_json);
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  const WorkerOutput line = ParseWorkerOutput(R"({"type":"context",)" + fields + "}\n");
  ASSERT_TRUE(line.context.has_value());
  for (const RunContext& c : {doc->context, *line.context}) {
    EXPECT_EQ(c.num_cpus, 0);
    EXPECT_FALSE(c.semi_space_mb.has_value());
    EXPECT_EQ(c.repetitions, 0);
    EXPECT_EQ(c.young_generation_bytes, 0u);
    EXPECT_FALSE(c.quick);
    EXPECT_EQ(c.min_time_s, 0);
    EXPECT_EQ(c.v8_version, "x");
  }
}

// The run JSON's entries are read with the same ranges as the protocol's case lines.
TEST(RunContextFiles, HostileCountsInARunJsonsEntriesKeepTheirDefaults) {
  const std::string run_json =
      R"({"context":{"v8_version":"x"},"benchmarks":[)"
      R"({"run_name":"t/a","iterations":-5,"young_generation_bytes":1e300,"cpu_ns":1,"code":{"compiles":-7}},)"
      R"({"run_name":"t/a","iterations":1e300,"cpu_ns":2,"code":{"compiles":3}}]})";
  auto doc = ParseRunJson("run.json", run_json);
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ASSERT_EQ(doc->results.size(), 1u);
  const CaseResult& r = doc->results[0];
  EXPECT_EQ(r.young_generation_bytes, 0u);
  ASSERT_EQ(r.samples.size(), 2u);
  EXPECT_EQ(r.samples[0].iterations, 0u);
  EXPECT_EQ(r.samples[1].iterations, 0u);
  ASSERT_TRUE(r.samples[0].code.has_value());
  EXPECT_FALSE(r.samples[0].code->compiles.has_value());
  EXPECT_EQ(r.samples[1].code->compiles, 3);
}

}  // namespace
}  // namespace v8bench::workers
