#include "harness/report/compare_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "harness/model/json_string.h"
#include "harness/model/shell_words.h"
#include "harness/model/units.h"
#include "harness/stats/power.h"
#include "harness/stats/statistics.h"

namespace v8bench::report {

using namespace driver;    // the comparison
using namespace analysis;  // and its analysis, which these files report

namespace {

struct Row {
  std::string key, variant, n, value, cv, gc, alloc, change, ci, p_w, p_mw, verdict, holm, plot;
  stats::Verdict v = stats::Verdict::kNoChange;
};

std::string Pct(double ratio) {
  if (!std::isfinite(ratio)) return "n/a";
  return fmt::format("{:+.1f}%", (ratio - 1) * 100);
}

std::string P(double p) { return p < 0.001 ? "<0.001" : fmt::format("{:.3f}", p); }

// Each variant's samples of case `ci` as box plots on the case's shared axis (empty without samples).
std::vector<std::string> CasePlots(const Analysis& a, std::size_t ci, const Dataset* data, std::size_t width) {
  std::vector<std::string> plots(a.variant_names.size());
  if (data == nullptr || ci >= data->cases.size() || data->cases[ci].key != a.cases[ci].key) return plots;
  const CaseSeries& cs = data->cases[ci];
  double lo = 0, hi = 0;
  bool any = false;
  for (const VariantSeries& vs : cs.variants) {
    const auto it = vs.metrics.find(a.counter);
    if (it == vs.metrics.end()) continue;
    for (double x : it->second) {
      lo = any ? std::min(lo, x) : x;
      hi = any ? std::max(hi, x) : x;
      any = true;
    }
  }
  for (std::size_t vi = 0; vi < cs.variants.size() && vi < plots.size() && any; ++vi) {
    const auto it = cs.variants[vi].metrics.find(a.counter);
    if (it != cs.variants[vi].metrics.end()) plots[vi] = InlineBoxPlot(it->second, lo, hi, width, lo > 0);
  }
  return plots;
}

std::vector<Row> Rows(const Analysis& a, const Dataset* data = nullptr, std::size_t plot_width = 0) {
  std::vector<Row> rows;
  for (std::size_t ci = 0; ci < a.cases.size(); ++ci) {
    const CaseAnalysis& ca = a.cases[ci];
    const std::vector<std::string> plots = CasePlots(a, ci, data, plot_width);
    if (!ca.unsupported.empty()) {
      Row r;
      r.key = ca.key;
      r.verdict = "unsupported";
      rows.push_back(r);
      continue;
    }
    for (std::size_t vi = 0; vi < ca.cells.size(); ++vi) {
      const CellAnalysis& cell = ca.cells[vi];
      Row r;
      r.key = vi == 0 ? ca.key : "";
      r.variant = a.variant_names[vi];
      if (vi < plots.size()) r.plot = plots[vi];
      auto m = cell.metrics.find(a.counter);
      if (m != cell.metrics.end()) {
        r.n = std::to_string(m->second.n);
        r.value =
            FormatValue(m->second.median, ComparedMetric(a.metric).unit) + (m->second.modality.multimodal ? " ≋" : "");
        r.cv = FormatPercent(m->second.cv);
      } else {
        r.n = "0";
      }
      if (!cell.failures.empty()) r.n += fmt::format(" ({}✗)", cell.failures.size());
      if (cell.gc_share) r.gc = FormatPercent(*cell.gc_share);
      if (auto al = cell.metrics.find(metric::kAlloc); al != cell.metrics.end())
        r.alloc = FormatBytes(al->second.median);
      if (vi > 0) {
        auto vs = cell.versus.find(a.counter);
        const Judgement& j = cell.judged;
        if (cell.code_mixed) {
          // No change figure: it would compare a mixture of code states (the note names them).
          r.verdict = r.holm = "mixed code";
          r.v = stats::Verdict::kInsufficient;
        } else if (j.verdict == stats::Verdict::kInsufficient) {
          r.verdict = "insufficient";
          r.v = stats::Verdict::kInsufficient;
        } else if (j.verdict == stats::Verdict::kNotJudged) {
          // The change alone: an interval or a p over one process's repetitions would claim independence.
          r.change = Pct(j.ratio.ratio);
          r.verdict = r.holm = stats::VerdictName(j.verdict, a.is_time);
          r.v = stats::Verdict::kNotJudged;
        } else {
          r.change = Pct(j.ratio.ratio);
          r.ci = fmt::format("[{}, {}]", Pct(j.ratio.low), Pct(j.ratio.high));
          if (j.paired) r.p_w = P(j.p) + " " + std::string(stats::SignificanceMarks(j.p));
          if (vs != cell.versus.end()) r.p_mw = P(vs->second.mann_whitney.p);
          // A counted metric is judged without a test (its p is 0 or 1 by rule): the marks would rate p(MW)
          // by a p it does not show.
          if (!j.paired && !j.counted) r.p_mw += " " + std::string(stats::SignificanceMarks(j.p));
          r.verdict = VerdictText(a, cell, true);
          r.v = j.verdict;
          r.holm = VerdictText(a, cell);
        }
      } else if (cell.insufficient) {
        r.verdict = "insufficient";
        r.v = stats::Verdict::kInsufficient;
      } else {
        r.verdict = "baseline";
      }
      rows.push_back(r);
    }
  }
  return rows;
}

std::string MetricTitle(const Analysis& a) { return ComparedMetric(a.metric).title; }

// A counted metric's verdict (stats/counted.h), and the comparisons whose counts did not repeat
// within the floor, with how much they varied.
std::string CountedMethodNote(const Analysis& a, const std::string& base) {
  std::string s = fmt::format(
      "Verdicts on counted {} (per iteration, median over samples): not a test but a change beyond the counts' "
      "own repeatability: |ratio to the baseline ({}) - 1| above {:g} x the larger spread (max/min - 1) of the two "
      "sides' samples, and above {:.2f}%; the CI is the ratio widened by that spread. Counts are not time "
      "(docs/instructions.md).",
      a.counter, base, stats::kCountedRepeatabilityFactor, stats::kCountedFloor * 100);
  for (const CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      const auto& counted = ca.cells[vi].judged.counted;
      if (!counted || counted->repeatability <= stats::kCountedFloor) continue;
      s += fmt::format("\n  {} ({} vs {}): the counts varied by {:.4f}% between samples", ca.key, a.variant_names[vi],
                       base, counted->repeatability * 100);
    }
  }
  return s;
}

// Which metric the verdicts came from, first in the method note: a time verdict and a counted one answer
// different questions (docs/instructions.md, "When to use instructions, and when time").
std::string VerdictsFrom(const Analysis& a) {
  const MetricInfo& m = ComparedMetric(a.metric);
  return fmt::format("Compared metric: --metric {} ({}). ", m.option, m.title);
}

// How the figures and the verdict were computed: paired (compare) or unpaired (diff).
std::string MethodNote(const Analysis& a) {
  const std::string base = a.variant_names.empty() ? "" : a.variant_names[0];
  if (IsCountedMetric(a.counter)) return VerdictsFrom(a) + CountedMethodNote(a, base);
  if (a.one_process) {
    return VerdictsFrom(a) +
           fmt::format(
               "Figures are medians per iteration over each file's samples; change is the ratio of medians "
               "versus the baseline ({}), without an interval, a p-value or a verdict (below).",
               base);
  }
  if (a.paired) {
    return VerdictsFrom(a) +
           fmt::format(
               "Figures are medians per iteration over samples (one worker process each). Samples ran in blocks, "
               "one of every variant back to back, each variant first in half of the blocks; change is the median "
               "over blocks of the ratio to the baseline ({}) in the same block, with a 95% bootstrap CI over "
               "blocks, and p(W) the Wilcoxon signed-rank test of those ratios (marks: * < 0.05, ** < 0.01, "
               "*** < 0.001). A verdict needs p(W) < {}, a CI that excludes 0 and a change of at least {:.1f}% (the "
               "noise floor). p(MW) is the unpaired Mann-Whitney test, for reference (unpaired figures and Welch's "
               "t-test are in the JSON). A comparison with fewer than {} blocks is judged unpaired (p(MW) marked).",
               base, a.alpha, a.noise_floor * 100, stats::PairsNeeded(a.alpha));
  } else {
    return VerdictsFrom(a) +
           fmt::format(
               "Figures are medians per iteration over samples (one worker process each); change is the ratio of "
               "medians "
               "versus the baseline ({}), with a 95% bootstrap CI. A verdict needs Mann-Whitney p < {} (marks: * < "
               "0.05, "
               "** < 0.01, *** < 0.001), a CI that excludes 0 and a change of at least {:.1f}% (the noise floor); "
               "Welch's t-test on means is in the JSON, for reference.",
               base, a.alpha, a.noise_floor * 100);
  }
}

std::vector<std::string> Notes(const Analysis& a) {
  std::vector<std::string> notes;
  notes.push_back(MethodNote(a));
  for (const auto& s : StoppingLines(a)) notes.push_back(s);
  for (const auto& s : a.states) notes.push_back(NoteLine(a, s));
  for (const auto& c : a.code) notes.push_back(NoteLine(a, c));
  for (const auto& w : a.warmups) notes.push_back(NoteLine(a, w));
  for (const auto& t : a.threads) notes.push_back(NoteLine(a, t));
  for (const auto& c : a.cpus) notes.push_back(NoteLine(a, c));
  if (a.comparisons > 1) {
    notes.push_back(fmt::format(
        "Be aware that with {} comparisons, about {:.1f} false positive(s) are expected at p < {} by chance alone; "
        "the Holm-Bonferroni-adjusted verdict (column 'holm') keeps the chance of any false positive below {}: "
        "{} significant before adjustment, {} after.",
        a.comparisons, static_cast<double>(a.comparisons) * a.alpha, a.alpha, a.alpha, a.significant,
        a.significant_holm));
  }
  if (!a.multimodal.empty()) {
    constexpr std::size_t kShown = 5;
    std::string s = fmt::format(
        "multimodal (≋): {} sample set(s) fall into two clusters: the median-based figures and tests hold, but the "
        "machine or the engine switches between states (the values are in the JSON):",
        a.multimodal.size());
    for (std::size_t i = 0; i < a.multimodal.size() && i < kShown; ++i)
      s += "\n  " + MultimodalLine(a, a.multimodal[i]);
    if (a.multimodal.size() > kShown) s += fmt::format("\n  ... and {} more", a.multimodal.size() - kShown);
    notes.push_back(s);
  }
  for (const CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 0; vi < ca.cells.size(); ++vi) {
      const auto& f = ca.cells[vi].failures;
      if (f.empty()) continue;
      notes.push_back(fmt::format("failed (✗): {} ({}): {} sample(s); first: {}", ca.key, a.variant_names[vi], f.size(),
                                  NoteLine(a, f.front())));
    }
  }
  for (const auto& u : a.unsupported) notes.push_back("unsupported, left out: " + NoteLine(a, u));
  for (const auto& i : a.insufficient) notes.push_back("not enough samples to decide: " + NoteLine(a, i));
  for (const auto& u : UnjudgedLines(a)) notes.push_back(u);
  if (a.threshold) {
    std::string s = GateLine(a);
    for (const auto& t : a.trips) s += fmt::format("\n  {} ({}): {}", t.key, t.variant, TripReason(a, t));
    notes.push_back(s);
  }
  return notes;
}

