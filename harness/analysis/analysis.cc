#include "harness/analysis/analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "harness/stats/holm.h"
#include "harness/stats/power.h"
#include "harness/stats/statistics.h"

namespace v8bench::analysis {

using driver::CompareSettings;
using driver::CompareState;
const MetricInfo& ComparedMetric(std::string_view option) {
  const MetricInfo* m = FindMetricOption(option);
  return m != nullptr ? *m : *FindMetricOption(kDefaultCompareMetric);
}

bool IsCountedMetric(std::string_view counter) {
  const MetricInfo* m = FindMetric(counter);
  return m != nullptr && m->counted;
}

namespace {

MetricStats Describe(const std::vector<double>& xs) {
  MetricStats m;
  static_cast<stats::Summary&>(m) = stats::Describe(xs);
  if (!xs.empty()) m.modality = stats::DetectModality(xs);
  return m;
}

// The blocks of a case's warm-up note: where the cap was first hit, and where the driver's shorter cap began.
void NoteWarmupBlocks(CaseSeries& cs, const driver::RunRecord& run, const std::string& key, std::size_t block) {
  const auto earliest = [block](std::optional<std::size_t>& at) { at = at ? std::min(*at, block) : block; };
  if (std::ranges::find(run.warmup_capped, key) != run.warmup_capped.end()) earliest(cs.first_capped_block);
  if (run.warmup_cap_s > 0) {
    earliest(cs.first_shortened_block);
    cs.shortened_cap_s = run.warmup_cap_s;
  }
}

}  // namespace

std::uint64_t BootstrapSeed(std::uint64_t seed, const std::string& key, const std::string& counter,
                            std::size_t variant) {
  // FNV-1a: the same on every platform (std::hash is not).
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : key + "\x1f" + counter) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return seed ^ h ^ (variant * 0x9e3779b97f4a7c15ULL);
}

Dataset DatasetFrom(const CompareState& state) {
  Dataset d;
  for (const auto& v : state.variants) d.variant_names.push_back(v.variant.name);
  std::map<std::string, std::size_t> index;
  auto slot = [&](const std::string& key) -> CaseSeries& {
    auto [it, fresh] = index.emplace(key, d.cases.size());
    if (fresh) {
      CaseSeries cs;
      cs.key = key;
      cs.variants.resize(d.variant_names.size());
      d.cases.push_back(std::move(cs));
    }
    return d.cases[it->second];
  };
  d.interrupted = state.interrupted;
  for (const auto& key : state.case_keys) slot(key);
  for (const auto& run : state.runs) {
    if (run.variant < 0 || static_cast<std::size_t>(run.variant) >= d.variant_names.size()) continue;
    for (const auto& [key, counters] : run.values) {
      auto& series = slot(key).variants[static_cast<std::size_t>(run.variant)];
      const auto block = static_cast<std::size_t>(run.block >= 0 ? run.block : run.run);
      const auto cpu = run.cpu.find(key);
      for (const auto& [name, value] : counters) {
        series.metrics[name].push_back(value);
        series.blocks[name].push_back(block);
        series.cpus[name].push_back(cpu == run.cpu.end() ? -1 : cpu->second);
        series.processes[name].push_back(run.worker_process);
      }
      if (const auto code = run.code.find(key); code != run.code.end()) {
        series.code.push_back(code->second);
        // A long call's code changes as it runs, in every sample alike (RunSettings::LongCallSeconds): the
        // measured object, not a sample that caught V8 mid-change.
        const bool changed = code->second.changed && !code->second.long_calls;
        series.code_changed += changed ? 1 : 0;
        if (changed) series.changed_blocks.push_back(block);
      }
      series.warmup_capped += static_cast<std::size_t>(std::ranges::count(run.warmup_capped, key));
      NoteWarmupBlocks(slot(key), run, key, block);
    }
    for (const auto& f : run.failures) {
      if (f.kind == CaseStatus::kUnsupported) {
        slot(f.key).variants[static_cast<std::size_t>(run.variant)].unsupported = f.message;
        continue;
      }
      slot(f.key).variants[static_cast<std::size_t>(run.variant)].failures.push_back({run.run + 1, f.kind, f.message});
    }
  }
  return d;
}

AnalysisOptions AnalysisOptionsFrom(const CompareSettings& st) {
  AnalysisOptions o;
  o.metric = st.metric;
  o.stats.alpha = st.alpha;
  o.stats.noise_floor = st.noise_floor;
  o.stats.min_samples = static_cast<std::size_t>(st.min_samples);
  o.stats.seed = st.seed;
  o.threshold = st.threshold;
  o.max_warmup_s = st.max_warmup_s;
  if (driver::StoppingModeOf(st) == driver::StoppingMode::kSequential) {
    o.sequential = stats::SequentialDesign{st.alpha, static_cast<std::size_t>(st.max_runs), driver::EquivalenceOf(st)};
  }
  return o;
}

