// The knob table (model/knobs.h), which `run`'s options, a variant's words and a worker's command line all
// read, and the one knob-to-V8-flag translation, which the embedded engine (ComposeV8Flags) and the compare
// driver (external engines' worker command lines) both use.
#include "harness/model/knobs.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness/cli/args.h"
#include "harness/cli/common.h"
#include "harness/driver/driver.h"
#include "harness/driver/variant.h"
#include "harness/engine/engine_options.h"
#include "harness/model/shell_words.h"

namespace v8bench {
namespace {

using Flags = std::vector<std::string>;

TEST(Knobs, EachKnobBecomesItsV8Flags) {
  const Flags full = {"--min-semi-space-size=1024"};  // V8 clamps it to its maximum
  EXPECT_EQ(KnobV8Flags({}), full);                   // the default: started at its maximum
  EXPECT_EQ(KnobV8Flags(
                {.semi_space_mb = std::nullopt, .trig = TrigRequest::kEngineDefault, .young = YoungGeneration::kGrow}),
            Flags{});  // V8's own young generation policy
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 16}), (Flags{"--min-semi-space-size=16", "--max-semi-space-size=16"}));
  // A pinned semi-space is pinned whatever --young-gen says.
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 16, .trig = TrigRequest::kEngineDefault, .young = YoungGeneration::kFull}),
            (Flags{"--min-semi-space-size=16", "--max-semi-space-size=16"}));
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = std::nullopt, .trig = TrigRequest::kFast, .young = YoungGeneration::kGrow}),
            Flags{"--use-libm-trig-functions"});
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = std::nullopt, .trig = TrigRequest::kSlow, .young = YoungGeneration::kFull}),
            (Flags{full[0], "--no-use-libm-trig-functions"}));
  EXPECT_EQ(KnobV8Flags({.semi_space_mb = 1, .trig = TrigRequest::kFast}),
            (Flags{"--min-semi-space-size=1", "--max-semi-space-size=1", "--use-libm-trig-functions"}));
  EXPECT_EQ(TrigV8Flag(TrigRequest::kEngineDefault), "");
  EXPECT_STREQ(TrigKnobName(TrigRequest::kSlow), "--no-fast-trig");
  EXPECT_STREQ(YoungGenerationName(YoungGeneration::kFull), "full");
}

TEST(Knobs, AVariantsYoungGenerationKnobIsCheckedAndKept) {
  auto full = driver::ParseVariant("grown=--young-gen full");
  ASSERT_TRUE(full.ok()) << full.error().message;
  EXPECT_EQ(full->knobs.young, YoungGeneration::kFull);
  EXPECT_EQ(KnobArgs(full->knobs), (Flags{"--young-gen", "full"}));  // a v8bench worker gets the same knob
  auto dflt = driver::ParseVariant("base=--no-opt");
  ASSERT_TRUE(dflt.ok());
  EXPECT_EQ(dflt->knobs.young, YoungGeneration::kFull);  // the default, for external engines too
  auto grow = driver::ParseVariant("fresh=--young-gen grow");
  ASSERT_TRUE(grow.ok());
  EXPECT_EQ(grow->knobs.young, YoungGeneration::kGrow);
  EXPECT_EQ(KnobArgs(grow->knobs), (Flags{"--young-gen", "grow"}));

  auto bad = driver::ParseVariant("x=--young-gen=half");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("choose full (the default) or grow"), std::string::npos) << bad.error().message;
  auto both = driver::ParseVariant("x=--semi-space 4 --young-gen full");
  ASSERT_FALSE(both.ok());
  EXPECT_NE(both.error().message.find("contradict"), std::string::npos) << both.error().message;
}

