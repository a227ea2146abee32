#include "harness/driver/variant.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <set>

#include "harness/measure/cpu_affinity.h"
#include "harness/model/shell_words.h"
#include "harness/model/suite.h"

namespace v8bench::driver {

Expected<Variant> ParseVariant(const std::string& spec) {
  const auto eq = spec.find('=');
  const std::string name = spec.substr(0, eq);
  static const std::regex kName("^[A-Za-z0-9_.-]+$");
  if (eq == std::string::npos || !std::regex_match(name, kName)) {
    return Error::Usage("--variant '" + spec +
                        "': write NAME=FLAGS, NAME of letters, digits, '_', '.', '-' (e.g. --variant base= "
                        "--variant noopt=--no-opt)");
  }
  Variant v;
  v.name = name;
  v.flags_text = spec.substr(eq + 1);
  auto words = SplitShellWords(v.flags_text);
  if (!words) return Error::Usage("--variant " + name + ": " + words.error().message);
  const auto& w = words.value();
  auto bad = [&](const std::string& what) { return Error::Usage("--variant " + name + ": " + what); };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto e = w[i].rfind("--", 0) == 0 ? w[i].find('=') : std::string::npos;
    const KnobSpec* knob = w[i].rfind("--", 0) == 0 ? FindKnob(std::string_view(w[i]).substr(2, e - 2)) : nullptr;
    if (knob == nullptr) {
      if (w[i].size() < 2 || w[i][0] != '-') {
        return bad("'" + w[i] + "' is neither a V8 flag (--flag) nor a knob (" + KnobSynopsis() + ")");
      }
      v.v8_flags.push_back(w[i]);
      continue;
    }
    const bool is_switch = knob->metavar[0] == '\0';
    if (is_switch && e != std::string::npos) return bad(w[i].substr(0, e) + " takes no value");
    std::string value = e == std::string::npos ? "" : w[i].substr(e + 1);
    if (!is_switch && e == std::string::npos) {
      if (i + 1 >= w.size()) return bad(w[i] + " needs a value");
      value = w[++i];
    }
    if (auto applied = ApplyKnob(v.knobs, *knob, value); !applied) return bad(applied.error().message);
  }
  return v;
}

Status BindEngines(std::vector<Variant>& variants, const std::vector<std::string>& specs) {
  for (const auto& spec : specs) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      return Error::Usage("--engine '" + spec +
                          "': write NAME=PATH, NAME a variant (e.g. --engine patched=../v8-patched/build/v8bench)");
    }
    const std::string name = spec.substr(0, eq), path = spec.substr(eq + 1);
    auto found = std::find_if(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == name; });
    if (found == variants.end()) {  // an engine alone is a variant with the default configuration
      auto made = ParseVariant(name + "=");
      if (!made) return Error::Usage("--engine " + spec + ": " + made.error().message);
      found = variants.insert(variants.end(), std::move(made.value()));
    }
    if (access(path.c_str(), X_OK) != 0) {
      return Error::Usage("--engine " + spec + ": '" + path + "' is not an executable file");
    }
    if (!found->engine.empty() && found->engine != path) {
      return Error::Usage(fmt::format(
          "--engine {}: variant '{}' already runs on {}; a variant has one engine: give each engine a variant name "
          "of its own (e.g. --engine {}2={})",
          spec, name, found->engine, name, path));
    }
    found->engine = path;
  }
  return OkStatus();
}

namespace {

// Gives `v` the knobs `added` sets, also in flags_text, so reports show them and a resumed file derives them again.
void AddKnobs(Variant& v, const Knobs& added) {
  for (const std::string& word : KnobArgs(added)) {
    if (!v.flags_text.empty()) v.flags_text += ' ';
    v.flags_text += ShellQuote(word);
  }
}

}  // namespace

Status ApplyMainCpu(std::vector<Variant>& variants, int cpu) {
  if (auto allowed = CheckAllowedCpu(cpu); !allowed) return allowed.error();  // said once, not per variant
  for (auto& v : variants) {
    if (v.knobs.main_cpu) continue;
    v.knobs.main_cpu = cpu;
    Knobs added;
    added.main_cpu = cpu;
    AddKnobs(v, added);
  }
  return OkStatus();
}

Status ApplySets(std::vector<Variant>& variants, const std::vector<std::string>& sets) {
  const KnobSpec& param = KnobSpecOf(Knob::kParam);
  for (const std::string& set : sets) {
    Knobs added;
    if (auto parsed = ApplyKnob(added, param, set); !parsed)
      return Error::Usage("--set " + set + ": " + parsed.error().message);
    const std::string& name = added.params.front().first;
    for (auto& v : variants) {
      if (std::ranges::any_of(v.knobs.params, [&](const auto& p) { return p.first == name; })) continue;
      v.knobs.params.push_back(added.params.front());
      AddKnobs(v, added);
    }
  }
  return OkStatus();
}

Status CheckVariants(const std::vector<Variant>& variants) {
  if (variants.size() < 2) {
    return Error::Usage(
        "compare needs at least two variants, the first being the baseline, e.g. --variant base= --variant "
        "noopt=--no-opt");
  }
  std::set<std::string> names;
  for (const auto& v : variants) {
    if (!names.insert(v.name).second) return Error::Usage("--variant " + v.name + " is given twice");
  }
  return OkStatus();
}

}  // namespace v8bench::driver