namespace {

// --- counted metrics (instructions): stats/counted.h's rule instead of a test -----------------------

Judgement JudgeCounted(const VariantSeries& base, const VariantSeries& next, const std::string& counter) {
  Judgement j;
  const auto b = base.metrics.find(counter);
  const auto n = next.metrics.find(counter);
  if (b == base.metrics.end() || n == next.metrics.end()) return j;
  const stats::CountedComparison c = stats::CompareCounts(b->second, n->second);
  j.ratio = c.ratio;
  j.verdict = c.verdict;
  j.p = c.verdict == stats::Verdict::kHigher || c.verdict == stats::Verdict::kLower ? 0 : 1;
  j.counted = c;
  return j;
}

std::size_t MinSamples(const std::string& counter, const AnalysisOptions& options) {
  return IsCountedMetric(counter) ? stats::kCountedMinSamples : options.stats.min_samples;
}

// --- end of counted metrics -------------------------------------------------------------------------

std::size_t SamplesOf(const VariantSeries& vs, const std::string& counter) {
  const auto it = vs.metrics.find(counter);
  return it == vs.metrics.end() ? 0 : it->second.size();
}

// One variant's figures of one case; versus `base` (null for the baseline itself) the comparisons.
// `taken`: the variant's samples of `counter` as taken, before any were left out for changed code (too
// few steady ones is the verdict's, "code unsettled", not samples missing from the command).
CellAnalysis AnalyseCell(const VariantSeries& vs, const VariantSeries* base, const std::string& key, std::size_t vi,
                         const std::string& counter, std::size_t taken, const AnalysisOptions& options) {
  CellAnalysis cell;
  cell.failures = vs.failures;
  for (const auto& [name, values] : vs.metrics) cell.metrics[name] = Describe(values);
  cell.insufficient = taken < MinSamples(counter, options);
  // Against wall time, as everywhere (measure/metrics.h GcShare): a pause is wall time.
  auto wall = cell.metrics.find(metric::kWall);
  auto gc = cell.metrics.find(metric::kGc);
  if (wall != cell.metrics.end() && gc != cell.metrics.end() && wall->second.median > 0) {
    cell.gc_share = GcShare(gc->second.median, wall->second.median);
  }
  if (base == nullptr) return cell;
  for (const auto& [name, values] : vs.metrics) {
    auto b = base->metrics.find(name);
    if (b == base->metrics.end() || (options.chosen_metric_only && name != counter)) continue;
    stats::CompareOptions o = options.stats;
    o.seed = BootstrapSeed(options.stats.seed, key, name, vi);
    cell.versus[name] = stats::CompareSamples(b->second, values, o);
  }
  return cell;
}

// The paired comparisons of the chosen metric, per variant (none for the baseline, none when some
// variant's values carry no blocks). States are classified over all variants of the case.
std::vector<std::optional<PairedAnalysis>> AnalysePaired(const CaseSeries& cs, const std::string& counter,
                                                         const AnalysisOptions& options) {
  std::vector<std::optional<PairedAnalysis>> out(cs.variants.size());
  std::vector<stats::BlockSample> samples;
  for (std::size_t vi = 0; vi < cs.variants.size(); ++vi) {
    const auto values = cs.variants[vi].metrics.find(counter);
    const auto blocks = cs.variants[vi].blocks.find(counter);
    const auto processes = cs.variants[vi].processes.find(counter);
    if (values == cs.variants[vi].metrics.end()) continue;
    if (blocks == cs.variants[vi].blocks.end() || blocks->second.size() != values->second.size()) return out;
    const bool known =
        processes != cs.variants[vi].processes.end() && processes->second.size() == values->second.size();
    for (std::size_t i = 0; i < values->second.size(); ++i) {
      samples.push_back({blocks->second[i], vi, values->second[i], known ? processes->second[i] : 0});
    }
  }
  const stats::MachineStates states = stats::ClassifyMachineStates(samples);
  for (std::size_t vi = 1; vi < cs.variants.size(); ++vi) {
    stats::CompareOptions o = options.stats;
    o.seed = BootstrapSeed(options.stats.seed, cs.key, counter, vi);
    PairedAnalysis pa;
    pa.blocks = stats::CompareBlocks(samples, states, 0, vi, o);
    // Which comparison the verdict rests on: stats::CompareBlocks decides (paired.h); a sequential one
    // rests on all blocks in their order, the prefixes its looks saw (states reclassified with more
    // blocks would change what an earlier look was).
    pa.stratified = pa.blocks.stratified && !options.sequential;
    pa.split_share = states.split_share;
    if (options.sequential) {
      // Blocks of long-lived workers in clusters by their pair of processes: the guard of clustered.h.
      const stats::PairedBlocks pairs = stats::PairBlocks(samples, states, 0, vi);
      pa.sequential = stats::SequentialSignedRank(pairs.log_ratio, *options.sequential, pairs.cluster);
    }
    out[vi] = pa;
  }
  return out;
}

// With n pairs the two-sided signed-rank p is at least 2 / 2^n (all signs alike): below 8 pairs it
// cannot reach alpha 0.01 (6 at 0.05), whatever the change.
bool PairsCanDecide(const stats::PairedComparison& c, double alpha) {
  return c.verdict != stats::Verdict::kInsufficient && stats::MinSignedRankP(c.wilcoxon.n) < alpha;
}

// A comparison that ran a test: not short of samples, and not left unjudged by design.
bool Tested(stats::Verdict v) { return v != stats::Verdict::kInsufficient && v != stats::Verdict::kNotJudged; }

// The figures the verdict rests on: paired when there are pairs enough to decide, else unpaired
// (Mann-Whitney's smallest p is far smaller for few samples: 0.008 for 5 and 5). A sequential comparison
// is judged by its sequential p only: a fixed test at its end would ignore the looks that stopped it.
Judgement Judge(const CellAnalysis& cell, const std::string& counter, const stats::CompareOptions& options) {
  Judgement j;
  if (cell.paired && cell.paired->sequential) {
    const stats::PairedComparison& c = cell.paired->used();
    if (c.verdict == stats::Verdict::kInsufficient) return j;
    const double p = cell.paired->sequential->p;
    return {true, c.ratio, p, stats::Decide(p, c.ratio, options), std::nullopt};
  }
  if (cell.paired && PairsCanDecide(cell.paired->used(), options.alpha)) {
    const stats::PairedComparison& c = cell.paired->used();
    return {true, c.ratio, c.wilcoxon.p, c.verdict, std::nullopt};
  }
  const auto it = cell.versus.find(counter);
  if (it == cell.versus.end()) return j;
  return {false, it->second.ratio, it->second.mann_whitney.p, it->second.verdict, std::nullopt};
}

// The unpaired figures of `cell`, when its Mann-Whitney test ran.
std::optional<Judgement> UnpairedJudgement(const CellAnalysis& cell, const std::string& counter) {
  const auto it = cell.versus.find(counter);
  if (it == cell.versus.end() || !Tested(it->second.verdict)) return std::nullopt;
  return Judgement{false, it->second.ratio, it->second.mann_whitney.p, it->second.verdict, std::nullopt};
}

// The choice between the paired and the unpaired test, made for the Holm family: Judge chose per
// comparison (pairs when they can reach alpha alone), but after Holm a paired comparison of n blocks
// needs 2 / 2^n * m < alpha. Where the pairs cannot reach alpha / m and the unpaired test can
// (Mann-Whitney's smallest p, 2 / C(2n, n), is far smaller), the unpaired test decides: otherwise 8
// blocks over 4 cases at 0.01 would be "too few samples to judge" where 6 blocks (unpaired) found all
// four. Reaching the level only gets easier with more samples, for either test, so the outcome is
// monotone in the samples. The choice depends on sample counts and the family size only, never on
// values, and no comparison leaves or joins the family by it (both tests ran).
void ChooseTestsForFamily(Analysis& a) {
  std::vector<CellAnalysis*> tested;
  for (CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      if (Tested(ca.cells[vi].judged.verdict) && !ca.cells[vi].judged.counted) tested.push_back(&ca.cells[vi]);
    }
  }
  const double level = a.alpha / static_cast<double>(tested.size());
  for (CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      CellAnalysis& cell = ca.cells[vi];
      if (!cell.judged.paired || !Tested(cell.judged.verdict) || !cell.paired || cell.paired->sequential) continue;
      if (stats::MinSignedRankP(cell.paired->used().wilcoxon.n) < level) continue;
      const std::optional<Judgement> unpaired = UnpairedJudgement(cell, a.counter);
      if (!unpaired) continue;
      const auto count = [&](const CellAnalysis& c) {
        const auto it = c.metrics.find(a.counter);
        return it == c.metrics.end() ? std::size_t{0} : it->second.n;
      };
      if (stats::MinRankSumP(count(ca.cells[0]), count(cell)) < level) cell.judged = *unpaired;
    }
  }
}

