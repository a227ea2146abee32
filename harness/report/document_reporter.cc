// JSON, CSV and HTML documents, rewritten whole and atomically after each case; and the tee.
#include <cstdio>

#include "harness/files/atomic_file.h"
#include "harness/files/results_stream.h"
#include "harness/report/reporters.h"

namespace v8bench {

std::string RenderDocument(OutputFormat format, const RunContext& context, const std::vector<CaseResult>& results) {
  switch (format) {
    case OutputFormat::kCsv:
      return RenderCsv(context, results);
    case OutputFormat::kHtml:
      return RenderHtml(context, results);
    default:
      return RenderJson(context, results);
  }
}

DocumentReporter::DocumentReporter(OutputFormat format, std::string path) : format_(format), path_(std::move(path)) {}

void DocumentReporter::Begin(const RunContext& context) {
  context_ = context;
  if (path_ != "-") Flush();
}

void DocumentReporter::CaseDone(const CaseResult& result) {
  results_.push_back(result);
  if (path_ != "-") Flush();
}

void DocumentReporter::End() {
  if (path_ == "-") {
    const std::string doc = RenderDocument(format_, context_, results_);
    std::fwrite(doc.data(), 1, doc.size(), ResultsStream());
    std::fflush(ResultsStream());
  }
}

void DocumentReporter::Flush() {
  const std::string doc = RenderDocument(format_, context_, results_);
  if (auto written = WriteFileAtomically(path_, doc); !written && write_error_.empty()) {
    write_error_ = written.error().message;
  }
}

void TeeSink::Begin(const RunContext& context) {
  for (auto* s : sinks_) s->Begin(context);
}
void TeeSink::CaseDone(const CaseResult& result) {
  for (auto* s : sinks_) s->CaseDone(result);
}
void TeeSink::End() {
  for (auto* s : sinks_) s->End();
}

}  // namespace v8bench
