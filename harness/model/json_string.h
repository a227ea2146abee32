// The one JSON string escaper: every JSON v8bench writes goes through JsonWriter, which quotes its
// strings here.
#pragma once

#include <string>
#include <string_view>

namespace v8bench {

// `s` as a JSON string literal, quotes included: `"` and `\` escaped, \n \r \t by name, the other
// control characters below 0x20 as \u00XX, UTF-8 text unchanged, and each byte that starts no valid
// UTF-8 character (a stray byte; a lone surrogate as V8 writes it, three bytes, so three of them) as
// U+FFFD, the replacement character itself in UTF-8 (not the escape \ufffd): what v8bench writes is
// always JSON a strict parser reads (a failed case's message whatever its error held), never a line it
// would refuse whole.
std::string JsonQuote(std::string_view s);

// `s` for a terminal or a Markdown line: UTF-8 text and newlines and tabs unchanged, every other control
// character shown as \xNN (an escape sequence would otherwise act on the terminal: clear it, move the
// cursor), and each byte that starts no valid UTF-8 character as U+FFFD. For a failed case's message,
// whatever its error held.
std::string PrintableText(std::string_view s);

// The length of the valid UTF-8 character starting at s[i] (1 for ASCII), or 0 when none starts there
// (a stray continuation byte, an overlong form, a surrogate, a truncated sequence).
std::size_t Utf8SequenceLength(std::string_view s, std::size_t i);

}  // namespace v8bench