// Where the machine's speed states were detected: how many blocks straddled a change, and what the
// comparison over all blocks said (the verdict rests on the blocks within one state).
void NoteStates(Analysis& a, const CaseAnalysis& ca) {
  for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
    const CellAnalysis& cell = ca.cells[vi];
    if (!cell.paired || !cell.paired->stratified || !cell.judged.paired) continue;
    const stats::BlockComparison& b = cell.paired->blocks;
    a.states.push_back(
        {ca.key, vi, cell.paired->split_share, b.same_state.blocks, b.all.blocks, b.all.ratio, b.all.wilcoxon.p});
  }
}

// The code states a variant's samples ran, as one label ("" when none was reported), and whether
// they were a mixture (several labels, or one sample's repetitions joined several) or changed while timed.
struct CodeFacts {
  std::string label;
  std::string judged_label;  // the labels the samples are judged by (JudgedTiers), joined alike
  bool mixed = false;
  CodeMixture mixture;
};
// What holds for a case's samples in every variant, by which each sample's code is judged.
struct CaseCodeRules {
  // Some sample of the case, in any variant, was timed as long calls (RunSettings::LongCallSeconds): each
  // repetition one call of seconds, whose code tiers up as it runs and ends in whichever tier V8 reached by
  // then, in every sample and variant alike. That is the measured object, as a file sized for one call per
  // process (Node core's benchmark/) measures it, not a mixture; and whether a sample near the threshold was
  // timed as long calls depends on the machine's speed at the time, not on the variant. So such a case is
  // judged, its label still naming every tier its calls ended in.
  bool long_calls = false;
  // Some sample's worker left the batch loop unoptimised, the case's call being long (measure/method_rules.h
  // unoptimised_loop_call_seconds says why): an unoptimised loop's tier, Ignition or Sparkplug, is then one
  // state in every sample of the case, those whose loop V8 deoptimised included (a call near the threshold
  // is timed above it in one process and below it in the next). An optimised loop keeps its tier: it may
  // hold the case inlined.
  bool unoptimised_loop = false;
};

