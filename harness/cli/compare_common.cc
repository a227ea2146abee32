#include "harness/cli/compare_common.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "harness/measure/metrics.h"

namespace v8bench::cli {

namespace {

std::string MetricHelp() {
  std::string help = "The figure compared and gated, per iteration: ";
  for (const MetricInfo& m : kMetrics) {
    if (m.option != nullptr) help += fmt::format("{} ({}); ", m.option, m.help);
  }
  return help + "the report shows GC share and allocation beside it either way. Default: " + kDefaultCompareMetric +
         ".";
}

}  // namespace

std::vector<OptionSpec> StatisticsOptionSpecs() {
  return {
      {"metric", fmt::format("{}", fmt::join(MetricOptions(), "|")), MetricHelp()},
      {"threshold", "PCT",
       "The gate: exits 1 when any case is significantly slower (Holm-adjusted) than the baseline by more than PCT "
       "percent, or fails where the baseline did not, and names those cases. Default: no gate."},
      {"alpha", "A", "Significance level of the Mann-Whitney test behind every verdict. Default: 0.05."},
      {"noise-floor", "PCT",
       "A change smaller than PCT percent is never called significant, however small its p-value. Default: 1."},
      {"min-samples", "N",
       "Fewer samples than N for a case in any variant cannot be judged: reported, and exit 2. Default: 5."},
      {"format", "console|markdown|json",
       "Report format on stdout: an aligned table (colour on a terminal unless NO_COLOR is set), Markdown for a "
       "pull-request comment, or JSON with every sample. Default: console."},
  };
}

Expected<double> ParsePercent(const std::string& option, const std::string& text, double max_pct) {
  std::string t = text;
  if (!t.empty() && t.back() == '%') t.pop_back();
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (t.empty() || *end != '\0' || !(v >= 0 && v <= max_pct)) {
    return Error::Usage("--" + option + ": '" + text + "' is not a percentage from 0 to " +
                        std::to_string(static_cast<int>(max_pct)) + " (e.g. 5 or 5%)");
  }
  return v / 100;
}

Expected<StatisticsChoice> StatisticsFrom(const ParsedArgs& args) {
  StatisticsChoice c;
  auto metric = args.GetChoice("metric", MetricOptions());
  if (!metric) return metric.error();
  c.metric = metric.value();
  if (auto t = args.Get("threshold")) {
    auto v = ParsePercent("threshold", *t, 1000);
    if (!v) return v.error();
    c.threshold = v.value();
  }
  if (auto t = args.Get("noise-floor")) {
    auto v = ParsePercent("noise-floor", *t, 100);
    if (!v) return v.error();
    c.noise_floor = v.value();
  }
  auto alpha = args.GetDouble("alpha", 1e-9, 0.5);
  if (!alpha) return alpha.error();
  c.alpha = alpha.value();
  auto min_samples = args.GetInt("min-samples", 2, 100000);
  if (!min_samples) return min_samples.error();
  c.min_samples = min_samples.value();
  auto format = args.GetChoice("format", {"console", "markdown", "json"});
  if (!format) return format.error();
  c.format = format.value().value_or("console");
  return c;
}

bool UseColor(std::FILE* out) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fileno(out)) != 0;
}

void PrintReport(const driver::Analysis& analysis, const driver::ReportHeader& header, const std::string& format) {
  const std::string text = format == "markdown" ? driver::RenderMarkdown(analysis, header)
                                                : driver::RenderConsole(analysis, header, UseColor(stdout));
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace v8bench::cli
