// Words of a flags string, as a POSIX shell splits them (--variant FLAGS, --v8-flags "..."), and
// the inverse, for command lines shown to people. The harness never runs a shell.
#pragma once

#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench {

// Whitespace separates words; single and double quotes group; a backslash escapes the next
// character outside single quotes. Unbalanced quotes are an Error::Usage.
Expected<std::vector<std::string>> SplitShellWords(const std::string& text);

// `word` quoted for a POSIX shell when it needs it (SplitShellWords(ShellQuote(w)) == {w}).
std::string ShellQuote(const std::string& word);

}  // namespace v8bench
