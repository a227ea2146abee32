// The one line splitter (model/text_lines.h) every reader of program output uses.
#include "harness/model/text_lines.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace v8bench {
namespace {

std::vector<std::string> Lines(std::string_view text) {
  std::vector<std::string> lines;
  ForEachLine(text, [&](std::string_view line) { lines.emplace_back(line); });
  return lines;
}

TEST(TextLines, SplitsAtNewlinesKeepingEmptyLinesAndAnUnterminatedLast) {
  EXPECT_EQ(Lines(""), std::vector<std::string>{});
  EXPECT_EQ(Lines("a"), std::vector<std::string>{"a"});
  EXPECT_EQ(Lines("a\n"), std::vector<std::string>{"a"});
  EXPECT_EQ(Lines("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(Lines("\n{\"x\":1}\r\n"), (std::vector<std::string>{"", "{\"x\":1}\r"}));
}

TEST(TextLines, AVisitorReturningFalseStopsTheWalk) {
  std::vector<std::string> seen;
  ForEachLine("one\ntwo\nthree\n", [&](std::string_view line) {
    seen.emplace_back(line);
    return line != "two";
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"one", "two"}));
}

// A case's error is its message, then the source excerpt and the stack: a note keeps the message.
TEST(TextLines, FirstLinesKeepsAnErrorsMessageBeforeItsStack) {
  EXPECT_EQ(FirstLines("", 3), "");
  EXPECT_EQ(FirstLines("f.js:1:7: Error: boom\n    throw x\n    ^\n    at main (f.js:1:7)\n    at g\n", 3),
            "f.js:1:7: Error: boom\n    throw x\n    ^");
  EXPECT_EQ(FirstLines("a\nb", 5), "a\nb");
  EXPECT_EQ(FirstLines("only\n\n", 1), "only");
}

TEST(TextLines, LastLinesDropsTrailingBlankSpace) {
  EXPECT_EQ(LastLines("", 3), "");
  EXPECT_EQ(LastLines("\n \n", 3), "");
  EXPECT_EQ(LastLines("a\nb\nc\nd\n\n", 2), "c\nd");
  EXPECT_EQ(LastLines("a\nb", 5), "a\nb");
  EXPECT_EQ(LastLines("only", 1), "only");
}

}  // namespace
}  // namespace v8bench