// The tiers a sample's code is judged by (CaseCodeRules::unoptimised_loop).
std::vector<CodeState> JudgedTiers(const driver::CaseCode& c, const CaseCodeRules& rules) {
  if (!rules.unoptimised_loop) return c.tiers;
  std::vector<CodeState> judged;
  for (CodeState t : c.tiers) {
    if (t.batch && *t.batch <= CodeTier::kSparkplug) t.batch = CodeTier::kIgnition;
    if (std::ranges::find(judged, t) == judged.end()) judged.push_back(t);
  }
  return judged;
}

CodeFacts CodeOf(const VariantSeries& vs, const CaseCodeRules& rules) {
  CodeFacts f;
  std::set<std::string> judged_labels;
  bool one_sample_mixed = false;
  for (const auto& c : vs.code) {
    ++f.mixture.samples_per_label[CodeStatesLabel(c.tiers)];
    const std::vector<CodeState> judged = JudgedTiers(c, rules);
    judged_labels.insert(CodeStatesLabel(judged));
    one_sample_mixed |= judged.size() > 1;
  }
  f.mixture.samples = vs.code.size();
  f.mixture.changed = vs.code_changed;
  for (const auto& [label, n] : f.mixture.samples_per_label) {
    f.label += fmt::format("{}{}", f.label.empty() ? "" : " + ", label);
  }
  for (const std::string& label : judged_labels) {
    f.judged_label += fmt::format("{}{}", f.judged_label.empty() ? "" : " + ", label);
  }
  f.mixed = !rules.long_calls && (judged_labels.size() > 1 || one_sample_mixed || f.mixture.changed > 0);
  return f;
}

// Like with like: a comparison whose samples ran a mixture of code states is not judged;
// one whose variants ran different code says so beside the verdict.
void JudgeCode(Analysis& a, CaseAnalysis& ca, const CaseSeries& cs) {
  CaseCodeRules rules;
  for (const VariantSeries& vs : cs.variants) {
    for (const driver::CaseCode& c : vs.code) {
      rules.long_calls |= c.long_calls;
      rules.unoptimised_loop |= c.loop_unoptimised;
    }
  }
  const CodeFacts base = CodeOf(cs.variants[0], rules);
  ca.cells[0].code = base.label;
  for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
    const CodeFacts own = CodeOf(cs.variants[vi], rules);
    CellAnalysis& cell = ca.cells[vi];
    cell.code = own.label;
    if (own.mixed || base.mixed) {
      cell.code_mixed = true;
      cell.judged.verdict = stats::Verdict::kInsufficient;  // out of the Holm family, the gate and stopping
      CodeNote note;
      note.kind = CodeNote::Kind::kMixed;
      note.key = ca.key;
      note.variant = vi;
      note.baseline_mixed = !own.mixed;
      note.mixture = own.mixed ? own.mixture : base.mixture;
      a.code.push_back(std::move(note));
    } else if (!own.label.empty() && !base.label.empty() && own.judged_label != base.judged_label) {
      CodeNote note;
      note.kind = CodeNote::Kind::kDifferent;
      note.key = ca.key;
      note.variant = vi;
      note.code = own.label;
      note.baseline_code = base.label;
      a.code.push_back(std::move(note));
    }
  }
}

// Like with like, sample by sample: the samples whose code changed while they were timed are left out,
// each with its block (every variant's sample of it), so what remains compares code that ran steadily
// with code that ran steadily and stays paired. The rule treats every variant alike, so under "no
// change" the pairs left are as symmetric as before and the tests keep their level (docs/verdicts.md,
// "Code that changed while timed"). nullopt: nothing to leave out (or no blocks to pair: a diff).
std::optional<CaseSeries> LeaveOutChangedCode(const CaseSeries& cs) {
  std::set<std::size_t> out;
  for (const VariantSeries& vs : cs.variants) out.insert(vs.changed_blocks.begin(), vs.changed_blocks.end());
  if (out.empty()) return std::nullopt;
  CaseSeries kept = cs;
  for (VariantSeries& vs : kept.variants) {
    for (auto& [name, values] : vs.metrics) {
      std::vector<std::size_t>& blocks = vs.blocks[name];
      std::vector<int>& cpus = vs.cpus[name];
      std::vector<int>& processes = vs.processes[name];
      if (blocks.size() != values.size()) continue;
      std::size_t to = 0;
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (out.count(blocks[i]) != 0) continue;
        values[to] = values[i];
        if (i < cpus.size()) cpus[to] = cpus[i];
        if (i < processes.size()) processes[to] = processes[i];
        blocks[to++] = blocks[i];
      }
      values.resize(to);
      blocks.resize(to);
      cpus.resize(std::min(cpus.size(), to));
      processes.resize(std::min(processes.size(), to));
    }
    // What was left out (DatasetFrom: a long call's change is no sample's accident, so it stays).
    std::erase_if(vs.code, [](const driver::CaseCode& c) { return c.changed && !c.long_calls; });
    vs.code_changed = 0;
    vs.changed_blocks.clear();
  }
  return kept;
}

