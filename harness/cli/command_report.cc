// `v8bench report FILE.json`: renders a saved results file again, by default as one HTML page. A
// `compare --out` file is analysed as `compare` would (same settings, same seed, same statistics); a
// `run --out` JSON file is read back into its cases and repetitions.
#include <fmt/format.h>

#include <cstdio>

#include "harness/cli/commands.h"
#include "harness/cli/common.h"
#include "harness/cli/compare_common.h"
#include "harness/report/atomic_file.h"
#include "harness/report/compare_html.h"
#include "harness/report/reporters.h"
#include "harness/report/results_file.h"
#include "harness/report/run_json_reader.h"

namespace v8bench::cli {
namespace {

CommandSpec ReportSpec() {
  CommandSpec spec;
  spec.name = "report";
  spec.synopsis = "v8bench report FILE.json [--format html|markdown|console] [--out FILE]";
  spec.description =
      "Renders a saved results file: a `v8bench compare --out` file (its analysis, with the statistics and seed\n"
      "it was made with) or a `v8bench run --out` JSON file. HTML is one self-contained page (inline CSS and\n"
      "SVG, no script, no network) with every sample as a chart. Exit: 0; 2 on a missing or foreign file or a\n"
      "format the file cannot be shown in (markdown is for compare files).";
  spec.options = {
      {"format", "html|markdown|console",
       "What to render: HTML, Markdown (compare files) or the console table. Default: html; with --out, taken from "
       "the file's extension (.html, .md, anything else html)."},
      {"out", "FILE", "Writes the report to FILE atomically instead of stdout. Default: stdout."},
      {"plot", "",
       "With --format console, for a compare file: adds each case's samples as text box plots, one per variant on "
       "one axis (├ smallest, █ middle half, │ median, ┤ largest). Default: off."},
  };
  spec.examples =
      "  v8bench report semi.json --out semi.html\n"
      "  v8bench report results.json --format console\n";
  return spec;
}

Expected<std::string> RenderCompareFile(const std::string& path, const std::string& text, const std::string& format,
                                        bool plot) {
  auto state = report::ParseCompareState(path, text);
  if (!state) return state.error();
  const analysis::Dataset data = analysis::DatasetFrom(state.value());
  if (data.cases.empty()) return Error::Input("'" + path + "' holds no measured case; nothing to report");
  const analysis::Analysis analysed = analysis::Analyse(data, analysis::AnalysisOptionsFrom(state->settings));
  const report::ReportHeader header = report::CompareHeader(state.value());
  if (format == "markdown") return report::RenderMarkdown(analysed, header);
  if (format == "console") {
    report::ConsoleOptions console;
    if (plot) console.samples = &data;
    return report::RenderConsole(analysed, header, console);
  }
  return report::RenderCompareHtml(analysed, data, header, report::ReproducingCommand(state.value()));
}

Expected<std::string> RenderRunFile(const std::string& path, const std::string& text, const std::string& format) {
  auto doc = ParseRunJson(path, text);
  if (!doc) return doc.error();
  if (format == "markdown") {
    return Error::Usage("'" + path + "' is a run file; markdown is for compare files (use --format html or console)");
  }
  if (format == "html") return RenderHtml(doc->context, doc->results);
  // The console table, replayed through the reporter that printed it.
  std::vector<std::string> names;
  for (const auto& r : doc->results) names.push_back(r.info.name);
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* mem = open_memstream(&buffer, &size);
  if (mem == nullptr) return Error::Internal("open_memstream failed");
  {
    ConsoleReporter table(mem, names);
    table.Begin(doc->context);
    for (const auto& r : doc->results) table.CaseDone(r);
    table.End();
  }
  std::fclose(mem);
  std::string out(buffer, size);
  std::free(buffer);  // allocated by open_memstream with malloc
  return out;
}

}  // namespace

int ReportCommand(const std::vector<std::string>& argv) {
  const CommandSpec spec = ReportSpec();
  ParsedArgs args;
  if (auto stop = ParseCommand(spec, argv, args)) return *stop;
  if (args.positional.size() != 1) {
    return Fail(Error::Usage("report takes one results file, FILE.json (see `v8bench report --help`)"));
  }
  auto chosen = args.GetChoice("format", {"html", "markdown", "console"});
  if (!chosen) return Fail(chosen.error());
  const auto out = args.Get("out");
  std::string format = chosen.value().value_or("");
  if (format.empty()) format = out && out->ends_with(".md") ? "markdown" : "html";
  if (out) {
    if (auto writable = CheckWritable("--out", *out); !writable) return Fail(writable.error());
  }
  const std::string& path = args.positional[0];
  auto text = report::ReadResultsText(path);
  if (!text) return Fail(text.error());
  Expected<std::string> doc = Error::Input("");
  if (text->find("\"v8bench_compare\"") != std::string::npos) {
    doc = RenderCompareFile(path, text.value(), format, args.Has("plot"));
  } else if (IsRunJson(text.value())) {
    doc = RenderRunFile(path, text.value(), format);
  } else {
    doc = Error::Input("'" + path +
                       "' is neither a `v8bench compare --out` file nor a `v8bench run --out` JSON file (for Google "
                       "Benchmark JSON, compare two files with `v8bench diff A.json B.json --format html`)");
  }
  if (!doc) return Fail(doc.error());
  if (out) {
    if (auto w = WriteFileAtomically(*out, doc.value()); !w) return Fail(w.error());
  } else {
    std::fwrite(doc->data(), 1, doc->size(), stdout);
  }
  return 0;
}

}  // namespace v8bench::cli