std::size_t Width(const std::string& s) {
  // Display width: count UTF-8 code points (every glyph used here is one column wide).
  std::size_t w = 0;
  for (unsigned char c : s) w += (c & 0xC0) != 0x80 ? 1 : 0;
  return w;
}

std::string Pad(const std::string& s, std::size_t width, bool right) {
  const std::size_t w = Width(s);
  if (w >= width) return s;
  return right ? std::string(width - w, ' ') + s : s + std::string(width - w, ' ');
}

}  // namespace

std::string InlineBoxPlot(const std::vector<double>& xs, double lo, double hi, std::size_t width, bool log_axis) {
  if (xs.empty() || width == 0) return std::string(width, ' ');
  log_axis = log_axis && lo > 0;
  auto pos = [&](double x) -> std::size_t {
    if (!(hi > lo)) return (width - 1) / 2;
    const double t = log_axis ? std::clamp(std::log(std::max(x, lo) / lo) / std::log(hi / lo), 0.0, 1.0)
                              : std::clamp((x - lo) / (hi - lo), 0.0, 1.0);
    return static_cast<std::size_t>(std::lround(t * static_cast<double>(width - 1)));
  };
  const std::size_t p_min = pos(*std::min_element(xs.begin(), xs.end()));
  const std::size_t p_max = pos(*std::max_element(xs.begin(), xs.end()));
  const std::size_t q1 = pos(stats::Quantile(xs, 0.25));
  const std::size_t q3 = pos(stats::Quantile(xs, 0.75));
  const std::size_t med = pos(stats::Median(xs));
  std::vector<const char*> cells(width, " ");
  for (std::size_t i = p_min; i <= p_max; ++i) cells[i] = "─";
  cells[p_min] = "├";
  cells[p_max] = "┤";
  for (std::size_t i = q1; i <= q3; ++i) cells[i] = "█";
  cells[med] = "│";
  std::string out;
  for (const char* c : cells) out += c;
  return out;
}