// The blocks of a case: the distinct blocks of every variant's values of `counter`.
std::size_t BlocksOf(const CaseSeries& cs, const std::string& counter) {
  std::set<std::size_t> blocks;
  for (const VariantSeries& vs : cs.variants) {
    if (const auto it = vs.blocks.find(counter); it != vs.blocks.end())
      blocks.insert(it->second.begin(), it->second.end());
  }
  return blocks.size();
}

// A note per comparison whose samples LeaveOutChangedCode left out (the variant's, else the baseline's).
void NoteLeftOut(Analysis& a, CaseAnalysis& ca, const CaseSeries& original, const CaseSeries& kept) {
  const std::size_t blocks = BlocksOf(original, a.counter);
  const std::size_t left = blocks - BlocksOf(kept, a.counter);
  for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
    const VariantSeries& own = original.variants[vi];
    const VariantSeries& base = original.variants[0];
    if (own.code_changed == 0 && base.code_changed == 0) continue;
    CodeNote note;
    note.kind = CodeNote::Kind::kLeftOut;
    note.key = ca.key;
    note.variant = vi;
    note.baseline_mixed = own.code_changed == 0;
    const VariantSeries& which = note.baseline_mixed ? base : own;
    note.mixture.samples = which.code.size();
    note.mixture.changed = which.code_changed;
    note.blocks_left_out = left;
    note.blocks = blocks;
    ca.cells[vi].code_unsettled = blocks >= stats::kFirstLook && note.MostlyLeftOut();
    a.code.push_back(std::move(note));
  }
}

// A case whose warm-up ended at --max-warmup in some sample: once, with the count per variant.
void NoteWarmups(Analysis& a, const CaseSeries& cs, double max_warmup_s) {
  WarmupNote note{cs.key, {}, {}, max_warmup_s};
  if (cs.first_capped_block && cs.first_shortened_block) {
    note.first_capped_block = *cs.first_capped_block + 1;
    note.first_shortened_block = *cs.first_shortened_block + 1;
    note.shortened_cap_s = cs.shortened_cap_s;
  }
  bool any = false;
  for (const VariantSeries& vs : cs.variants) {
    const auto values = vs.metrics.find(a.counter);
    note.capped.push_back(vs.warmup_capped);
    note.samples.push_back(values == vs.metrics.end() ? 0 : values->second.size());
    any = any || vs.warmup_capped > 0;
  }
  if (any) a.warmups.push_back(std::move(note));
}

// The variants whose V8 background work differs from the baseline's (ThreadNote), from the medians of
// all-thread and main-thread CPU (engines without a CPU clock, e.g. workerd, report neither: no note).
void NoteThreads(Analysis& a, const CaseAnalysis& ca) {
  const auto background = [](const CellAnalysis& cell) -> std::optional<std::pair<double, double>> {
    const auto main = cell.metrics.find(metric::kCpu);
    const auto all = cell.metrics.find(metric::kProcessCpu);
    if (main == cell.metrics.end() || all == cell.metrics.end() || main->second.n == 0 || all->second.n == 0) {
      return std::nullopt;
    }
    return std::pair{std::max(0.0, all->second.median - main->second.median), all->second.median};
  };
  const auto base = background(ca.cells[0]);
  if (!base) return;
  for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
    const auto own = background(ca.cells[vi]);
    if (!own) continue;
    const auto& [least, most] = own->first < base->first ? std::pair{*own, *base} : std::pair{*base, *own};
    if (ThreadsShifted(least.first, most.first, most.second))
      a.threads.push_back({ca.key, vi, own->first, base->first});
  }
}

// The chosen metric's samples of one variant per CPU (those whose CPU is known).
std::map<int, std::vector<double>> ValuesPerCpu(const VariantSeries& vs, const std::string& counter) {
  std::map<int, std::vector<double>> out;
  const auto values = vs.metrics.find(counter);
  const auto cpus = vs.cpus.find(counter);
  if (values == vs.metrics.end() || cpus == vs.cpus.end() || cpus->second.size() != values->second.size()) return out;
  for (std::size_t i = 0; i < values->second.size(); ++i) {
    if (cpus->second[i] >= 0) out[cpus->second[i]].push_back(values->second[i]);
  }
  return out;
}

