// Reads the worker protocol (docs/protocol.md): the JSON lines `v8bench run --format jsonl`
// (report/jsonl_reporter.h) and js/external_runner/ write, into the model's own types — the
// context line into a RunContext, case lines into CaseResults (status an enum, counters with units).
// Lines that are not protocol JSON (a suite's console.log, a crash message, V8's --trace-gc) are kept
// aside, never fatal; unknown fields are ignored, missing ones keep the type's default.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/model/expected.h"
#include "harness/model/format_version.h"
#include "harness/model/json_writer.h"
#include "harness/model/result.h"

namespace v8bench::workers {

// External runners: a sample's iterations and its time window (performance.now() ms), for GC
// attribution from V8's --trace-gc lines (gc_trace.h).
struct SampleWindow {
  double iterations = 0;
  double begin_ms = 0, end_ms = 0;
};

struct WorkerOutput {
  std::optional<RunContext> context;
  std::vector<std::string> planned;                // case names, in the order the worker runs them
  std::vector<CaseInfo> started;                   // cases begun, in order
  std::vector<CaseInfo> plan;                      // --plan-only: the cases the worker would run, in order
  std::vector<CaseResult> cases;                   // finished cases, in order
  std::vector<std::vector<SampleWindow>> windows;  // parallel to cases: empty for v8bench workers
  bool ended = false;                              // the "end" line arrived
  std::optional<double> gc_clock_perf_ms;          // external runner with --gc-trace: when it forced a GC
  std::vector<std::string> other_lines;
  FormatVersion format;          // the context line's format_version (none: 1.0)
  std::optional<Error> refused;  // the context line is of a newer major version: not read (its message)
};

// A long-lived worker's (`run --serve`) own lines, which the driver reads as they come (driver/long_lived.cc):
// "ready" once every case is warmed up, before it reads its first command (since protocol 1.4: an older worker
// is taken as ready at its context line, `AnnouncesReady`), and "end" after each sample.
inline constexpr std::string_view kReadyLine = R"({"type":"ready"})";
inline constexpr std::string_view kEndLine = R"({"type":"end"})";
inline bool AnnouncesReady(FormatVersion worker) { return worker.major > 1 || worker.minor >= 4; }

// The two files a RunContext is written to, by one writer and read back by one reader: the worker
// protocol's context line (report/jsonl_reporter.cc) and a run JSON's context (report/json_reporter.cc,
// Google Benchmark's schema). They differ explicitly: GB names the build type "library_build_type"
// (the protocol "build_type") and writes mhz_per_cpu as a whole number; the protocol line also carries
// "planned", which is not part of the context.
enum class ContextFile { kProtocolLine, kRunJson };

// The format version of `file` (model/format_version.h): the protocol's, or the run JSON's.
FormatVersion ContextFormat(ContextFile file);

// Whether the context object `o`, of `file`, is of a version this v8bench reads (its format_version;
// none: 1.0); `where` names the file for the message.
Status CheckContextFormat(const simdjson::dom::object& o, ContextFile file, const std::string& where);

// Writes every field of `c` as fields of the object being written, as `file` names them, its format
// version first.
void WriteRunContextFields(JsonWriter& w, const RunContext& c, ContextFile file);

// The one reader of a RunContext, for both files: counts are range-checked (a value out of range, or of the
// wrong type, keeps the default, as does a missing field), so an untrusted file cannot make an int
// out of 1e300. The protocol line's "planned" list is not part of the context (ParseWorkerOutput
// reads it).
RunContext ReadRunContext(const simdjson::dom::object& o, ContextFile file);

// A repetition's tags, written and read alike in a protocol sample and a run JSON entry: `isolate` (which
// of the case's fresh isolates ran it) and, when the engine could tell, `code` {batch, bench: tier keys or
// null; compiles: a count or null; changed}. The reader range-checks both (a bad value keeps the default).
void WriteRepetitionTags(JsonWriter& w, const Sample& s);
void ReadRepetitionTags(const simdjson::dom::object& o, Sample& s);

// Parses the lines; where the worker traced GC (--gc-trace), fills gc_ns and gc_count of each sample
// from the trace lines that fall in its window (see gc_trace.h).
WorkerOutput ParseWorkerOutput(std::string_view text);

// A key no suite can know, for a worker started with --sealed (it reads the key from stdin before any JS
// runs and starts every protocol line with it).
std::string NewSeal();

// A line as the harness wrote it: what follows the line's last `seal` (bytes a suite wrote to the
// descriptor before it on the same line are dropped), or nullopt for a line without one (a suite's).
// With no seal, the line itself.
std::optional<std::string_view> UnsealLine(std::string_view line, const std::string& seal);

// The lines of a worker's whole output that the harness wrote (UnsealLine), and V8's --trace-gc lines (for
// gc_trace.h: V8 cannot seal them); `ignored` counts the others (blank lines aside).
std::string UnsealedOutput(std::string_view text, const std::string& seal, int& ignored);

}  // namespace v8bench::workers
