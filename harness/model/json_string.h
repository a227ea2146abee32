// The one JSON string escaper: every JSON v8bench writes by hand (JsonWriter, the --param overrides the
// engine hands the bench API) quotes its strings here.
#pragma once

#include <string>
#include <string_view>

namespace v8bench {

// `s` as a JSON string literal, quotes included: `"` and `\` escaped, \n \r \t by name, the other
// control characters below 0x20 as \u00XX. Every other byte passes unchanged: UTF-8 text stays as it
// is, and so do bytes that are not valid UTF-8 (the caller's text is not rewritten; a strict parser
// will refuse them, as it would the input they came from).
std::string JsonQuote(std::string_view s);

}  // namespace v8bench