// The variants whose samples ran on the CPUs in other proportions than the baseline's (CpuNote).
void NoteCpus(Analysis& a, const CaseAnalysis& ca, const CaseSeries& cs) {
  struct Side {
    std::map<int, std::size_t> counts;
    std::map<int, double> medians;
    std::size_t known = 0;
    bool alike = false;  // samples on two CPUs, at least 2 on each, whose medians do not differ
  };
  const auto side = [&](const VariantSeries& vs) {
    Side s;
    std::vector<double> medians_of_enough;
    for (const auto& [cpu, values] : ValuesPerCpu(vs, a.counter)) {
      s.counts[cpu] = values.size();
      s.medians[cpu] = stats::Median(values);
      s.known += values.size();
      if (values.size() >= 2) medians_of_enough.push_back(s.medians[cpu]);
    }
    if (medians_of_enough.size() >= 2) {
      const auto [lo, hi] = std::minmax_element(medians_of_enough.begin(), medians_of_enough.end());
      s.alike = !CpusDiffer(*lo, *hi);
    }
    return s;
  };
  const Side base = side(cs.variants[0]);
  if (base.known == 0) return;
  for (std::size_t vi = 1; vi < cs.variants.size() && vi < ca.cells.size(); ++vi) {
    const Side own = side(cs.variants[vi]);
    if (own.known == 0 || own.alike || base.alike) continue;
    // Every CPU's median, on either side, within CpusDiffer's spread of the others: whatever the
    // proportions, the CPUs cannot account for a difference the note would be about.
    std::vector<double> medians;
    for (const Side* s : {&own, &base}) {
      for (const auto& [cpu, median] : s->medians) medians.push_back(median);
    }
    const auto [lo, hi] = std::minmax_element(medians.begin(), medians.end());
    if (!CpusDiffer(*lo, *hi)) continue;
    std::set<int> cpus;
    for (const auto& [cpu, n] : base.counts) cpus.insert(cpu);
    for (const auto& [cpu, n] : own.counts) cpus.insert(cpu);
    double widest = 0;
    for (int cpu : cpus) {
      const auto share = [cpu](const Side& s) {
        const auto it = s.counts.find(cpu);
        return it == s.counts.end() ? 0.0 : static_cast<double>(it->second) / static_cast<double>(s.known);
      };
      widest = std::max(widest, std::abs(share(own) - share(base)));
    }
    if (widest < kCpuShareNoted) continue;
    a.cpus.push_back({ca.key, vi, own.counts, base.counts, own.medians, base.medians});
  }
}

// A case every variant reported unsupported is left out, with its reason.
bool AllUnsupported(const CaseSeries& cs, const std::string& counter) {
  for (const auto& vs : cs.variants) {
    if (vs.unsupported.empty() || vs.metrics.count(counter) != 0) return false;
  }
  return !cs.variants.empty();
}

bool Significant(stats::Verdict v) { return v == stats::Verdict::kLower || v == stats::Verdict::kHigher; }

// Holm-Bonferroni over the chosen metric's comparisons that had enough samples: the verdicts'
// p-values (paired where there are pairs), and the unpaired Mann-Whitney p-values for reference.
void AdjustForMultipleComparisons(Analysis& a, const stats::CompareOptions& options) {
  std::vector<CellAnalysis*> tested, unpaired;
  std::vector<double> p, p_unpaired;
  for (CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      CellAnalysis& cell = ca.cells[vi];
      if (Tested(cell.judged.verdict)) {
        tested.push_back(&cell);
        p.push_back(cell.judged.p);
        a.paired = a.paired || cell.judged.paired;
      }
      auto it = cell.versus.find(a.counter);
      if (it != cell.versus.end() && Tested(it->second.verdict)) {
        unpaired.push_back(&cell);
        p_unpaired.push_back(it->second.mann_whitney.p);
      }
    }
  }
  const std::vector<double> adjusted = stats::HolmAdjust(p);
  a.comparisons = tested.size();
  for (std::size_t i = 0; i < tested.size(); ++i) {
    CellAnalysis& cell = *tested[i];
    cell.p_holm = adjusted[i];
    cell.holm_verdict =
        cell.judged.counted ? cell.judged.verdict : stats::Decide(adjusted[i], cell.judged.ratio, options);
    if (Significant(cell.judged.verdict)) ++a.significant;
    if (Significant(cell.holm_verdict)) ++a.significant_holm;
  }
  const std::vector<double> adjusted_unpaired = stats::HolmAdjust(p_unpaired);
  for (std::size_t i = 0; i < unpaired.size(); ++i) {
    CellAnalysis& cell = *unpaired[i];
    cell.unpaired_p_holm = adjusted_unpaired[i];
    cell.unpaired_holm_verdict = stats::Decide(adjusted_unpaired[i], cell.versus.at(a.counter).ratio, options);
  }
}

// The smallest p the verdict's test can reach with case `ca`'s samples of variant `vi` (stats/power.h).
double MinimumP(const CaseAnalysis& ca, std::size_t vi, const std::string& counter) {
  const CellAnalysis& cell = ca.cells[vi];
  if (cell.judged.paired && cell.paired && cell.paired->sequential) return cell.paired->sequential->min_p;
  if (cell.judged.paired && cell.paired) return stats::MinSignedRankP(cell.paired->used().wilcoxon.n);
  const auto count = [&](const CellAnalysis& c) {
    const auto it = c.metrics.find(counter);
    return it == c.metrics.end() ? std::size_t{0} : it->second.n;
  };
  return stats::MinRankSumP(count(ca.cells[0]), count(cell));
}

