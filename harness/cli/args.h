// Typed command-line parsing: each command declares its options once (name, value, full-sentence
// help with the default); help text and validation come from that one table.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/model/expected.h"

namespace v8bench::cli {

// What a value must be: any text, or a number in [min, max] (a whole one for kWhole). Typed values
// are checked when the command line is parsed, so a command reads them without a second check.
enum class ValueKind { kText, kWhole, kNumber };

struct OptionSpec {
  std::string name;     // long name without dashes, e.g. "repetitions"
  std::string metavar;  // empty for a switch
  std::string help;     // a full sentence, with the default
  bool repeatable = false;
  ValueKind kind = ValueKind::kText;
  double min = 0, max = 0;
};

class ParsedArgs;

struct CommandSpec {
  std::string name;
  std::string synopsis;
  std::string description;
  std::vector<OptionSpec> options;
  std::string examples;
  std::string summary;  // the command's line in `v8bench --help`
  // The command: its parsed arguments and the raw ones (after its name) to an exit code, or the error
  // that ends it.
  Expected<int> (*run)(const ParsedArgs& args, const std::vector<std::string>& argv) = nullptr;
};

class ParsedArgs {
 public:
  std::vector<std::string> positional;
  std::vector<std::string> passthrough;  // everything after `--`

  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  std::optional<std::string> Get(const std::string& name) const;
  std::vector<std::string> GetAll(const std::string& name) const;
  // A typed option's value (checked by Parse against its declared range), or nullopt when absent.
  std::optional<double> Number(const std::string& name) const;
  std::optional<int> Whole(const std::string& name) const;
  // One of `choices`, or an Error::Usage that lists them.
  Expected<std::optional<std::string>> GetChoice(const std::string& name,
                                                 const std::vector<std::string>& choices) const;

  std::map<std::string, std::vector<std::string>> values_;
};

// Accepts --name value, --name=value, switches, positionals, and `--` (the rest passes through).
// Unknown options and missing values are Error::Usage naming the option and the command's --help.
Expected<ParsedArgs> Parse(const CommandSpec& spec, const std::vector<std::string>& args);
std::string HelpText(const CommandSpec& spec);

}  // namespace v8bench::cli
