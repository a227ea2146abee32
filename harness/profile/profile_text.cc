#include "harness/profile/profile_text.h"

#include <fmt/format.h>

#include <filesystem>

#include "harness/model/shell_words.h"

namespace v8bench {

std::string ProfileHeader(const ProfileHeading& heading, const ProfileSummary& summary, const CpuProfileData& data) {
  const double effective_us =
      summary.samples > 0 ? static_cast<double>(data.end_us - data.start_us) / summary.samples : 0.0;
  return fmt::format(
      "Profile of {} ({})\n{} · flags: {}\n"
      "{} samples in {:.2f} s (asked for one per {} µs, got one per {:.0f} µs) · {} iterations in batches of {} · "
      "after {:.2f} s of warm-up{}\n\n",
      heading.case_name, heading.where, heading.engine,
      heading.flags.empty() ? "none" : fmt::format("{}", fmt::join(heading.flags, " ")), WithThousands(summary.samples),
      data.profiled_s, data.interval_us, effective_us, WithThousands(data.iterations), WithThousands(data.batch_size),
      data.warmup_s, heading.sampled_by);
}

bool InliningOn(const std::vector<std::string>& flags) {
  bool on = true;
  for (const auto& f : flags) {
    if (f == "--turbo-inlining") on = true;
    if (f == "--no-turbo-inlining" || f == "--noturbo-inlining") on = false;
  }
  return on;
}

std::string EngineProfileBody(ProfileSummary summary, bool inlining, bool jsc, const std::string& code_before,
                              const std::string& code_after) {
  const double loop_share = summary.batch_loop_share;
  if (jsc) summary.batch_loop_share = 0;  // the V8 note on inlining does not apply; said below instead
  std::string out = RenderSummary(summary, inlining);
  if (jsc && loop_share > 0.2) {
    out += fmt::format(
        "\nNote: {:.1f}% of the samples are in the harness's batch loop `{}`: JavaScriptCore inlines the bench "
        "function into it as it sees fit (no flag of Bun's turns that off), and its profiler then charges the "
        "bench to the loop.\n",
        100 * loop_share, summary.batch_function);
  }
  out += fmt::format("\nCode state of the case (the bench API's tiers, before → after sampling): {}\n",
                     code_before.empty() && code_after.empty()
                         ? "unknown on this engine (no V8 natives syntax)"
                         : fmt::format("{} → {}", code_before.empty() ? "unknown" : code_before,
                                       code_after.empty() ? "unknown" : code_after));
  out +=
      "Per-function JIT history, deopts and VM states: absent (the engine's profile does not carry them, and its "
      "code events are not visible to JavaScript)\n";
  return out;
}

std::string ProfilerLine(const std::string& profiler, const std::string& why) {
  if (profiler.empty()) return "";
  if (profiler == "instrument") {
    return fmt::format(
        "\nSampled inside the engine by V8's CPU profiler through v8bench's {}: tiers from JIT code events, deopts "
        "and VM states, as in the embedded profile\n",
        why.empty() ? "in-process instrument" : why);
  }
  return fmt::format("\nSampled by the {}, not v8bench's in-process instrument: {}\n",
                     profiler == "inspector" ? "inspector's Profiler domain (node:inspector)" : profiler + " profiler",
                     why.empty() ? "the runner did not say why" : why);
}

std::string WrittenToText(const std::string& out_path) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(out_path, ec);
  return fmt::format(
      "\nProfile written to {}\n"
      "  Open it in Chrome DevTools (Performance panel > Load profile...), in VS Code (open the file), or drag it "
      "onto https://www.speedscope.app\n",
      ec ? out_path : absolute.string());
}

std::string ProfileReport(const ProfileHeading& heading, const CpuProfileData& data, std::size_t top_n,
                          const std::string& out_path) {
  const ProfileSummary summary = Summarize(data, top_n);
  return ProfileHeader(heading, summary, data) + RenderSummary(summary, InliningOn(heading.flags)) +
         WrittenToText(out_path);
}

std::string PerfHintText(int pid, bool interpreted_frames, const std::vector<std::string>& argv) {
  std::vector<std::string> quoted;
  for (const auto& a : argv) quoted.push_back(ShellQuote(a));
  std::error_code ec;
  const bool map_exists = std::filesystem::exists(fmt::format("/tmp/perf-{}.map", pid), ec);
  return fmt::format(
      "\nperf: V8 wrote its JIT symbol map to /tmp/perf-{}.map{} (this process, pid {}){}.\n"
      "  perf names JIT frames from it when v8bench itself runs under perf, e.g.:\n"
      "    perf record -F 999 -g -o perf.data -- v8bench profile {}\n"
      "    perf report -i perf.data\n"
      "    perf script -i perf.data | stackcollapse-perf.pl | flamegraph.pl > flame.svg   # FlameGraph scripts\n",
      pid, map_exists ? "" : " (not found: did V8 accept --perf-basic-prof?)", pid,
      interpreted_frames ? ", with interpreted frames on the native stack"
                         : "; this V8 refused --interpreted-frames-native-stack, so interpreted frames show as "
                           "the interpreter",
      fmt::format("{}", fmt::join(quoted, " ")));
}

}  // namespace v8bench