TEST(Knobs, AVariantsMainCpuIsAKnobForItsWorkersAndCompareFillsInTheRest) {
  auto own = driver::ParseVariant("own=--main-cpu 0 --no-opt");
  ASSERT_TRUE(own.ok()) << own.error().message;
  EXPECT_EQ(KnobArgs(own->knobs), (Flags{"--main-cpu", "0"}));  // for `run`, not a V8 flag
  EXPECT_EQ(own->knobs.main_cpu, 0);
  EXPECT_EQ(own->v8_flags, (Flags{"--no-opt"}));
  auto eq = driver::ParseVariant("own=--main-cpu=0");
  ASSERT_TRUE(eq.ok()) << eq.error().message;
  EXPECT_EQ(KnobArgs(eq->knobs), (Flags{"--main-cpu", "0"}));
  for (const char* bad : {"x=--main-cpu first", "x=--main-cpu -1", "x=--main-cpu 4096", "x=--main-cpu"}) {
    auto r = driver::ParseVariant(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().message.find("--main-cpu"), std::string::npos) << r.error().message;
  }
  // A CPU this machine lacks is not refused when a variant is read (a saved comparison travels), only
  // when workers would run it (workers::PrepareWorkerEngine) or when compare --main-cpu gives it.
  EXPECT_TRUE(driver::ParseVariant("far=--main-cpu 4095").ok());

  auto free = driver::ParseVariant("free=--no-opt");
  ASSERT_TRUE(free.ok());
  std::vector<driver::Variant> variants = {own.value(), free.value()};
  ASSERT_TRUE(driver::ApplyMainCpu(variants, 0).ok());
  EXPECT_EQ(KnobArgs(variants[0].knobs), (Flags{"--main-cpu", "0"}));  // its own pin, not a second one
  EXPECT_EQ(variants[0].flags_text, "--main-cpu 0 --no-opt");
  EXPECT_EQ(KnobArgs(variants[1].knobs), (Flags{"--main-cpu", "0"}));
  EXPECT_EQ(variants[1].flags_text, "--no-opt --main-cpu 0");  // shown, and derived again on --resume
  auto again = driver::ParseVariant("free=" + variants[1].flags_text);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(KnobArgs(again->knobs), KnobArgs(variants[1].knobs));
  auto refused = driver::ApplyMainCpu(variants, 4095);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("--main-cpu 4095: this process may run on"), std::string::npos)
      << refused.error().message;
  workers::WorkerEngine far;
  far.knobs.main_cpu = 4095;  // as ParseVariant("far=--main-cpu 4095") leaves it
  auto prepared = workers::PrepareWorkerEngine(far, "far", "cpu_ns");
  ASSERT_FALSE(prepared.ok());
  EXPECT_NE(prepared.error().message.find("variant far: --main-cpu 4095"), std::string::npos)
      << prepared.error().message;
}

// compare --set NAME=VALUE is compare.js's --set: every variant gets --param NAME=VALUE, unless it sets NAME
// itself; shown in flags_text, so that a resumed comparison derives the same variant again.
TEST(Knobs, CompareSetGivesEveryVariantTheParamItDoesNotSetItself) {
  using Flags = std::vector<std::string>;
  auto own = driver::ParseVariant("own=--param n=5");
  auto plain = driver::ParseVariant("plain=");
  ASSERT_TRUE(own.ok() && plain.ok());
  std::vector<driver::Variant> variants = {own.value(), plain.value()};
  ASSERT_TRUE(driver::ApplySets(variants, {"n=100", "len=0,64"}).ok());
  EXPECT_EQ(KnobArgs(variants[0].knobs), (Flags{"--param", "n=5", "--param", "len=0,64"}));
  EXPECT_EQ(KnobArgs(variants[1].knobs), (Flags{"--param", "n=100", "--param", "len=0,64"}));
  EXPECT_EQ(variants[1].flags_text, "--param n=100 --param len=0,64");
  auto again = driver::ParseVariant("plain=" + variants[1].flags_text);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(KnobArgs(again->knobs), KnobArgs(variants[1].knobs));
  EXPECT_EQ(again->knobs.params, variants[1].knobs.params);
  auto refused = driver::ApplySets(variants, {"no-equals-sign"});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message.rfind("--set no-equals-sign: ", 0), 0u) << refused.error().message;
}

TEST(Knobs, TheEmbeddedEngineGetsTheKnobsFlagsBeforeTheUsersOwn) {
  EngineOptions options;
  options.semi_space_mb = 2;
  options.trig = TrigRequest::kSlow;
  options.v8_flags = {"--max-semi-space-size=4"};  // the user's own flag comes last, so it wins
  EXPECT_EQ(ComposeV8Flags(options), (Flags{"--min-semi-space-size=2", "--max-semi-space-size=2",
                                            "--no-use-libm-trig-functions", "--max-semi-space-size=4"}));
}

