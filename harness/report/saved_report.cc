#include "harness/report/saved_report.h"

#include "harness/files/results_file.h"
#include "harness/files/run_json_reader.h"
#include "harness/report/compare_output.h"
#include "harness/report/reporters.h"

namespace v8bench::report {
namespace {

Expected<std::string> RenderCompareFile(const std::string& path, const std::string& text, const std::string& format,
                                        bool plot) {
  auto state = files::ParseCompareState(path, text);
  if (!state) return state.error();
  const Dataset data = analysis::DatasetFrom(state.value());
  if (data.cases.empty()) return Error::Input("'" + path + "' holds no measured case; nothing to report");
  const Analysis analysed = analysis::Analyse(data, analysis::AnalysisOptionsFrom(state->settings));
  ConsoleOptions console;
  if (plot) console.samples = &data;
  return RenderComparison(format, analysed, data, CompareHeader(state.value()), ReproducingCommand(state.value()), "",
                          console);
}

Expected<std::string> RenderRunFile(const std::string& path, const std::string& text, const std::string& format,
                                    bool explain) {
  auto doc = ParseRunJson(path, text);
  if (!doc) return doc.error();
  if (format == "markdown") {
    return Error::Usage("'" + path + "' is a run file; markdown is for compare files (use --format html or console)");
  }
  if (format == "html") return RenderHtml(doc->context, doc->results);
  return RenderConsoleTable(doc->context, doc->results, explain);  // replayed through the reporter that printed it
}

}  // namespace

Expected<std::string> RenderSavedResults(const std::string& path, const std::string& format, bool plot, bool explain) {
  auto text = files::ReadResultsText(path);
  if (!text) return text.error();
  if (text->find("\"v8bench_compare\"") != std::string::npos)
    return RenderCompareFile(path, text.value(), format, plot);
  if (IsRunJson(text.value())) return RenderRunFile(path, text.value(), format, explain);
  return Error::Input("'" + path +
                      "' is neither a `v8bench compare --out` file nor a `v8bench run --out` JSON file (for Google "
                      "Benchmark JSON, compare two files with `v8bench diff A.json B.json --format html`)");
}

}  // namespace v8bench::report