// No verdict without power: a tested comparison whose smallest reachable p is not below alpha is "too few
// samples to judge" before Holm, and not below alpha / m (m comparisons: Holm's first step) after it. The
// family is left as it is: the bound depends on the sample counts only, never on the values.
void ApplyPower(Analysis& a) {
  const double m = static_cast<double>(a.comparisons);
  for (CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      CellAnalysis& cell = ca.cells[vi];
      if (cell.judged.counted) {  // judged by stats/counted.h's rule, which needs no test's power
        ++a.judged;
        continue;
      }
      if (!Tested(cell.judged.verdict)) continue;
      cell.min_p = MinimumP(ca, vi, a.counter);
      const double level = a.alpha / m;
      // The fewest samples per variant (= blocks) with which either test reaches the level: with that
      // many, ChooseTestsForFamily gives the comparison a test that can decide.
      cell.needed = std::min(stats::PairsNeeded(level), stats::SamplesPerSideNeeded(level));
      if (cell.paired && cell.paired->sequential) {  // 0: no look up to --max-runs can reach the level
        cell.needed = stats::SequentialBlocksNeeded(a.sequential->max_blocks, level);
      }
      if (!(cell.min_p < a.alpha)) cell.judged.verdict = stats::Verdict::kTooFewSamples;
      if (!(cell.min_p * m < a.alpha)) {
        cell.holm_verdict = stats::Verdict::kTooFewSamples;
        ++a.too_few;
      } else {
        ++a.judged;
      }
    }
  }
}

// Where each comparison stands in the sequential rule (SequentialStatus). Decided at alpha / m, m every
// comparison the case list holds (the Holm family it can grow to): below that its Holm-adjusted p, at
// most m times its own, stays below alpha whatever the others' p-values do later. Also closed: a
// comparison that more blocks cannot judge (a mixture of code; code that does not settle; a side that
// failed in at least the first look's count of samples).
void NoteStopping(Analysis& a) {
  SequentialStatus& s = a.stopping;
  for (const CaseAnalysis& ca : a.cases) {
    if (ca.unsupported.empty()) s.comparisons += ca.cells.size() > 0 ? ca.cells.size() - 1 : 0;
  }
  const double level = a.alpha / static_cast<double>(std::max<std::size_t>(s.comparisons, 1));
  std::size_t fewest = SIZE_MAX;
  for (const CaseAnalysis& ca : a.cases) {
    if (!ca.unsupported.empty()) continue;
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      const CellAnalysis& cell = ca.cells[vi];
      const stats::SequentialResult* seq = cell.paired && cell.paired->sequential ? &*cell.paired->sequential : nullptr;
      const auto failed = [&](const CellAnalysis& c) {
        return c.insufficient && c.failures.size() >= stats::kFirstLook;
      };
      if ((seq && stats::SequentialDecided(*seq, level)) || (cell.judged.counted && Tested(cell.judged.verdict))) {
        ++s.decided;
      } else if (seq && seq->equivalent_at > 0) {
        ++s.equivalent;
      } else if (!cell.code_mixed && !cell.code_unsettled && !failed(cell) && !failed(ca.cells[0])) {
        ++s.open;
        fewest = std::min(fewest, seq ? seq->last_look : std::size_t{0});
      }
    }
  }
  s.blocks = fewest == SIZE_MAX ? 0 : fewest;
}

// Samples that are the repetitions of one process are not independent: no comparison is tested.
void MarkNotJudged(Analysis& a) {
  for (CaseAnalysis& ca : a.cases) {
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      CellAnalysis& cell = ca.cells[vi];
      cell.judged.verdict = cell.holm_verdict = cell.unpaired_holm_verdict = stats::Verdict::kNotJudged;
      for (auto& [name, versus] : cell.versus) versus.verdict = stats::Verdict::kNotJudged;
    }
  }
}

int ExitCode(const Analysis& a) {
  if (!a.trips.empty()) return 1;
  if (!a.insufficient.empty()) return 2;
  // A gate passes only on judged comparisons of a whole comparison. Without a gate, "too few samples to
  // judge" is a verdict the report shows, not an error of the command (docs/verdicts.md).
  if (a.threshold && (a.too_few > 0 || a.judged == 0 || a.interrupted)) return 2;
  return 0;
}

// The gate: a variant significantly worse than the threshold, or failing where the baseline did not.
void ApplyGate(Analysis& a, const CaseAnalysis& ca) {
  const CellAnalysis& base = ca.cells[0];
  for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
    const CellAnalysis& cell = ca.cells[vi];
    const std::string& vname = a.variant_names[vi];
    if (!a.threshold) return;
    if (!base.insufficient && !cell.failures.empty() && base.failures.empty()) {
      GateTrip trip;
      trip.key = ca.key;
      trip.variant = vname;
      trip.failures = cell.failures.size();
      trip.first_failure = cell.failures.front();
      a.trips.push_back(std::move(trip));
      continue;
    }
    if (cell.holm_verdict != stats::Verdict::kHigher) continue;
    const double ratio = cell.judged.ratio.ratio;
    if (ratio - 1 > *a.threshold) {
      a.trips.push_back({ca.key, vname, 0, {}, ratio - 1, cell.p_holm});
    }
  }
}

// Cells with fewer samples of the chosen metric than the minimum: they cannot be judged.
void NoteInsufficient(Analysis& a, const CaseAnalysis& ca) {
  for (std::size_t vi = 0; vi < ca.cells.size(); ++vi) {
    const CellAnalysis& cell = ca.cells[vi];
    if (!cell.insufficient) continue;
    const auto it = cell.metrics.find(a.counter);
    const std::size_t n = it == cell.metrics.end() ? 0 : it->second.n;
    // Samples arrived but without this figure: the engine cannot measure it (absent, not zero).
    const bool absent = n == 0 && !cell.metrics.empty();
    a.insufficient.push_back({ca.key, vi, n, absent, !cell.failures.empty()});
  }
}

}  // namespace

