#include "harness/engine/engine_options.h"

namespace v8bench {

std::vector<std::string> ComposeV8Flags(const EngineOptions& options) {
  std::vector<std::string> flags = KnobV8Flags(options.Knobs());
  flags.insert(flags.end(), options.v8_flags.begin(), options.v8_flags.end());
  return flags;
}

std::vector<std::string> SplitFlags(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  bool in_token = false;
  char quote = 0;
  for (char c : text) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        cur.push_back(c);
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_token = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_token) out.push_back(cur);
      cur.clear();
      in_token = false;
    } else {
      cur.push_back(c);
      in_token = true;
    }
  }
  if (in_token) out.push_back(cur);
  return out;
}

}  // namespace v8bench
