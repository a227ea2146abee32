#include "harness/cli/compare_common.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

#include "harness/files/atomic_file.h"
#include "harness/measure/metrics.h"
#include "harness/report/compare_output.h"

namespace v8bench::cli {
namespace {

std::string MetricHelp() {
  std::string help = "The figure compared and gated, per iteration: ";
  for (const MetricInfo& m : kMetrics) {
    if (m.option != nullptr) help += fmt::format("{}: {}; ", m.option, m.help);
  }
  return help + "the report shows GC share and allocation beside it either way.";
}

// Colour on a terminal, unless NO_COLOR is set (https://no-color.org).
bool UseColor(std::FILE* out) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fileno(out)) != 0;
}

}  // namespace

std::vector<OptionSpec> SettingOptionSpecs(bool statistics_only) {
  std::vector<OptionSpec> out;
  for (const driver::SettingSpec& s : driver::SettingSpecs()) {
    if (statistics_only && !s.statistics) continue;
    const bool metric = s.kind == driver::SettingKind::kMetric;
    out.push_back({s.option, metric ? fmt::format("{}", fmt::join(MetricOptions(), "|")) : s.metavar,
                   fmt::format("{} {}", metric ? MetricHelp() : s.help, driver::DefaultSentence(s))});
  }
  out.push_back({"plot", "", "Adds each variant's samples as text box plots. Default: on a terminal wide enough."});
  out.push_back({"format", "console|markdown|json|html",
                 "A table (colour on a terminal unless NO_COLOR), Markdown, JSON with every sample, or an HTML page. "
                 "Default: console."});
  return out;
}

Status ApplySettingOptions(const ParsedArgs& args, bool statistics_only, driver::CompareSettings& settings) {
  for (const driver::SettingSpec& s : driver::SettingSpecs()) {
    if (statistics_only && !s.statistics) continue;
    if (auto text = args.Get(s.option)) {
      if (auto set = driver::SetFromText(settings, s, *text, std::string("--") + s.option); !set) return set;
    }
  }
  return OkStatus();
}

Expected<std::string> ReportFormat(const ParsedArgs& args) {
  auto format = args.GetChoice("format", {"console", "markdown", "json", "html"});
  if (!format) return format.error();
  return format.value().value_or("console");
}

Status EmitComparison(const ParsedArgs& args, const std::string& format, const analysis::Analysis& analysed,
                      const analysis::Dataset& data, const report::ReportHeader& header, const std::string& command,
                      const std::string& json, const std::optional<std::string>& out) {
  report::ConsoleOptions console;
  console.color = UseColor(stdout);
  winsize terminal{};
  if (args.Has("plot")) {
    console.samples = &data;
  } else if (isatty(fileno(stdout)) != 0 && ioctl(fileno(stdout), TIOCGWINSZ, &terminal) == 0 && terminal.ws_col > 0) {
    console.samples = &data;
    console.max_width = terminal.ws_col;
  }
  const std::string text = report::RenderComparison(format, analysed, data, header, command, json, console);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  if (!out) return OkStatus();
  const char* doc = out->ends_with(".html") ? "html" : out->ends_with(".md") ? "markdown" : "json";
  return WriteFileAtomically(*out, report::RenderComparison(doc, analysed, data, header, command, json, {}));
}

}  // namespace v8bench::cli
