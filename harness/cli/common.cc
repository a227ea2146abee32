#include "harness/cli/common.h"

#include "harness/driver/settings.h"
#include "harness/files/atomic_file.h"
#include "harness/files/results_stream.h"
#include "harness/measure/metrics.h"
#include "harness/measure/thresholds.h"
#include "harness/report/compare_output.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <variant>

namespace v8bench::cli {

OptionSpec KnobOption(const KnobSpec& knob, const std::string& help) {
  // A text value: the knob's own parse checks it (KnobsFrom), with the message a variant's word gets.
  return {knob.word, knob.metavar, help.empty() ? knob.help : help, knob.repeatable};
}

std::vector<OptionSpec> KnobOptions(KnobGroup group) {
  std::vector<OptionSpec> options;
  for (const KnobSpec& knob : KnobTable()) {
    if (knob.group == group) options.push_back(KnobOption(knob));
  }
  return options;
}

Expected<Knobs> KnobsFrom(const ParsedArgs& args) {
  Knobs knobs;
  for (const KnobSpec& knob : KnobTable()) {
    for (const std::string& value : args.GetAll(knob.word)) V8BENCH_OK(ApplyKnob(knobs, knob, value));
  }
  return knobs;
}

std::vector<OptionSpec> EngineOptionSpecs() {
  std::vector<OptionSpec> options = {
      {"v8-flags", "\"FLAGS\"", "V8 flags (also after a bare --); repeatable; an unknown one is exit 2. Default: none.",
       true}};
  for (OptionSpec& knob : KnobOptions(KnobGroup::kEngine)) options.push_back(std::move(knob));
  return options;
}

Expected<EngineOptions> EngineOptionsFrom(const ParsedArgs& args) {
  EngineOptions options;
  for (const auto& text : args.GetAll("v8-flags")) {
    auto words = SplitShellWords(text);
    if (!words) return Error::Usage("--v8-flags: " + words.error().message);
    for (auto& f : words.value()) options.v8_flags.push_back(std::move(f));
  }
  for (const auto& f : args.passthrough) options.v8_flags.push_back(f);
  V8BENCH_TRY(const Knobs knobs, KnobsFrom(args));
  options.semi_space_mb = knobs.semi_space_mb;
  options.trig = knobs.trig;
  options.young = knobs.young;
  return options;
}

std::vector<std::string> SuitePathsOrDefault(const std::vector<std::string>& positional) {
  if (!positional.empty()) return positional;
  if (std::filesystem::is_directory("suites")) return {"suites"};
  return {V8BENCH_SOURCE_DIR "/suites"};
}

namespace {

// The run settings given as a number, each with its member, whose initial value (and Quick()'s) its help
// states. Those run shares with compare's workers have compare's range (SettingSpecs; min == max here);
// compare's --timeout is another setting (per worker, not per case).
struct RunSettingField {
  const char* name;
  std::variant<int RunSettings::*, double RunSettings::*> member;
  double min = 0, max = 0;
};
constexpr RunSettingField kRunSettingFields[] = {{"repetitions", &RunSettings::repetitions},
                                                 {"min-time", &RunSettings::min_time_s},
                                                 {"warmup", &RunSettings::warmup_s},
                                                 {"max-warmup", &RunSettings::max_warmup_s},
                                                 {"isolates", &RunSettings::isolates, 1, 100},
                                                 {"min-young-gcs", &RunSettings::min_young_collections, 0, 100000},
                                                 {"timeout", &RunSettings::timeout_s, 0.01, 86400}};

std::string ValueText(const RunSettings& s, const RunSettingField& f) {
  return std::visit([&](auto member) { return fmt::format("{}", s.*member); }, f.member);
}

}  // namespace

Expected<RunSettings> RunSettingsFrom(const ParsedArgs& args) {
  RunSettings settings = args.Has("quick") ? RunSettings::Quick() : RunSettings{};
  settings.filter = args.Get("filter").value_or("");
  V8BENCH_TRY(const Knobs knobs, KnobsFrom(args));
  settings.params = knobs.params;
  for (const RunSettingField& f : kRunSettingFields) {
    const std::optional<double> v = args.Number(f.name);  // in the option's range: Parse checked it
    const auto set = [&](auto member) { settings.*member = static_cast<std::decay_t<decltype(settings.*member)>>(*v); };
    if (v) std::visit(set, f.member);
  }
  if (args.Has("isolates") && settings.isolates > settings.repetitions) {
    return Error::Usage(
        fmt::format("--isolates {} is more than the {} repetitions: each isolate times at least one (raise "
                    "--repetitions, or lower --isolates)",
                    settings.isolates, settings.repetitions));
  }
  settings.timeout_given = args.Has("timeout");
  settings.main_cpu = knobs.main_cpu;
  settings.rerun_changed = !args.Has("keep-changed");
  settings.tier = knobs.tier.value_or(settings.tier);
  if (settings.max_warmup_s < settings.warmup_s) {
    return Error::Usage(
        "--max-warmup must be at least --warmup (the warm-up lasts --warmup, and until the code stops changing, at "
        "most --max-warmup)");
  }
  return settings;
}

OptionSpec RunSettingOption(const std::string& name, const std::string& help, const std::string& default_note) {
  const RunSettingField& f = *std::find_if(std::begin(kRunSettingFields), std::end(kRunSettingFields),
                                           [&](const RunSettingField& field) { return field.name == name; });
  const driver::SettingSpec* shared = f.min == f.max ? driver::FindSetting(name) : nullptr;
  const bool whole = std::holds_alternative<int RunSettings::*>(f.member);
  const std::string usual = ValueText(RunSettings{}, f), quick = ValueText(RunSettings::Quick(), f);
  return {name,
          whole ? "N" : "S",
          fmt::format("{} Default: {}{}{}.", help, usual, quick == usual ? "" : " (" + quick + " with --quick)",
                      default_note),
          false,
          whole ? ValueKind::kWhole : ValueKind::kNumber,
          shared ? shared->min : f.min,
          shared ? shared->max : f.max};
}

std::string OneCallTimeoutNote() {
  return fmt::format(" ({:g} per call for files sized for one call per process, e.g. Node core's benchmark/ files)",
                     kOneCallFileCallTimeoutSeconds);
}

Expected<std::optional<std::string>> WritableOut(const ParsedArgs& args) {
  auto out = args.Get("out");
  if (out) {
    if (auto writable = CheckWritable("--out", *out); !writable) return writable.error();
    if (auto apart = CheckNotAnInput("--out", *out, args.positional); !apart) return apart.error();
  }
  return out;
}

int Fail(const Error& error) {
  std::fprintf(stderr, "v8bench: %s\n", error.message.c_str());
  return error.exit_code();
}

void PrepareStandardDescriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = open("/dev/null", O_RDONLY);  // the lowest free number: fd itself
    if (opened > fd) {
      dup2(opened, fd);
      close(opened);
    }
  }
  std::signal(SIGPIPE, SIG_IGN);
  // Descriptors this process inherited beyond the standard three (a parent that did not mark its own pipes
  // close-on-exec) are not passed on: a child's suite could otherwise write into this process's output.
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
}