TEST(Knobs, AVariantsKnobsAreParsedOnceAndReachAnExternalEngineAsTheSameFlags) {
  auto v = driver::ParseVariant("fast=--semi-space 8 --fast-trig --no-opt --param n=1");
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_EQ(v->knobs.semi_space_mb, 8);
  EXPECT_EQ(v->knobs.trig, TrigRequest::kFast);
  EXPECT_EQ(v->v8_flags, Flags{"--no-opt"});
  EXPECT_FALSE(driver::ParseVariant("x=--fast-trig --no-fast-trig").ok());

  driver::CompareSettings s;
  s.suites = {"x.js"};
  driver::Variant node = v.value();
  node.engine_kind = workers::EngineKind::kNode;
  node.runner = "/tmp/runner.mjs";
  const Flags args = workers::WorkerArgs(driver::WorkerSamplingOf(s), node, "");
  const Flags expected_flags = {"--allow-natives-syntax", "--min-semi-space-size=8", "--max-semi-space-size=8",
                                "--use-libm-trig-functions", "--no-opt"};
  ASSERT_GE(args.size(), expected_flags.size());
  EXPECT_EQ(Flags(args.begin(), args.begin() + static_cast<long>(expected_flags.size())), expected_flags);
  // Once the driver has checked the flags against the engine, the checked list is what it gets.
  node.engine_v8_flags = Flags{"--min-semi-space-size=8", "--max-semi-space-size=8"};
  const Flags checked = workers::WorkerArgs(driver::WorkerSamplingOf(s), node, "");
  EXPECT_EQ(checked[1], "--min-semi-space-size=8");
  EXPECT_EQ(checked[3], "/tmp/runner.mjs");
}

// Knobs that together give every knob of the table (two trig paths and --semi-space with --young-gen
// contradict each other, so they come apart).
std::vector<Knobs> EveryKnobGiven() {
  Knobs pinned;
  pinned.semi_space_mb = 8;
  pinned.trig = TrigRequest::kFast;
  pinned.main_cpu = 3;
  pinned.tier = TierMode::kAuto;
  pinned.params = {{"n", {"1", "2"}}, {"shape", {"api"}}};
  Knobs grown;
  grown.young = YoungGeneration::kGrow;
  grown.young_given = true;
  grown.trig = TrigRequest::kSlow;
  grown.tier = TierMode::kInterpreter;
  Knobs full;
  full.young_given = true;  // the default, given: a worker is given it too
  full.main_cpu = 0;
  return {pinned, grown, full};
}

std::string Words(const Flags& words) {
  std::string text;
  for (const auto& w : words) {
    if (!text.empty()) text += ' ';
    text += ShellQuote(w);
  }
  return text;
}

TEST(KnobTable, EveryKnobParsesWhatItPrintsInAVariantAndForRun) {
  const std::vector<Knobs> samples = EveryKnobGiven();
  for (const KnobSpec& knob : KnobTable()) {
    const bool printed = std::ranges::any_of(samples, [&](const Knobs& k) { return !knob.print(k).empty(); });
    EXPECT_TRUE(printed) << "--" << knob.word << " is given by none of the samples";
    EXPECT_EQ(&KnobSpecOf(knob.knob), &knob);
    EXPECT_EQ(FindKnob(knob.word), &knob);
  }
  for (const Knobs& k : samples) {
    const Flags args = KnobArgs(k);
    auto variant = driver::ParseVariant("v=" + Words(args));
    ASSERT_TRUE(variant.ok()) << Words(args) << ": " << variant.error().message;
    EXPECT_EQ(variant->knobs, k) << Words(args);
    EXPECT_TRUE(variant->v8_flags.empty()) << Words(args);
    EXPECT_EQ(KnobArgs(variant->knobs), args);
    auto parsed = cli::Parse(cli::RunSpec(), args);  // every knob is one of run's options
    ASSERT_TRUE(parsed.ok()) << Words(args) << ": " << parsed.error().message;
    auto for_run = cli::KnobsFrom(parsed.value());
    ASSERT_TRUE(for_run.ok()) << for_run.error().message;
    EXPECT_EQ(for_run.value(), k) << Words(args);
  }
}

// Whitespace runs as one space: --help wraps its sentences.
std::string OneLine(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (!space || (!out.empty() && out.back() != ' ')) out += space ? ' ' : c;
  }
  return out;
}

TEST(KnobTable, EveryKnobIsInRunsAndComparesHelp) {
  const std::string run = OneLine(cli::HelpText(cli::RunSpec()));
  const std::string compare = OneLine(cli::HelpText(cli::CompareSpec()));
  for (const KnobSpec& knob : KnobTable()) {
    const std::string option = std::string("--") + knob.word + (knob.metavar[0] != '\0' ? " " : "") + knob.metavar;
    EXPECT_NE(run.find(" " + option + " " + OneLine(knob.help)), std::string::npos) << option;
    bool in_variants_list = false;  // --variant's help lists the knobs a variant takes: "(--a X, --b, --c Y)"
    for (const char* before : {" ", "("}) {
      for (const char* after : {",", ")"})
        in_variants_list |= compare.find(before + option + after) != std::string::npos;
    }
    EXPECT_TRUE(in_variants_list) << option;
    if (knob.group == KnobGroup::kEngine) {  // info and profile set up the engine alike
      EXPECT_NE(OneLine(cli::HelpText(cli::InfoSpec())).find(" " + option + " "), std::string::npos) << option;
    }
  }
}

