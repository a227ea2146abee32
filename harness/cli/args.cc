#include "harness/cli/args.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace v8bench::cli {

std::optional<std::string> ParsedArgs::Get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::GetAll(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::optional<double> ParsedArgs::Number(const std::string& name) const {
  const auto v = Get(name);
  return v ? std::optional<double>(std::strtod(v->c_str(), nullptr)) : std::nullopt;
}

std::optional<int> ParsedArgs::Whole(const std::string& name) const {
  const auto v = Number(name);
  return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

namespace {

// A typed value in its declared range, or an Error::Usage that names the option and the range.
Status CheckValue(const OptionSpec& opt, const std::string& value) {
  if (opt.kind == ValueKind::kText) return OkStatus();
  const bool plain = !value.empty() && value.find_first_not_of("0123456789.eE+-") == std::string::npos;
  char* end = nullptr;
  const double d = plain ? std::strtod(value.c_str(), &end) : 0;
  const bool whole = opt.kind == ValueKind::kWhole;
  if (plain && *end == '\0' && d >= opt.min && d <= opt.max && (!whole || std::floor(d) == d)) return OkStatus();
  return Error::Usage(fmt::format("--{}: '{}' is not a {} from {} to {}", opt.name, value,
                                  whole ? "whole number" : "number", opt.min, opt.max));
}

}  // namespace

Expected<std::optional<std::string>> ParsedArgs::GetChoice(const std::string& name,
                                                           const std::vector<std::string>& choices) const {
  auto v = Get(name);
  if (!v) return std::optional<std::string>{};
  for (const auto& c : choices) {
    if (c == *v) return v;
  }
  return Error::Usage(fmt::format("--{}: '{}' is not one of: {}", name, *v, fmt::join(choices, ", ")));
}

Expected<ParsedArgs> Parse(const CommandSpec& spec, const std::vector<std::string>& args) {
  ParsedArgs out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      out.passthrough.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    if (a.rfind("--", 0) != 0 || a.size() == 2) {
      out.positional.push_back(a);
      continue;
    }
    std::string name = a.substr(2);
    std::optional<std::string> value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name == "help" && !value) {
      out.values_["help"].push_back("1");
      continue;
    }
    const auto opt = std::find_if(spec.options.begin(), spec.options.end(), [&](auto& o) { return o.name == name; });
    if (opt == spec.options.end()) {
      return Error::Usage(fmt::format("{}: unknown option --{} (see `v8bench {} --help`{})", spec.name, name, spec.name,
                                      name.find('-') != std::string::npos || name.rfind("max", 0) == 0
                                          ? "; V8 flags go in --v8-flags \"...\" or after --"
                                          : ""));
    }
    if (opt->metavar.empty()) {
      if (value) return Error::Usage(fmt::format("--{} takes no value", name));
      out.values_[name].push_back("1");
      continue;
    }
    if (!value) {
      if (i + 1 >= args.size()) {
        return Error::Usage(
            fmt::format("--{} needs a value ({}); see `v8bench {} --help`", name, opt->metavar, spec.name));
      }
      value = args[++i];
    }
    V8BENCH_OK(CheckValue(*opt, *value));
    auto& slot = out.values_[name];
    if (!slot.empty() && !opt->repeatable) {
      return Error::Usage(fmt::format("--{} given twice ('{}' and '{}'); give it once", name, slot.back(), *value));
    }
    slot.push_back(*value);
  }
  return out;
}

std::string HelpText(const CommandSpec& spec) {
  std::string out = fmt::format("usage: {}\n\n{}\n\noptions:\n", spec.synopsis, spec.description);
  for (const auto& o : spec.options) {
    out += fmt::format("  --{}{}\n", o.name, o.metavar.empty() ? "" : " " + o.metavar);
    // Wrap the sentence at ~76 columns, indented.
    std::string line = "      ";
    std::size_t start = 0;
    while (start < o.help.size()) {
      auto sp = o.help.find(' ', start);
      if (sp == std::string::npos) sp = o.help.size();
      const std::string word = o.help.substr(start, sp - start);
      if (line.size() + word.size() > 78 && line.size() > 6) {
        out += line + "\n";
        line = "      ";
      }
      line += word + " ";
      start = sp + 1;
    }
    out += line + "\n";
  }
  out += "  --help\n      Shows this text.\n";
  if (!spec.examples.empty()) out += "\nexamples:\n" + spec.examples;
  return out;
}

}  // namespace v8bench::cli
