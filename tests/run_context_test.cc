// A RunContext is written to two files (a run JSON's context by report/json_reporter.cc, the worker
// protocol's context line by report/jsonl_reporter.cc) by one writer, workers::WriteRunContextFields,
// and read back from both by one reader, workers::ReadRunContext.
#include <gtest/gtest.h>

#include <cstdio>
#include <type_traits>
#include <variant>

#include "harness/files/results_file.h"
#include "harness/files/run_json_reader.h"
#include "harness/measure/metrics.h"
#include "harness/model/case_fields.h"
#include "harness/report/case_summary.h"
#include "harness/report/jsonl_reporter.h"
#include "harness/report/reporters.h"
#include "harness/workers/worker_protocol.h"
#include "tests/support/cli.h"

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

// A case with every field a run JSON carries, and cases that did not finish, one of each kind.
std::vector<CaseResult> EveryKindOfCase() {
  CaseResult ok;
  ok.file = "suites/young_gen.js";
  ok.info = {0, "young_gen/alloc/size:64", "young_gen", "alloc", RealmKind::kNode, {{"size", "64"}}};
  ok.young_generation_bytes = 33554432;
  ok.trig_path = "fdlibm";
  ok.native = NativeFloor{"memcpy", {12.5, 13.5, 12.0}, 64, 0};
  ok.warmup_s = 0.75;
  ok.warmup_capped = true;
  ok.reruns = 2;
  ok.repetition_s = 0.125;
  ok.tier = TierMode::kInterpreter;
  ok.long_calls = true;
  for (int i = 0; i < 2; ++i) {
    Sample s;
    s.iterations = 1000 + static_cast<std::uint64_t>(i);
    // Every standard metric, a per-kind GC pause and count, and a suite's own counters (their units by name).
    for (const MetricInfo& m : kMetrics) s.counters.push_back({m.counter, 100.5 + i, m.unit});
    s.counters.push_back({"scavenge_ns", 42.25, Unit::kNanoseconds});
    s.counters.push_back({"scavenge_count", 0.5, Unit::kCount});
    s.counters.push_back({"payload_bytes", 65536, Unit::kBytes});
    s.counters.push_back({"parse_ns", 7.5, Unit::kNanoseconds});
    s.counters.push_back({"items", 3, Unit::kCount});
    s.isolate = i;
    s.main_cpu = 1 - i;
    s.main_cpu_moved = i == 0;
    if (i == 0) s.code = CodeState{CodeTier::kTurboFan, CodeTier::kSparkplug, 4, true};
    ok.samples.push_back(std::move(s));
  }
  std::vector<CaseResult> cases{ok};
  for (CaseStatus status : {CaseStatus::kFailed, CaseStatus::kTimedOut, CaseStatus::kOutOfMemory,
                            CaseStatus::kUnsupported, CaseStatus::kCrashed}) {
    CaseResult r;
    r.file = "suites/other.js";
    r.info = {cases.size(), std::string("other/") + CaseStatusName(status), "other", CaseStatusName(status), {}, {}};
    r.status = status;
    r.error = std::string("why: ") + CaseStatusName(status);
    cases.push_back(std::move(r));
  }
  return cases;
}

// Every case and repetition field a run JSON carries reads back as written, each counter with its unit,
// through the one reader of run files (which `report` and `diff` both use).
TEST(RunContextFiles, ARunJsonGivesBackEveryCaseAndRepetitionFieldWithItsUnit) {
  const std::vector<CaseResult> want = EveryKindOfCase();
  auto doc = ParseRunJson("run.json", RenderJson(AFullContext(), want));
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ASSERT_EQ(doc->results.size(), want.size());
  for (std::size_t c = 0; c < want.size(); ++c) {
    const CaseResult& got = doc->results[c];
    const CaseResult& w = want[c];
    SCOPED_TRACE(w.info.name);
    EXPECT_EQ(got.file, w.file);
    EXPECT_EQ(got.info.name, w.info.name);
    EXPECT_EQ(got.info.suite, w.info.suite);
    EXPECT_EQ(got.info.bench, w.info.bench);
    EXPECT_EQ(got.info.realm, w.info.realm);
    EXPECT_EQ(got.info.params, w.info.params);
    EXPECT_EQ(got.status, w.status);
    EXPECT_EQ(got.error, w.error);
    EXPECT_EQ(got.young_generation_bytes, w.young_generation_bytes);
    EXPECT_EQ(got.trig_path, w.trig_path);
    EXPECT_EQ(got.tier, w.tier);
    EXPECT_DOUBLE_EQ(got.warmup_s, w.warmup_s);
    EXPECT_EQ(got.warmup_capped, w.warmup_capped);
    EXPECT_EQ(got.reruns, w.reruns);
    EXPECT_DOUBLE_EQ(got.repetition_s, w.repetition_s);
    EXPECT_EQ(got.long_calls, w.long_calls);
    // The run JSON carries a native floor's summary (its median), as the table shows it.
    ASSERT_EQ(SummariseFloor(got).has_value(), SummariseFloor(w).has_value());
    if (auto floor = SummariseFloor(w)) {
      EXPECT_EQ(SummariseFloor(got)->kind, floor->kind);
      EXPECT_DOUBLE_EQ(SummariseFloor(got)->native_ns, floor->native_ns);
      EXPECT_DOUBLE_EQ(SummariseFloor(got)->js_over_native, floor->js_over_native);
    }
    ASSERT_EQ(got.samples.size(), w.samples.size());
    for (std::size_t i = 0; i < w.samples.size(); ++i) {
      const Sample& gs = got.samples[i];
      const Sample& ws = w.samples[i];
      EXPECT_EQ(gs.iterations, ws.iterations);
      EXPECT_EQ(gs.isolate, ws.isolate);
      EXPECT_EQ(gs.main_cpu, ws.main_cpu);
      EXPECT_EQ(gs.main_cpu_moved, ws.main_cpu_moved);
      EXPECT_EQ(gs.code, ws.code);
      ASSERT_EQ(gs.counters.size(), ws.counters.size());
      for (std::size_t k = 0; k < ws.counters.size(); ++k) {
        EXPECT_EQ(gs.counters[k].name, ws.counters[k].name);
        EXPECT_DOUBLE_EQ(gs.counters[k].value, ws.counters[k].value) << ws.counters[k].name;
        EXPECT_EQ(gs.counters[k].unit, ws.counters[k].unit) << ws.counters[k].name;
      }
    }
  }
}

