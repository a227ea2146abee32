// The choice of a run's reporters (reporters.h): formats by name or file name, the table and the
// document together, the table replayed from saved results, and run's progress line.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "harness/report/reporters.h"

namespace v8bench {

namespace {

// "2m05s": a duration for the progress line.
std::string Clock(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  return s >= 60 ? fmt::format("{}m{:02}s", s / 60, s % 60) : fmt::format("{}s", s);
}

}  // namespace

std::function<void(std::size_t, std::size_t, const CaseInfo&)> RunProgressPrinter(bool table_on_stdout) {
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  return [tty, table_on_stdout, start](std::size_t i, std::size_t n, const CaseInfo& info) {
    if (!tty && table_on_stdout) return;
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string eta;
    if (i > 1 && n >= i) {
      const double left = spent / static_cast<double>(i - 1) * static_cast<double>(n - i + 1);
      eta = fmt::format(" · {} spent, about {} left", Clock(spent), Clock(left));
    }
    std::fprintf(stderr, tty ? "\r\033[K[%zu/%zu]%s · %s" : "[%zu/%zu]%s · %s\n", i, n, eta.c_str(), info.name.c_str());
  };
}

OutputFormat OutputFormatNamed(const std::string& name) {
  return name == "json"   ? OutputFormat::kJson
         : name == "csv"  ? OutputFormat::kCsv
         : name == "html" ? OutputFormat::kHtml
                          : OutputFormat::kConsole;
}

OutputFormat OutputFormatOfPath(const std::string& path) {
  return path.ends_with(".json")   ? OutputFormat::kJson
         : path.ends_with(".csv")  ? OutputFormat::kCsv
         : path.ends_with(".html") ? OutputFormat::kHtml
                                   : OutputFormat::kConsole;
}

Expected<std::string> RenderConsoleTable(const RunContext& context, const std::vector<CaseResult>& results,
                                         bool explain) {
  std::vector<std::string> names;
  for (const auto& r : results) names.push_back(r.info.name);
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* mem = open_memstream(&buffer, &size);
  if (mem == nullptr) return Error::Internal("open_memstream failed");
  {
    ConsoleReporter table(mem, names, explain);
    table.Begin(context);
    for (const auto& r : results) table.CaseDone(r);
    table.End();
  }
  std::fclose(mem);
  std::string out(buffer, size);
  std::free(buffer);  // allocated by open_memstream with malloc
  return out;
}

ResultSink& RunReporters::Open(std::FILE* table_out, OutputFormat format, const std::optional<std::string>& path,
                               const std::vector<std::string>& planned, bool explain) {
  if (path.has_value() || format == OutputFormat::kConsole) {
    table_ = std::make_unique<ConsoleReporter>(table_out, planned, explain);
    tee_.Add(table_.get());
  }
  if (format != OutputFormat::kConsole) {
    document_ = std::make_unique<DocumentReporter>(format, path.value_or("-"));
    tee_.Add(document_.get());
  }
  return tee_;
}

std::string RunReporters::write_error() const { return document_ ? document_->write_error() : std::string(); }

}  // namespace v8bench
