// Reporters: one per output format behind ResultSink. The console table streams a row per case;
// JSON (Google Benchmark's schema plus v8bench's context) and CSV are whole documents, rewritten
// atomically after every case when they go to a file, so an interrupted run keeps every finished case.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/model/result_sink.h"

namespace v8bench {

enum class OutputFormat { kConsole, kJson, kCsv, kHtml };

class JsonWriter;
// A case's identity and outcome (suite, bench, realm, params, file, status, young generation, trig
// path), as fields of the object being written.
void WriteCaseIdentityFields(JsonWriter& w, const CaseResult& result);

std::string RenderJson(const RunContext& context, const std::vector<CaseResult>& results);
std::string RenderCsv(const RunContext& context, const std::vector<CaseResult>& results);
// One self-contained HTML page (inline CSS and SVG, no script, no network): see html_reporter.cc.
std::string RenderHtml(const RunContext& context, const std::vector<CaseResult>& results);
// The document of `format` (json, csv or html).
std::string RenderDocument(OutputFormat format, const RunContext& context, const std::vector<CaseResult>& results);

class ConsoleReporter final : public ResultSink {
 public:
  // `planned` names size the first column before any case has run.
  ConsoleReporter(std::FILE* out, std::vector<std::string> planned);
  void Begin(const RunContext& context) override;
  void CaseDone(const CaseResult& result) override;
  void End() override;

 private:
  std::FILE* out_;
  std::size_t name_width_;
  std::vector<std::string> warnings_;
  std::vector<std::string> noisy_;          // "name (CV)" of cases above kHighCv
  std::vector<std::string> uncounted_;      // "name (spread)": counted instructions that did not repeat
  std::vector<std::string> code_notes_;     // plain-words notes on cases whose code changed or differed
  std::vector<std::string> cpu_notes_;      // "name (CPU 0 t0, CPU 1 t1)" of cases timed apart by CPU
  std::vector<std::string> isolate_notes_;  // "name (spread across N)" of cases whose isolates differed
  std::vector<std::string> thread_notes_;   // "name (least-most)" of cases whose background CPU moved
  double min_time_s_ = 0;                   // the run's --min-time
  int stretched_ = 0;                       // cases whose repetitions lasted longer (RunSettings::RepetitionSeconds)
  double longest_repetition_s_ = 0;
  std::size_t failed_ = 0, ok_ = 0, unsupported_ = 0;
};

// JSON, CSV or HTML, to a file (path) or to stdout ("-": written once, at the end).
class DocumentReporter final : public ResultSink {
 public:
  DocumentReporter(OutputFormat format, std::string path);
  void Begin(const RunContext& context) override;
  void CaseDone(const CaseResult& result) override;
  void End() override;
  // The first write error, if any (the run goes on; the CLI reports it and exits non-zero).
  const std::string& write_error() const { return write_error_; }

 private:
  void Flush();
  OutputFormat format_;
  std::string path_;
  RunContext context_;
  std::vector<CaseResult> results_;
  std::string write_error_;
};

// --format's name of a run's format ("json", "csv", "html"; anything else is the console table), and
// the format a results file's name asks for (.json, .csv, .html; anything else the console table).
OutputFormat OutputFormatNamed(const std::string& name);
OutputFormat OutputFormatOfPath(const std::string& path);

// The console table of finished results, as ConsoleReporter printed it during the run (`v8bench report
// FILE.json --format console` replays a saved run through it).
Expected<std::string> RenderConsoleTable(const RunContext& context, const std::vector<CaseResult>& results);

// Sends every call to each sink in turn.
class TeeSink final : public ResultSink {
 public:
  void Add(ResultSink* sink) { sinks_.push_back(sink); }
  void Begin(const RunContext& context) override;
  void CaseDone(const CaseResult& result) override;
  void End() override;

 private:
  std::vector<ResultSink*> sinks_;
};

// The reporters of a run: the table, a JSON/CSV/HTML document, or both.
class RunReporters {
 public:
  // The table goes to `table_out` when a document goes to a file (`path`) or the format is the
  // console table (a document on stdout stands alone); the document to `path`, or stdout without one.
  ResultSink& Open(std::FILE* table_out, OutputFormat format, const std::optional<std::string>& path,
                   const std::vector<std::string>& planned);
  // The document's first write error; empty when none (or no document).
  std::string write_error() const;

 private:
  TeeSink tee_;
  std::unique_ptr<ConsoleReporter> table_;
  std::unique_ptr<DocumentReporter> document_;
};

}  // namespace v8bench