void StopAtOnceOnInterrupt() {
  struct sigaction action {};
  action.sa_handler = [](int signal) {
    static constexpr char kMessage[] = "\nv8bench: interrupted; nothing was written\n";
    [[maybe_unused]] const auto ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(128 + signal);
  };
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int FinishStandardOutput(int code) {
  const Status flushed = FlushStandardOutput();
  if (flushed.ok()) return code;
  Fail(flushed.error());
  return code == 0 ? 1 : code;
}

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
    // --timeout's default depends on the files compared (OneCallTimeoutNote).
    const std::string default_sentence =
        s.option == std::string_view("timeout")
            ? fmt::format("Default: {:g}{}.", driver::CompareSettings{}.timeout_s, OneCallTimeoutNote())
            : driver::DefaultSentence(s);
    out.push_back({s.option, metric ? fmt::format("{}", fmt::join(MetricOptions(), "|")) : s.metavar,
                   fmt::format("{} {}", metric ? MetricHelp() : s.help, default_sentence)});
  }
  out.push_back({"plot", "", "Adds each variant's samples as text box plots. Default: on a terminal wide enough."});
  out.push_back({"format", "console|markdown|json|html|node",
                 "A table (colour on a terminal unless NO_COLOR), Markdown, JSON with every sample, an HTML page, or "
                 "node: benchmark/compare.R's table (confidence, improvement, accuracy) with the Holm verdicts. "
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
  V8BENCH_TRY(const auto format, args.GetChoice("format", {"console", "markdown", "json", "html", "node"}));
  return format.value_or("console");
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
