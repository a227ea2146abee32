// `v8bench report FILE.json`: renders a saved results file again (report/saved_report), by default as
// one HTML page, on stdout or to --out.
#include <cstdio>

#include "harness/cli/common.h"
#include "harness/files/atomic_file.h"
#include "harness/report/saved_report.h"

namespace v8bench::cli {
namespace {

Expected<int> Report(const ParsedArgs& args, const std::vector<std::string>&) {
  StopAtOnceOnInterrupt();
  if (args.positional.size() != 1) {
    return Error::Usage("report takes one results file, FILE.json (see `v8bench report --help`)");
  }
  V8BENCH_TRY(const auto chosen, args.GetChoice("format", {"html", "markdown", "console"}));
  V8BENCH_TRY(const std::optional<std::string> out, WritableOut(args));
  const std::string format = chosen ? *chosen : out && out->ends_with(".md") ? "markdown" : "html";
  V8BENCH_TRY(const std::string doc,
              report::RenderSavedResults(args.positional[0], format, args.Has("plot"), args.Has("explain")));
  if (out) {
    V8BENCH_OK(WriteFileAtomically(*out, doc));
  } else {
    std::fwrite(doc.data(), 1, doc.size(), stdout);
  }
  return 0;
}

}  // namespace

CommandSpec ReportSpec() {
  CommandSpec spec;
  spec.name = "report";
  spec.summary = "render a saved results file (run or compare) as HTML with charts, Markdown or a table";
  spec.synopsis = "v8bench report FILE.json [--format html|markdown|console] [--out FILE]";
  spec.description =
      "Renders a saved results file: a `v8bench compare --out` file (its analysis, with the statistics and seed\n"
      "it was made with) or a `v8bench run --out` JSON file. HTML is one self-contained page with every sample\n"
      "as a chart. Exit: 0; 2 on a missing or foreign file or a format it cannot be shown in (markdown: compare).";
  spec.options = {
      {"format", "html|markdown|console",
       "HTML, Markdown (compare files) or the console table. Default: html; with --out, from its extension."},
      {"out", "FILE", "Writes the report to FILE instead of stdout. Default: stdout."},
      {"plot", "",
       "With --format console, for a compare file: adds text box plots, as `compare --plot`. Default: off."},
      {"explain", "",
       "With --format console, for a run file: names the cases behind each warning, as `run --explain`."},
  };
  spec.examples =
      "  v8bench report semi.json --out semi.html\n"
      "  v8bench report results.json --format console\n";
  spec.run = Report;
  return spec;
}

}  // namespace v8bench::cli