// Every field declared in model/case_fields.h, each set to a value other than its default, reads back as
// written from a run JSON and from the worker protocol's case line: a new row there is covered here
// without a line of this test changing.
CaseResult EveryDeclaredFieldSet() {
  CaseResult r;
  r.info = {0, "t/a", "t", "a", RealmKind::kV8, {}};
  int k = 0;
  for (const CaseField& f : kCaseFields) {
    ++k;
    std::visit(
        [&](auto member) {
          using T = std::remove_cvref_t<decltype(r.*member)>;
          if constexpr (std::is_same_v<T, std::string>) {
            r.*member = std::string(f.key) + " value";
          } else if constexpr (std::is_same_v<T, bool>) {
            r.*member = true;
          } else if constexpr (std::is_same_v<T, TierMode>) {
            r.*member = TierMode::kAuto;
          } else if constexpr (std::is_same_v<T, double>) {
            r.*member = 0.375 + k;
          } else {
            r.*member = static_cast<T>(7 + k);
          }
        },
        f.member);
  }
  Sample s;
  s.iterations = 10;
  s.counters.push_back({"cpu_ns", 5, Unit::kNanoseconds});
  r.samples.push_back(s);
  return r;
}

void ExpectEveryDeclaredField(const CaseResult& got, const CaseResult& want) {
  const CaseResult defaults;
  for (const CaseField& f : kCaseFields) {
    std::visit(
        [&](auto member) {
          EXPECT_NE(want.*member, defaults.*member) << f.key << ": the test must set a value other than the default";
          EXPECT_EQ(got.*member, want.*member) << f.key;
        },
        f.member);
  }
}

TEST(RunContextFiles, EveryDeclaredCaseFieldReadsBackFromARunJsonAndAProtocolLine) {
  const CaseResult want = EveryDeclaredFieldSet();
  auto doc = ParseRunJson("run.json", RenderJson(AFullContext(), {want}));
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  ASSERT_EQ(doc->results.size(), 1u);
  ExpectEveryDeclaredField(doc->results[0], want);

  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&text, &size);
  ASSERT_NE(out, nullptr);
  JsonlReporter reporter(out, {"t/a"});
  reporter.Begin(AFullContext());
  reporter.CaseDone(want);
  reporter.End();
  std::fclose(out);
  const WorkerOutput parsed = ParseWorkerOutput(std::string_view(text, size));
  std::free(text);
  ASSERT_EQ(parsed.cases.size(), 1u);
  ExpectEveryDeclaredField(parsed.cases[0], want);
}

// `diff` reads a run file through the same reader: the compared metrics, failures and unsupported cases.
TEST(RunContextFiles, ARunJsonAsADiffSideKeepsEveryCaseAndItsFigures) {
  const std::vector<CaseResult> want = EveryKindOfCase();
  const std::string path = testing::WriteTempFile("run.json", RenderJson(AFullContext(), want));
  auto side = files::ReadResultsSide(path, "");
  ASSERT_TRUE(side.ok()) << side.error().message;
  EXPECT_EQ(side->format, "v8bench run");
  ASSERT_EQ(side->order.size(), want.size());
  const analysis::VariantSeries& ok = side->cases.at(want[0].info.name);
  for (const MetricInfo& m : kMetrics) {
    if (m.option == nullptr) continue;
    EXPECT_EQ(ok.metrics.at(m.counter), (std::vector<double>{100.5, 101.5})) << m.counter;
  }
  for (std::size_t c = 1; c < want.size(); ++c) {
    const analysis::VariantSeries& s = side->cases.at(want[c].info.name);
    if (want[c].status == CaseStatus::kUnsupported) {
      EXPECT_EQ(s.unsupported, want[c].error);
      continue;
    }
    ASSERT_EQ(s.failures.size(), 1u);
    EXPECT_EQ(s.failures[0].kind, want[c].status);
    EXPECT_EQ(s.failures[0].message, want[c].error);
  }
}

}  // namespace
}  // namespace v8bench::workers