Analysis Analyse(const Dataset& data, const AnalysisOptions& options) {
  Analysis a;
  a.metric = options.metric;
  const MetricInfo& metric = ComparedMetric(options.metric);
  a.counter = metric.counter;
  a.is_time = IsTime(metric);
  a.variant_names = data.variant_names;
  a.threshold = options.threshold;
  a.alpha = options.stats.alpha;
  a.noise_floor = options.stats.noise_floor;
  a.min_samples = MinSamples(a.counter, options);
  a.one_process = data.one_process;
  a.interrupted = data.interrupted;
  a.sequential = options.sequential;
  for (const CaseSeries& original : data.cases) {
    const std::optional<CaseSeries> kept = LeaveOutChangedCode(original);
    const CaseSeries& cs = kept ? *kept : original;
    CaseAnalysis ca;
    ca.key = cs.key;
    if (AllUnsupported(cs, a.counter)) {
      ca.unsupported = cs.variants[0].unsupported;
      ca.cells.resize(cs.variants.size());
      a.unsupported.push_back({cs.key, ca.unsupported});
      a.cases.push_back(std::move(ca));
      continue;
    }
    auto paired = AnalysePaired(cs, a.counter, options);
    for (std::size_t vi = 0; vi < cs.variants.size(); ++vi) {
      ca.cells.push_back(AnalyseCell(cs.variants[vi], vi == 0 ? nullptr : &cs.variants[0], cs.key, vi, a.counter,
                                     SamplesOf(original.variants[vi], a.counter), options));
      ca.cells.back().paired = std::move(paired[vi]);
      if (vi > 0) {
        ca.cells.back().judged = IsCountedMetric(a.counter) ? JudgeCounted(cs.variants[0], cs.variants[vi], a.counter)
                                                            : Judge(ca.cells.back(), a.counter, options.stats);
      }
      const auto m = ca.cells.back().metrics.find(a.counter);
      if (m == ca.cells.back().metrics.end() || !m->second.modality.multimodal) continue;
      a.multimodal.push_back({cs.key, vi, m->second.modality});
    }
    JudgeCode(a, ca, cs);
    if (kept) NoteLeftOut(a, ca, original, cs);
    NoteWarmups(a, original, options.max_warmup_s);
    a.cases.push_back(std::move(ca));
  }
  if (a.one_process) MarkNotJudged(a);
  ChooseTestsForFamily(a);
  AdjustForMultipleComparisons(a, options.stats);
  ApplyPower(a);
  for (std::size_t ci = 0; ci < a.cases.size(); ++ci) {  // a.cases is parallel to data.cases
    const CaseAnalysis& ca = a.cases[ci];
    if (ca.cells.empty() || !ca.unsupported.empty()) continue;
    ApplyGate(a, ca);
    NoteInsufficient(a, ca);
    NoteStates(a, ca);
    NoteThreads(a, ca);
    if (!IsCountedMetric(a.counter)) NoteCpus(a, ca, data.cases[ci]);  // a count does not depend on the CPU
  }
  if (a.sequential) NoteStopping(a);
  a.exit_code = ExitCode(a);
  return a;
}

std::optional<double> WidestInterval(const Analysis& a) {
  double widest = 0;
  bool any = false;
  for (const CaseAnalysis& ca : a.cases) {
    if (!ca.unsupported.empty()) continue;
    for (std::size_t vi = 1; vi < ca.cells.size(); ++vi) {
      const Judgement& j = ca.cells[vi].judged;
      if (ca.cells[vi].holm_verdict == stats::Verdict::kTooFewSamples) return std::nullopt;
      // Blocks too few for the paired test at this alpha: the verdict would rest on the unpaired
      // figures, which the states of the machine make unreliable; sample on until the pairs decide.
      if (ca.cells[vi].paired && !j.paired) return std::nullopt;
      if (!Tested(j.verdict) || !(j.ratio.ratio > 0) || !std::isfinite(j.ratio.ratio)) continue;
      widest = std::max(widest, stats::RelativeHalfWidth(j.ratio));
      any = true;
    }
  }
  if (!any) return std::nullopt;
  return widest;
}

SequentialStatus SequentialStopping(const CompareState& state) {
  AnalysisOptions options = AnalysisOptionsFrom(state.settings);
  options.chosen_metric_only = true;  // the other metrics' comparisons do not decide anything here
  return Analyse(DatasetFrom(state), options).stopping;
}

std::size_t JudgeableComparisons(std::size_t runs, double alpha) {
  // The paired test where it reaches the family's level, else the unpaired one (ChooseTestsForFamily).
  return stats::LargestFamily(std::min(stats::MinSignedRankP(runs), stats::MinRankSumP(runs, runs)), alpha);
}

std::optional<double> StoppingInterval(const CompareState& state) {
  AnalysisOptions options = AnalysisOptionsFrom(state.settings);
  options.chosen_metric_only = true;  // the other metrics' comparisons do not decide anything here
  return WidestInterval(Analyse(DatasetFrom(state), options));
}

}  // namespace v8bench::analysis