TEST(KnobTable, ABadValueGetsTheTablesMessageInAVariantAndFromRun) {
  for (const KnobSpec& knob : KnobTable()) {
    if (knob.metavar[0] == '\0') continue;  // a switch has no value
    const std::string bad = "!bad";
    Knobs scratch;
    const std::string problem = knob.parse(scratch, bad);
    ASSERT_FALSE(problem.empty()) << knob.word;
    const std::string message = fmt::format("--{} '{}': {}", knob.word, bad, problem);
    Knobs k;
    const Status applied = ApplyKnob(k, knob, bad);
    ASSERT_FALSE(applied.ok()) << knob.word;
    EXPECT_EQ(applied.error().message, message);
    EXPECT_EQ(applied.error().exit_code(), 2);
    auto variant = driver::ParseVariant(fmt::format("v=--{} {}", knob.word, bad));
    ASSERT_FALSE(variant.ok()) << knob.word;
    EXPECT_EQ(variant.error().message, "--variant v: " + message);
    auto parsed = cli::Parse(cli::RunSpec(), {std::string("--") + knob.word, bad});
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;  // checked by the table, not by the option's kind
    auto settings = cli::RunSettingsFrom(parsed.value());
    ASSERT_FALSE(settings.ok()) << knob.word;
    EXPECT_EQ(settings.error().message, message);
    auto engine = cli::EngineOptionsFrom(parsed.value());
    ASSERT_FALSE(engine.ok()) << knob.word;
    EXPECT_EQ(engine.error().message, message);
  }
  // A knob given twice (a repeatable one aside) is refused as run's command line refuses it.
  auto twice = driver::ParseVariant("v=--semi-space 4 --semi-space 8");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message, "--variant v: --semi-space given twice ('4' and '8'); give it once");
  auto run_twice = cli::Parse(cli::RunSpec(), {"--semi-space", "4", "--semi-space", "8"});
  ASSERT_FALSE(run_twice.ok());
  EXPECT_EQ(run_twice.error().message, "--semi-space given twice ('4' and '8'); give it once");
  EXPECT_TRUE(driver::ParseVariant("v=--param n=1 --param m=2").ok());
  auto valued_switch = driver::ParseVariant("v=--fast-trig=yes");
  ASSERT_FALSE(valued_switch.ok());
  EXPECT_EQ(valued_switch.error().message, "--variant v: --fast-trig takes no value");
}

// What an external engine's worker gets of each knob: the runner's option, V8 flags, or a refusal.
TEST(KnobTable, AnExternalEngineGetsEachKnobByItsRoute) {
  const Knobs k = EveryKnobGiven().front();
  EXPECT_EQ(KnobArgs(k, KnobRoute::kRunnerOption),
            (Flags{"--param", "n=1,2", "--param", "shape=api", "--tier", "auto"}));
  EXPECT_EQ(KnobArgs(k, KnobRoute::kEmbeddedOnly), (Flags{"--main-cpu", "3"}));
  EXPECT_EQ(KnobArgs(k, KnobRoute::kV8Flags), (Flags{"--semi-space", "8", "--fast-trig"}));
  for (const KnobSpec& knob : KnobTable()) {
    EXPECT_EQ(knob.v8_flags != nullptr, knob.route == KnobRoute::kV8Flags) << knob.word;
  }
  driver::Variant node;
  node.knobs = k;
  node.knobs.main_cpu.reset();
  node.engine_kind = workers::EngineKind::kNode;
  node.runner = "/tmp/runner.mjs";
  driver::CompareSettings s;
  s.suites = {"x.js"};
  const Flags args = workers::WorkerArgs(driver::WorkerSamplingOf(s), node, "");
  const auto runner = std::ranges::find(args, node.runner);
  ASSERT_NE(runner, args.end());
  const Flags flags(args.begin(), runner), options(runner + 1, args.end());
  EXPECT_EQ(std::ranges::count(flags, "--min-semi-space-size=8"), 1);
  EXPECT_EQ(std::ranges::count(flags, "--use-libm-trig-functions"), 1);
  EXPECT_EQ(std::ranges::count(options, "n=1,2"), 1);
  EXPECT_EQ(std::ranges::count(options, "auto"), 1);
  EXPECT_EQ(std::ranges::count(options, "--semi-space"), 0);
}

}  // namespace
}  // namespace v8bench
