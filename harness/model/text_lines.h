// Line-by-line reading of a program's text output (worker protocol, stderr tails, callgrind dumps):
// one definition of where a line ends, so every reader splits the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace v8bench {

// Calls visit(line) for every line of text, without its '\n' (a final line without one included;
// nothing after a final '\n'). `line` views into text. A visitor that returns bool stops the walk by
// returning false.
template <typename Visit>
void ForEachLine(std::string_view text, Visit&& visit) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if constexpr (std::is_same_v<std::invoke_result_t<Visit&, std::string_view>, bool>) {
      if (!visit(line)) return;
    } else {
      visit(line);
    }
  }
}

// The last `lines` lines of text, trailing newlines and spaces dropped (the tail of a program's stderr
// for an error message).
inline std::string LastLines(std::string_view text, std::size_t lines) {
  const auto end = text.find_last_not_of("\n ");
  if (end == std::string_view::npos) return "";
  text = text.substr(0, end + 1);
  std::size_t pos = text.size();
  for (std::size_t i = 0; i < lines && pos != std::string_view::npos && pos > 0; ++i) pos = text.rfind('\n', pos - 1);
  return std::string(pos == std::string_view::npos ? text : text.substr(pos + 1));
}

// The first `lines` lines of text, trailing newlines and spaces dropped (an error's message, then its
// source excerpt and stack: the message is what a one-line note must keep).
inline std::string FirstLines(std::string_view text, std::size_t lines) {
  std::size_t end = 0;  // just past the last line kept
  for (std::size_t i = 0; i < lines && end != std::string_view::npos; ++i) {
    const std::size_t nl = text.find('\n', end);
    end = nl == std::string_view::npos ? nl : nl + 1;
  }
  const std::string_view head = end == std::string_view::npos ? text : text.substr(0, end);
  const auto last = head.find_last_not_of("\n ");
  return last == std::string_view::npos ? "" : std::string(head.substr(0, last + 1));
}

}  // namespace v8bench
