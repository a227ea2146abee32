#include "harness/cli/args.h"

#include <gtest/gtest.h>

#include "harness/cli/common.h"
#include "harness/engine/engine_options.h"
#include "harness/model/shell_words.h"

namespace v8bench::cli {
namespace {

CommandSpec Spec() {
  CommandSpec spec;
  spec.name = "run";
  spec.synopsis = "v8bench run";
  spec.description = "test";
  spec.options = {{"repetitions", "N", "How many.", false, ValueKind::kWhole, 1, 100},
                  {"quick", "", "Fast."},
                  {"v8-flags", "F", "Flags.", true}};
  return spec;
}

TEST(Args, ParsesValuesSwitchesPositionalsAndPassthrough) {
  auto parsed = Parse(Spec(), {"a.js", "--repetitions", "7", "--quick", "--v8-flags=--no-opt", "--v8-flags", "--x", "b",
                               "--", "--max-semi-space-size=2"});
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(parsed->positional, (std::vector<std::string>{"a.js", "b"}));
  EXPECT_EQ(parsed->Whole("repetitions"), 7);
  EXPECT_TRUE(parsed->Has("quick"));
  EXPECT_EQ(parsed->GetAll("v8-flags"), (std::vector<std::string>{"--no-opt", "--x"}));
  EXPECT_EQ(parsed->passthrough, (std::vector<std::string>{"--max-semi-space-size=2"}));
}

TEST(Args, RejectsUnknownOptionsMissingValuesAndBadNumbers) {
  auto unknown = Parse(Spec(), {"--bogus"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("--bogus"), std::string::npos);
  EXPECT_EQ(unknown.error().exit_code(), 2);

  auto missing = Parse(Spec(), {"--repetitions"});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("needs a value"), std::string::npos);

  auto twice = Parse(Spec(), {"--repetitions", "1", "--repetitions", "2"});
  ASSERT_FALSE(twice.ok());

  auto bad = Parse(Spec(), {"--repetitions", "lots"});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("'lots'"), std::string::npos);
}

// A typed option is checked against its declared range when the command line is parsed.
TEST(Args, TypedOptionsAreCheckedAtParseTime) {
  CommandSpec spec = Spec();
  spec.options.push_back({"jobs", "N", "Workers.", false, ValueKind::kWhole, 1, 8});
  spec.options.push_back({"min-time", "S", "Seconds.", false, ValueKind::kNumber, 0.001, 10});
  auto ok = Parse(spec, {"--jobs", "3", "--min-time=0.5"});
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->Whole("jobs"), 3);
  EXPECT_EQ(ok->Number("min-time"), 0.5);
  EXPECT_FALSE(ok->Whole("absent").has_value());
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{{"--jobs", "0"},
                                                                                   {"--jobs", "9"},
                                                                                   {"--jobs", "2.5"},
                                                                                   {"--jobs", "nan"},
                                                                                   {"--min-time", "inf"},
                                                                                   {"--min-time", " 1"},
                                                                                   {"--min-time", "0x1"},
                                                                                   {"--min-time", "-1"}}) {
    auto parsed = Parse(spec, bad);
    ASSERT_FALSE(parsed.ok()) << bad[0] << " " << bad[1];
    EXPECT_EQ(parsed.error().exit_code(), 2);
    EXPECT_NE(parsed.error().message.find(bad[0] + ": '" + bad[1] + "'"), std::string::npos) << parsed.error().message;
  }
}

TEST(Args, HelpTextListsEveryOption) {
  const std::string help = HelpText(Spec());
  EXPECT_NE(help.find("--repetitions N"), std::string::npos);
  EXPECT_NE(help.find("--quick"), std::string::npos);
  EXPECT_NE(help.find("--help"), std::string::npos);
}

// The one word splitter (--v8-flags, --variant): quotes group, unbalanced quotes are refused, and
// ShellQuote is its inverse.
TEST(ShellWords, SplitQuoteAndRefuseUnbalancedQuotes) {
  EXPECT_EQ(SplitShellWords("  --a=1   --b='x y' \"--c\" ").value(),
            (std::vector<std::string>{"--a=1", "--b=x y", "--c"}));
  EXPECT_TRUE(SplitShellWords("   ").value().empty());
  for (const char* bad : {"--a='x", "\"--b", "--c=\"it's"}) {
    auto words = SplitShellWords(bad);
    ASSERT_FALSE(words.ok()) << bad;
    EXPECT_EQ(words.error().exit_code(), 2);
    EXPECT_NE(words.error().message.find("unbalanced"), std::string::npos);
  }
  for (const std::string w : {"plain", "with space", "it's", "a\"b", "", "$HOME"}) {
    EXPECT_EQ(SplitShellWords(ShellQuote(w)).value(), std::vector<std::string>{w}) << w;
  }
  auto parsed = Parse(Spec(), {"--v8-flags", "--no-opt '--x"});
  ASSERT_TRUE(parsed.ok());
  auto engine = EngineOptionsFrom(parsed.value());
  ASSERT_FALSE(engine.ok());
  EXPECT_NE(engine.error().message.find("--v8-flags"), std::string::npos);
}

// The kind of an error decides its exit code: the two cannot disagree.
TEST(Errors, KindDecidesTheExitCode) {
  for (const Error& bad_input : {Error::Usage("u"), Error::Input("i"), Error::Unsupported("n")}) {
    EXPECT_EQ(bad_input.exit_code(), 2) << bad_input.message;
  }
  for (const Error& failure : {Error::Js("j"), Error::Timeout("t"), Error::OutOfMemory("o"), Error::Internal("x")}) {
    EXPECT_EQ(failure.exit_code(), 1) << failure.message;
  }
}

TEST(EngineOptions, KnobsComeBeforeUserFlags) {
  EngineOptions o;
  o.semi_space_mb = 16;
  o.v8_flags = {"--max-semi-space-size=32"};
  EXPECT_EQ(ComposeV8Flags(o), (std::vector<std::string>{"--min-semi-space-size=16", "--max-semi-space-size=16",
                                                         "--max-semi-space-size=32"}));
}

}  // namespace
}  // namespace v8bench::cli