std::string RenderConsole(const Analysis& a, const ReportHeader& h, const ConsoleOptions& options) {
  const bool color = options.color;
  std::string out = h.title + "\n";
  for (const auto& l : h.lines) out += l + "\n";
  out += "\n";
  const std::vector<Row> rows = Rows(a, options.samples, options.plot_width);
  std::vector<std::string> titles = {"case",   "variant", "n",    MetricTitle(a), "±CV",     "GC%", "alloc",
                                     "change", "95% CI",  "p(W)", "p(MW)",        "verdict", "holm"};
  const std::vector<bool> right = {false, false, true,  true,  true,  true,  true,
                                   true,  false, false, false, false, false, false};
  bool plot = options.samples != nullptr;
  if (plot) titles.push_back("distribution");
  auto fields = [&](const Row& r) {
    std::vector<std::string> f = {r.key,    r.variant, r.n,   r.value, r.cv,      r.gc,  r.alloc,
                                  r.change, r.ci,      r.p_w, r.p_mw,  r.verdict, r.holm};
    if (plot) f.push_back(r.plot);
    return f;
  };
  std::vector<std::size_t> width(titles.size());
  auto measure = [&] {
    width.assign(titles.size(), 0);
    for (std::size_t i = 0; i < titles.size(); ++i) width[i] = Width(titles[i]);
    for (const Row& r : rows) {
      const auto f = fields(r);
      for (std::size_t i = 0; i < f.size(); ++i) {
        // A case name on its own row (the baseline's) may be wider than the column; the column holds it.
        width[i] = std::max(width[i], Width(f[i]));
      }
    }
    std::size_t total = 0;
    for (std::size_t w : width) total += w + 2;
    return total - 2;
  };
  if (measure() > options.max_width && options.max_width > 0 && plot) {
    plot = false;  // too wide for the terminal: the table without the plots
    titles.pop_back();
    measure();
  }
  auto line = [&](const std::vector<std::string>& f, const char* colour) {
    std::string l;
    for (std::size_t i = 0; i < f.size(); ++i) {
      std::string cell = Pad(f[i], width[i], right[i]);
      if (colour != nullptr && i >= 7 && !f[i].empty()) cell = std::string(colour) + cell + "\033[0m";
      l += (i ? "  " : "") + cell;
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  out += line(titles, nullptr);
  for (const Row& r : rows) {
    const char* colour = nullptr;
    if (color && r.v == stats::Verdict::kHigher) colour = "\033[31m";
    if (color && r.v == stats::Verdict::kLower) colour = "\033[32m";
    if (color && (r.v == stats::Verdict::kInsufficient || r.v == stats::Verdict::kTooFewSamples)) colour = "\033[33m";
    out += line(fields(r), colour);
  }
  out += "\n";
  if (plot) {
    out +=
        "distribution: each variant's samples of a case on one axis (logarithmic when every sample is above 0), from "
        "the case's smallest to its largest sample: ├ smallest, ┤ largest, █ the middle half (25th to 75th "
        "percentile), │ the median.\n";
  }
  for (const auto& n : Notes(a)) {
    if (color && (n.rfind("gate: FAIL", 0) == 0 || n.rfind("gate: NOT JUDGED", 0) == 0)) {
      out += "\033[1;31m" + n + "\033[0m\n";
    } else if (color && n.rfind("gate: PASS", 0) == 0) {
      out += "\033[1;32m" + n + "\033[0m\n";
    } else {
      out += n + "\n";
    }
  }
  return out;
}

std::string RenderMarkdown(const Analysis& a, const ReportHeader& h) {
  auto esc = [](const std::string& s) {
    std::string o;
    for (char c : s) {
      if (c == '|') o += '\\';
      o += c;
    }
    return o;
  };
  std::string out = "### " + h.title + "\n\n";
  for (const auto& l : h.lines) out += "- " + esc(l) + "\n";
  out += "\n| case | variant | n | " + MetricTitle(a) +
         " | ±CV | GC% | alloc | change | 95% CI | p(W) | p(MW) | verdict | holm |\n";
  out += "|---|---|--:|--:|--:|--:|--:|--:|---|---|---|---|---|\n";
  for (const Row& r : Rows(a)) {
    std::string verdict = r.verdict;
    if (r.v == stats::Verdict::kHigher || r.v == stats::Verdict::kLower) verdict = "**" + verdict + "**";
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                       r.key.empty() ? "" : "`" + esc(r.key) + "`", esc(r.variant), r.n, r.value, r.cv, r.gc, r.alloc,
                       r.change, r.ci, esc(r.p_w), esc(r.p_mw), verdict, r.holm);
  }
  out += "\n";
  for (const auto& n : Notes(a)) {
    if (n.rfind("gate:", 0) == 0) {
      out += "**" + esc(n.substr(0, n.find('\n'))) + "**\n";
      for (std::size_t p = n.find('\n'); p != std::string::npos; p = n.find('\n', p + 1)) {
        const auto q = n.find('\n', p + 1);
        out += "- " + esc(n.substr(p + 3, q == std::string::npos ? std::string::npos : q - p - 3)) + "\n";
      }
      out += "\n";
    } else {
      std::string body = esc(n);
      for (std::size_t p = 0; (p = body.find("\n  ", p)) != std::string::npos;) body.replace(p, 3, "\n> - ");
      out += "> " + body + "\n>\n";
    }
  }
  return out;
}

namespace {

// Driver::LongLivedServes: once most processes' warm-ups of every case hit the cap, the later blocks had fresh
// workers; the line that says from which block, or nothing.
std::optional<std::string> FreshWorkersLine(const std::vector<driver::RunRecord>& runs) {
  int first_fresh = -1;
  for (const driver::RunRecord& r : runs) {
    if (r.worker_process == 0 && (first_fresh < 0 || r.block < first_fresh)) first_fresh = r.block;
  }
  if (first_fresh < 0) return std::nullopt;
  return fmt::format(
      "from block {} on: a fresh worker per sample, as most processes' warm-ups of every case had hit the cap with "
      "the code still changing (a long-lived worker's later samples would time code that V8 still changes)",
      first_fresh + 1);
}

}  // namespace

ReportHeader CompareHeader(const CompareState& s) {
  ReportHeader h;
  h.title = "v8bench compare";
  for (std::size_t i = 0; i < s.variants.size(); ++i) {
    const auto& vs = s.variants[i];
    std::string line = fmt::format("{}{}: {}", vs.variant.name, i == 0 ? " (baseline)" : "",
                                   vs.variant.flags_text.empty() ? "(default flags)" : vs.variant.flags_text);
    line += " · engine " + (vs.variant.engine.empty() ? std::string("this v8bench") : vs.variant.engine);
    if (vs.context) {
      line += " · V8 " + vs.context->v8_version;
      if (!vs.context->node_version.empty()) line += " (Node " + vs.context->node_version + ")";
      if (vs.context->young_generation_bytes > 0) {  // external engines do not report it: absent
        line += " · young gen " + FormatBytes(static_cast<double>(vs.context->young_generation_bytes));
      }
      line += " · trig " + vs.context->trig_path;
    }
    h.lines.push_back(line);
  }
  const auto& st = s.settings;
  std::vector<int> counts(s.variants.size(), 0);
  for (const auto& r : s.runs) ++counts[static_cast<std::size_t>(r.variant)];
  std::string per;
  for (std::size_t i = 0; i < counts.size(); ++i) per += fmt::format("{}{}", i ? "/" : "", counts[i]);
  const std::string runs = driver::StoppingText(st);
  const std::string timing =
      fmt::format("{}× for ≥{} s after a warm-up of ≥{} s and until its code stops changing (at most {} s)",
                  st.repetitions, st.min_time_s, st.warmup_s, st.max_warmup_s);
  const char* quick = st.quick ? " (the suites' quick grids: --quick)" : "";
  const char* merged = s.merged_count > 0 ? ", summed over the shards" : "";
  if (s.alternated) {
    h.lines.push_back(fmt::format(
        "{} samples ({} per variant{}; {}), in blocks of one worker process each, in which every variant's case{} "
        "ran {}, each repetition as {} turns taken in one isolate by every variant in rounds, their median the "
        "sample (--alternate {}); each block starting with the next variant",
        s.runs.size(), per, merged, runs, quick, timing, st.alternate, st.alternate));
  } else if (st.long_lived > 0) {
    h.lines.push_back(fmt::format(
        "{} samples ({} per variant{}; {}), taken in turn by {} long-lived worker processes per variant (--long-lived "
        "{}{}), each running each case{} {} in its first sample and only the repetitions in the next; in blocks of "
        "one sample per variant, in a random order, seed {} (--seed {} repeats it)",
        s.runs.size(), per, merged, runs, st.long_lived, st.long_lived,
        st.worker_samples > 0 ? fmt::format(", each replaced after {} samples: --worker-samples", st.worker_samples)
                              : std::string(),
        quick, timing, st.seed, st.seed));
    if (auto fresh = FreshWorkersLine(s.runs)) h.lines.push_back(*fresh);
  } else {
    h.lines.push_back(fmt::format(
        "{} samples ({} per variant{}; {}), each a worker process running each case{} {}; in blocks of one sample "
        "per variant, in a random order, seed {} (--seed {} repeats it)",
        s.runs.size(), per, merged, runs, quick, timing, st.seed, st.seed));
  }
  if (s.shard) {
    h.lines.push_back(
        fmt::format("shard {}/{}: {} of the comparison's {} cases (merge the shards with `v8bench merge`)",
                    s.shard->index, s.shard->count, s.shard->cases.size(), s.shard->all_cases.size()));
  }
  if (s.merged_count > 0) {
    std::vector<std::string> parts;
    for (const auto& m : s.merged) {
      parts.push_back(fmt::format("{}/{} {} ({}, {} samples, {:.1f} s{})", m.index, s.merged_count, m.path, m.host_name,
                                  m.samples, m.elapsed_s, m.complete ? "" : ", unfinished"));
    }
    h.lines.push_back(fmt::format("merged from {} of {} shards (each case sampled on one machine): {}", s.merged.size(),
                                  s.merged_count, fmt::join(parts, "; ")));
  }
  h.lines.push_back(fmt::format("{:.1f} s{} on {} ({} CPUs), {}{}", s.elapsed_s,
                                s.merged_count > 0 ? " (summed over the shards)" : "", s.host_name, s.num_cpus, s.date,
                                s.interrupted ? " · INTERRUPTED: partial results" : ""));
  return h;
}

std::string CommandLine(const std::string& command, const std::vector<std::string>& argv) {
  std::string line = "v8bench " + command;
  for (const auto& a : argv) line += fmt::format(" {}", ShellQuote(a));
  return line;
}

std::string ReproducingCommand(const CompareState& state) {
  const auto& st = state.settings;
  std::string line = "v8bench compare";
  for (const auto& s : st.suites) line += fmt::format(" {}", ShellQuote(s));
  if (!st.filter.empty()) line += fmt::format(" --filter {}", ShellQuote(st.filter));
  if (st.quick) line += " --quick";
  for (const auto& vs : state.variants) {
    line += fmt::format(" --variant {}", ShellQuote(vs.variant.name + "=" + vs.variant.flags_text));
    if (!vs.variant.engine.empty()) {
      line += fmt::format(" --engine {}", ShellQuote(vs.variant.name + "=" + vs.variant.engine));
    }
  }
  line += driver::StoppingArgs(st);
  line += fmt::format(" --metric {} --seed {}", st.metric, st.seed);
  if (state.shard) line += fmt::format(" --shard {}/{}", state.shard->index, state.shard->count);
  return line;
}

}  // namespace v8bench::report
