// Reporters: one per output format behind ResultSink. The console table streams a row per case;
// JSON (Google Benchmark's schema plus v8bench's context) and CSV are whole documents, rewritten
// atomically after every case when they go to a file, so an interrupted run keeps every finished case.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
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

// One kind of caveat the table's cases share (their code changed, their repetitions varied, ...): said
// after the table in one line with how many cases it concerns, and case by case with --explain.
struct CaseFinding {
  std::string what;    // "ran code V8 changed while they were timed (code marks ! ≠ ⧗)"
  std::string advice;  // what to do about it
  std::vector<std::pair<std::string, std::string>> cases;  // (case, its detail)
};

class ConsoleReporter final : public ResultSink {
 public:
  // `planned` names size the first column before any case has run. `explain`: after the table, every
  // finding case by case (--explain) instead of one summary line per kind.
  ConsoleReporter(std::FILE* out, std::vector<std::string> planned, bool explain = false);
  void Begin(const RunContext& context) override;
  void CaseDone(const CaseResult& result) override;
  void End() override;

 private:
  void NoteFindings(const CaseResult& result, double cv);
  void PrintSummary() const;
  void PrintExplained() const;
  std::FILE* out_;
  std::size_t name_width_;
  bool explain_ = false;
  std::vector<std::string> environment_;  // the machine's and build's caveats (busy, frequency scaling, debug)
  // The findings, in the order they are said: code, CV, CPUs, isolates, threads, native floors, repetitions
  // stretched (the last one a note, said only with --explain).
  std::vector<CaseFinding> findings_;
  double min_time_s_ = 0;  // the run's --min-time
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
Expected<std::string> RenderConsoleTable(const RunContext& context, const std::vector<CaseResult>& results,
                                         bool explain = false);

// `run`'s progress on stderr, never on stdout (the results): one updating line on a terminal, a line per case
// when the table is not on stdout to show it. From the second case on it says the time spent and the time
// left at the pace of the cases so far. Called as case i of n starts.
std::function<void(std::size_t i, std::size_t n, const CaseInfo& info)> RunProgressPrinter(bool table_on_stdout);

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
                   const std::vector<std::string>& planned, bool explain = false);
  // The document's first write error; empty when none (or no document).
  std::string write_error() const;

 private:
  TeeSink tee_;
  std::unique_ptr<ConsoleReporter> table_;
  std::unique_ptr<DocumentReporter> document_;
};

}  // namespace v8bench
